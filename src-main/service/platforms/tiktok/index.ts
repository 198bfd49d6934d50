// shortform (TikTok): the video page's rehydration data → subtitle infos → WebVTT, SRT or the
// creator's JSON captions → one line per cue. Short links are followed by the upstream client;
// where they land names the item. A JavaScript challenge page is solved natively (challenge.ts),
// its cookie set, and the page fetched once more.
import type { VideoTranscriptBody } from '#shared/contract/api/index';
import { segmentsText } from '#service/captions/index';
import type { UpstreamClient, UpstreamResponse } from '#service/upstream/client';
import { fetchCaptionFile, type CaptionFile } from '../captionFile';
import { videoUrlsIfAny, withoutCaptions } from '../emptyTranscript';
import type { FetchFailure, FetchOutcome, PlatformFetcher } from '../fetcher';
import { noTranscript, statusFailure, upstreamFailure } from '../failures';
import { asString } from '../json';
import { fetchUpstream } from '../request';
import { landedItem } from '../shortLinks';
import { solveTikTokChallenge, type ChallengeCookie } from './challenge';
import { parseCreatorCaption } from './creatorCaption';
import { subtitleTrackOf, videoUrlsOf, type SubtitleTrack } from './item';
import { readTikTokPage } from './page';

const PRIVATE_POST = 10216;
const PRIVATE_ACCOUNT = 10222;
const IP_BLOCKED = 10204;
const COOKIE_ORIGIN = 'https://www.tiktok.com/';
/** TikTok's own script sets these for a second; long enough for one page fetch, cleared right after it. */
const CHALLENGE_COOKIE_SECONDS = 120;

type Page = { ok: true; response: UpstreamResponse } | { ok: false; failure: FetchFailure };

async function fetchPage(upstream: UpstreamClient, url: string, signal: AbortSignal): Promise<Page> {
  const fetched = await fetchUpstream(upstream, 'shortform', { url, signal, headers: { accept: 'text/html,application/xhtml+xml' } });
  if (!fetched.ok) return fetched;
  const page = fetched.response;
  if (new URL(page.url).pathname.startsWith('/login')) return { ok: false, failure: upstreamFailure('TikTok asked for a sign-in (it redirected to its login page)') };
  const refused = statusFailure('shortform', page, 'this video', { missingMeansGone: true });
  if (refused !== undefined) return { ok: false, failure: refused };
  return { ok: true, response: page };
}

const setCookies = (upstream: UpstreamClient, cookies: readonly ChallengeCookie[], maxAge: number) =>
  upstream.cookies.remember(
    'shortform',
    COOKIE_ORIGIN,
    cookies.map((c) => `${c.name}=${c.value}; Domain=.tiktok.com; Path=/; Secure; Max-Age=${maxAge}`),
  );

/** The captions file of the track, by its format; every failure is TikTok's (the page listed the track). */
async function fetchTrack(upstream: UpstreamClient, track: SubtitleTrack, signal: AbortSignal, referer: string): Promise<CaptionFile> {
  // TikTok's CDN checks where the request comes from.
  if (track.format !== 'creator_caption') return fetchCaptionFile(upstream, 'shortform', track.url, signal, { referer });
  const fetched = await fetchUpstream(upstream, 'shortform', { url: track.url, signal, headers: { accept: 'application/json, */*', referer } });
  if (!fetched.ok) return fetched;
  const refused = statusFailure('shortform', fetched.response, 'the captions file', { missingMeansGone: false });
  if (refused !== undefined) return { ok: false, failure: refused };
  const parsed = parseCreatorCaption(fetched.response.text());
  return parsed.ok ? parsed : { ok: false, failure: upstreamFailure(`TikTok's creator captions file is unreadable: ${parsed.detail}`) };
}

