// The `/p/<shortcode>/` page as a visitor gets it: its `<script data-sjs>` blobs carry
// RelayPrefetchedStreamCache results, one of them `data.xig_polaris_media` for the post (yt-dlp's
// fallback since 2026-06, reliable without a browser's TLS) or, on some pages,
// `data.xdt_api__v1__media__shortcode__web_info.items[0]`.
import type { UpstreamClient } from '#service/upstream/client';
import { noTranscript } from '../failures';
import { HtmlPage } from '../html';
import { asArray, asObject, asString, at, parseJson, type JsonObject } from '../json';
import { fetchUpstream } from '../request';
import { blockOf, type SourceAnswer } from './source';

/** `__bbox.result.data` of every RelayPrefetchedStreamCache entry under a data-sjs blob. */
function relayData(blob: unknown, inRelay = false, found: JsonObject[] = []): JsonObject[] {
  if (Array.isArray(blob)) {
    const relay = inRelay || blob[0] === 'RelayPrefetchedStreamCache';
    for (const entry of blob) relayData(entry, relay, found);
    return found;
  }
  const object = asObject(blob);
  if (object === undefined) return found;
  const data = asObject(at(object, '__bbox', 'result', 'data'));
  if (inRelay && data !== undefined) found.push(data);
  for (const child of Object.values(object)) relayData(child, inRelay, found);
  return found;
}

/** The post's media in the page's relay data; other posts' media (a page may list some) do not count. */
export function mediaInPage(html: string, shortcode: string): JsonObject | undefined {
  const page = new HtmlPage(html);
  for (const blob of page.scriptsWith('data-sjs')) {
    if (!blob.includes('RelayPrefetchedStreamCache')) continue;
    // One blob that does not parse is skipped: the others may still hold the post.
    const parsed = parseJson(blob);
    if (!parsed.ok) continue;
    for (const data of relayData(parsed.value)) {
      const media = asObject(at(data, 'xig_polaris_media', 'if_not_gated_logged_out')) ?? asObject(asArray(at(data, 'xdt_api__v1__media__shortcode__web_info', 'items'))[0]);
      const code = asString(media?.code);
      if (media !== undefined && (code === undefined || code === shortcode)) return media;
    }
  }
  return undefined;
}

export async function fetchPostPage(upstream: UpstreamClient, shortcode: string, signal: AbortSignal): Promise<SourceAnswer> {
  const fetched = await fetchUpstream(upstream, 'reels', { url: `https://www.instagram.com/p/${shortcode}/`, signal, headers: { accept: 'text/html,application/xhtml+xml' } });
  if (!fetched.ok) return { kind: 'blocked', failure: fetched.failure };
  const response = fetched.response;
  const blocked = blockOf(response);
  if (blocked !== undefined) return blocked;
  // The post's own page missing is Instagram saying the post does not exist.
  if (response.status === 404 || response.status === 410) return { kind: 'said', failure: noTranscript('reels', `Instagram says this post does not exist (its page answers HTTP ${response.status}; it may have been deleted)`) };
  if (response.status < 200 || response.status >= 300) return { kind: 'empty', why: `HTTP ${response.status}` };
  const media = mediaInPage(response.text(), shortcode);
  return media === undefined ? { kind: 'empty', why: 'no media in its relay data' } : { kind: 'media', media };
}
