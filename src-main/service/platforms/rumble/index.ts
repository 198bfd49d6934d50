// openvideo (Rumble): the page names the player's embed id → `embedJS/u3/?request=video` JSON →
// `cc` (WebVTT per language) → one line per cue (research/upstream-video.md §6.2).
import type { Provenance } from '#shared/contract/provenance';
import type { TextBody } from '#shared/contract/api/index';
import { decodeEntities } from '#service/captions/text';
import { segmentsText } from '#service/captions/index';
import type { UpstreamClient } from '#service/upstream/client';
import { fetchCaptionFile } from '../captionFile';
import type { FetchOutcome, PlatformFetcher } from '../fetcher';
import { noTranscript, statusFailure, upstreamFailure } from '../failures';
import { HtmlPage } from '../html';
import { asArray, asObject, asString, at, httpUrl, parseJson, type JsonObject } from '../json';
import { fetchUpstream } from '../request';

// Publishers' players carry their id before the video's (`/embed/ufe9n.v5pv5f/`); the embed API
// wants the video's alone (yt-dlp: `/embed/(?:[0-9a-z]+\.)?(?P<id>…)`).
const EMBED_PATH = /\/embed\/(?:[0-9a-z]+\.)?(v[0-9a-z]+)\b/i;

/** The embed id, which differs from the page id: oEmbed link, JSON-LD, the player call, an iframe. */
export function embedIdOf(page: HtmlPage): string | undefined {
  for (const link of page.all('link')) {
    const href = link.href ?? '';
    if (!href.includes('oembed')) continue;
    // The oEmbed link carries the embed URL percent-encoded in its `url` parameter.
    const target = /[?&]url=([^&]+)/.exec(href)?.[1] ?? '';
    let decoded = target;
    try {
      decoded = decodeURIComponent(target);
    } catch {
      // A broken escape: look at it as it is.
    }
    const match = EMBED_PATH.exec(decoded);
    if (match) return match[1];
  }
  for (const script of page.scriptsOfType('application/ld+json')) {
    const parsed = parseJson(script);
    if (!parsed.ok) continue;
    for (const entry of Array.isArray(parsed.value) ? parsed.value : [parsed.value]) {
      const match = EMBED_PATH.exec(asString(at(entry, 'embedUrl')) ?? '');
      if (match) return match[1];
    }
  }
  for (const script of page.inlineScripts()) {
    const match = /Rumble\(\s*["']play["']\s*,\s*\{[^}]*?["']video["']\s*:\s*["'](?:[0-9a-z]+\.)?(v[0-9a-z]+)["']/i.exec(script);
    if (match) return match[1];
  }
  for (const frame of page.all('iframe')) {
    const match = EMBED_PATH.exec(frame.src ?? '');
    if (match) return match[1];
  }
  return undefined;
}

/**
 * English first (the page language of most of Rumble), else the first language listed. Rumble's
 * `cc` names the language (its key) but not who made the file: counted as automatic captions,
 * the weaker claim, rather than promising the creator wrote them.
 */
function captionsOf(video: JsonObject): { url: string; provenance: Provenance } | undefined {
  const cc = asObject(video.cc);
  if (cc === undefined) return undefined;
  const entries = Object.entries(cc).filter(([, value]) => httpUrl(at(value, 'path')) !== undefined);
  const english = entries.find(([code, value]) => code.toLowerCase().startsWith('en') || /english/i.test(asString(at(value, 'language')) ?? ''));
  const chosen = english ?? entries[0];
  const url = chosen === undefined ? undefined : httpUrl(at(chosen[1], 'path'));
  return chosen === undefined || url === undefined ? undefined : { url, provenance: { kind: 'auto-captions', language: chosen[0] } };
}

export function rumbleFetcher(deps: { upstream: UpstreamClient }): PlatformFetcher<'openvideo'> {
  return {
    async fetch(item, ctx): Promise<FetchOutcome<TextBody>> {
      const fetchedPage = await fetchUpstream(deps.upstream, 'openvideo', { url: item.normalizedUrl, signal: ctx.signal, headers: { accept: 'text/html,application/xhtml+xml' } });
      if (!fetchedPage.ok) return { ok: false, ...fetchedPage.failure };
      const pageRefused = statusFailure('openvideo', fetchedPage.response, 'this video', { missingMeansGone: true });
      if (pageRefused !== undefined) return { ok: false, ...pageRefused };
      const page = new HtmlPage(fetchedPage.response.text());
      const embedId = embedIdOf(page);
      if (embedId === undefined) return { ok: false, ...upstreamFailure("Rumble's page does not name the video's embed id (its page layout may have changed)") };

      const api = `https://rumble.com/embedJS/u3/?request=video&ver=2&v=${encodeURIComponent(embedId)}`;
      const fetchedVideo = await fetchUpstream(deps.upstream, 'openvideo', { url: api, signal: ctx.signal, headers: { accept: 'application/json', referer: item.normalizedUrl } });
      if (!fetchedVideo.ok) return { ok: false, ...fetchedVideo.failure };
      const apiRefused = statusFailure('openvideo', fetchedVideo.response, 'the video data', { missingMeansGone: false });
      if (apiRefused !== undefined) return { ok: false, ...apiRefused };
      const parsed = parseJson(fetchedVideo.response.text());
      if (!parsed.ok) return { ok: false, ...upstreamFailure("Rumble's video data is not valid JSON") };
      // `false` is how the embed API says there is no such video.
      if (parsed.value === false) return { ok: false, ...noTranscript('openvideo', 'Rumble has no video behind this page (it may have been removed)') };
      const video = asObject(parsed.value);
      if (video === undefined) return { ok: false, ...upstreamFailure("Rumble's video data is not the object it should be") };

      const chosen = captionsOf(video);
      if (chosen === undefined) {
        const none = asArray(video.cc).length === 0 ? 'This Rumble video has no captions' : 'This Rumble video lists captions without a file';
        return { ok: false, ...noTranscript('openvideo', none) };
      }
      const captions = await fetchCaptionFile(deps.upstream, 'openvideo', chosen.url, ctx.signal, { referer: 'https://rumble.com/' });
      if (!captions.ok) return { ok: false, ...captions.failure };
      if (captions.segments.length === 0) return { ok: false, ...noTranscript('openvideo', "This Rumble video's captions file has no cues") };
      const transcript = segmentsText(captions.segments, '\n');
      const title = asString(video.title) === undefined ? (page.meta('og:title') ?? null) : decodeEntities(asString(video.title) ?? '');
      return { ok: true, transcript: { body: { transcript }, text: transcript, segments: captions.segments, title, provenance: chosen.provenance } };
    },
  };
}