export function tiktokFetcher(deps: { upstream: UpstreamClient }): PlatformFetcher<'shortform'> {
  return {
    async fetch(requested, ctx): Promise<FetchOutcome<VideoTranscriptBody>> {
      const first = await fetchPage(deps.upstream, requested.normalizedUrl, ctx.signal);
      if (!first.ok) return { ok: false, ...first.failure };
      let page = first.response;
      const landing = landedItem('shortform', requested, page.url);
      if (!landing.ok) return { ok: false, ...landing.failure };
      const { item, resolvedKey } = landing;

      let read = readTikTokPage(page.text());
      if (read.kind === 'challenge') {
        const solved = await solveTikTokChallenge(page.text(), ctx.signal);
        if (!solved.ok) return { ok: false, ...upstreamFailure(`TikTok answered with a JavaScript challenge (bot check) and we could not solve TikTok's JavaScript challenge: ${solved.why}`) };
        setCookies(deps.upstream, solved.cookies, CHALLENGE_COOKIE_SECONDS);
        // Once, from where the first request landed: a short link is not followed twice.
        const again = await fetchPage(deps.upstream, page.url, ctx.signal).finally(() => setCookies(deps.upstream, solved.cookies, 0));
        if (!again.ok) return { ok: false, ...again.failure };
        page = again.response;
        read = readTikTokPage(page.text());
        if (read.kind === 'challenge') return { ok: false, ...upstreamFailure('TikTok showed its JavaScript challenge again after we solved it (a bot check that does not trust this client)') };
      }

      switch (read.kind) {
        case 'bot_wall':
          return { ok: false, ...upstreamFailure('TikTok showed a bot check instead of the video page (its "downgrade-mssdk" page without video data); try again later') };
        case 'no_data':
          return { ok: false, ...upstreamFailure("TikTok's page has no video data (its page layout may have changed)") };
        case 'malformed':
          return { ok: false, ...upstreamFailure("TikTok's video data is not valid JSON") };
        case 'status':
          if (read.code === PRIVATE_POST) return { ok: false, ...noTranscript('shortform', 'This TikTok video is private') };
          if (read.code === PRIVATE_ACCOUNT) return { ok: false, ...noTranscript('shortform', "This TikTok video's account is private") };
          if (read.code === IP_BLOCKED) return { ok: false, ...upstreamFailure(`TikTok says this machine's IP address is blocked (status ${IP_BLOCKED})`) };
          return { ok: false, ...noTranscript('shortform', `TikTok says this video is unavailable (status ${read.code}${read.message ? `: ${read.message}` : ''})`) };
        case 'item':
          break;
      }

      const struct = read.item;
      const answered = asString(struct.id);
      if (answered !== undefined && answered !== item.itemId) return { ok: false, ...upstreamFailure(`TikTok answered with another video (${answered} instead of ${item.itemId})`) };
      if (struct.video === undefined && struct.isContentClassified === true) {
        return { ok: false, ...noTranscript('shortform', 'TikTok hides this video from logged-out viewers (age-restricted or sensitive content)') };
      }
      const title = asString(struct.desc) ?? null;
      const videoUrls = videoUrlsIfAny(videoUrlsOf(struct));
      const track = subtitleTrackOf(struct);
      if (track === undefined) return withoutCaptions('shortform', videoUrls, title, resolvedKey, 'This TikTok video has no captions');

      const captions = await fetchTrack(deps.upstream, track, ctx.signal, page.url);
      if (!captions.ok) return { ok: false, ...captions.failure };
      if (captions.segments.length === 0) return withoutCaptions('shortform', videoUrls, title, resolvedKey, "This TikTok video's captions file has no cues");
      const transcript = segmentsText(captions.segments, '\n');
      return {
        ok: true,
        transcript: { body: { transcript, ...(videoUrls === undefined ? {} : { videoUrls }) }, text: transcript, segments: captions.segments, title, provenance: track.provenance, ...(resolvedKey === undefined ? {} : { resolvedKey }) },
      };
    },
  };
}
