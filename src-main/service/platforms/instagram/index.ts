// reels (Instagram): the logged-out web flow (research/upstream-video.md §3.2): the home page gives
// an LSD token and a csrftoken cookie → `api/graphql` PolarisLoggedOutDesktopWWWPostRootContentQuery
// with the media id the shortcode encodes → `video_versions` → speech-to-text (Instagram exposes no
// captions). Private posts and posts Instagram gates for visitors are 404; being sent to the login
// page is Instagram's rate limit for anonymous visitors, a 502.
import type { SpeechToText } from '../../stt/index';
import type { UpstreamClient } from '../../upstream/client';
import type { FetchFailure, FetchOutcome, PlatformFetcher } from '../fetcher';
import { noTranscript, statusFailure, upstreamFailure } from '../failures';
import { HtmlPage } from '../html';
import { asObject, asString, at, parseJson, type JsonObject } from '../json';
import { fetchUpstream } from '../request';
import { transcribeSpeech } from '../speech';
import { mediaIdOf, videoOf } from './media';

const HOME = 'https://www.instagram.com/';
export const GRAPHQL_URL = 'https://www.instagram.com/api/graphql';
const APP_ID = '936619743392459';
const DOC_ID = '27130156389949648';
const QUERY_NAME = 'PolarisLoggedOutDesktopWWWPostRootContentQuery';
const LOGIN_WALL = 'Instagram sent its login page instead of the post: it limits how many posts a visitor who is not signed in may see from one address. Try again later';

type Session = { ok: true; lsd: string; csrf: string | undefined } | { ok: false; failure: FetchFailure };

/** The LSD token: `<script id="__eqmc">{"l": …}` on current pages, `["LSD",[],{"token":…}]` on older ones. */
export function lsdTokenOf(html: string): string | undefined {
  const page = new HtmlPage(html);
  const eqmc = page.scriptById('__eqmc');
  const parsed = eqmc === undefined ? undefined : parseJson(eqmc);
  const fromEqmc = parsed?.ok === true ? asString(at(parsed.value, 'l')) : undefined;
  return fromEqmc ?? /\["LSD",\[\],\{"token":"([^"]+)"/.exec(html)?.[1];
}

const isLoginPage = (url: string) => /^\/accounts\/login/.test(new URL(url).pathname);

async function openSession(deps: { upstream: UpstreamClient }, signal: AbortSignal): Promise<Session> {
  const fetched = await fetchUpstream(deps.upstream, 'reels', { url: HOME, signal, headers: { accept: 'text/html,application/xhtml+xml' } });
  if (!fetched.ok) return fetched;
  if (isLoginPage(fetched.response.url)) return { ok: false, failure: upstreamFailure(LOGIN_WALL) };
  const refused = statusFailure('reels', fetched.response, 'its home page', { missingMeansGone: false });
  if (refused !== undefined) return { ok: false, failure: refused };
  const lsd = lsdTokenOf(fetched.response.text());
  if (lsd === undefined) return { ok: false, failure: upstreamFailure("Instagram's home page has no LSD token (its page layout may have changed)") };
  const cookies = deps.upstream.cookies.header('reels', HOME) ?? '';
  return { ok: true, lsd, csrf: /(?:^|;\s*)csrftoken=([^;]+)/.exec(cookies)?.[1] };
}

/** The post's media object, or why there is none. */
async function queryMedia(deps: { upstream: UpstreamClient }, session: { lsd: string; csrf: string | undefined }, mediaId: string, referer: string, signal: AbortSignal): Promise<{ ok: true; media: JsonObject } | { ok: false; failure: FetchFailure }> {
  const form = new URLSearchParams({ lsd: session.lsd, fb_api_caller_class: 'RelayModern', fb_api_req_friendly_name: QUERY_NAME, server_timestamps: 'true', variables: JSON.stringify({ media_id: mediaId }), doc_id: DOC_ID });
  const fetched = await fetchUpstream(deps.upstream, 'reels', {
    url: GRAPHQL_URL,
    method: 'POST',
    body: form.toString(),
    signal,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      accept: '*/*',
      origin: 'https://www.instagram.com',
      referer,
      'x-ig-app-id': APP_ID,
      'x-asbd-id': '359341',
      'x-ig-www-claim': '0',
      'x-fb-lsd': session.lsd,
      'x-fb-friendly-name': QUERY_NAME,
      'x-requested-with': 'XMLHttpRequest',
      ...(session.csrf === undefined ? {} : { 'x-csrftoken': session.csrf }),
    },
  });
  if (!fetched.ok) return fetched;
  const response = fetched.response;
  if (isLoginPage(response.url)) return { ok: false, failure: upstreamFailure(LOGIN_WALL) };
  const parsed = parseJson(response.text());
  if (parsed.ok && at(parsed.value, 'require_login') === true) return { ok: false, failure: upstreamFailure(LOGIN_WALL) };
  const refused = statusFailure('reels', response, 'this post', { missingMeansGone: false });
  if (refused !== undefined) return { ok: false, failure: refused };
  if (!parsed.ok) return { ok: false, failure: upstreamFailure("Instagram's answer about the post is not valid JSON (a block page, or its API changed)") };

  const data = asObject(at(parsed.value, 'data'));
  if (data === undefined) return { ok: false, failure: upstreamFailure("Instagram's answer about the post has no data (its API may have changed)") };
  if (data.xig_polaris_media === null) return { ok: false, failure: noTranscript('reels', 'Instagram says this post does not exist (it may have been deleted)') };
  const polaris = asObject(data.xig_polaris_media);
  if (polaris === undefined) return { ok: false, failure: upstreamFailure("Instagram's answer about the post has no media (its API may have changed)") };
  const media = asObject(polaris.if_not_gated_logged_out);
  if (media === undefined) return { ok: false, failure: noTranscript('reels', 'This Instagram post is private or only shown to signed-in users') };
  return { ok: true, media };
}

export function instagramFetcher(deps: { upstream: UpstreamClient; stt: SpeechToText }): PlatformFetcher {
  return {
    async fetch(item, ctx): Promise<FetchOutcome> {
      if (item.parts?.kind === 'story') return { ok: false, ...noTranscript('reels', 'Instagram stories are not supported: they expire and are only shown to signed-in users') };
      const mediaId = mediaIdOf(item.itemId);
      if (mediaId === undefined) return { ok: false, ...noTranscript('reels', 'This shortcode names no Instagram post') };
      const session = await openSession(deps, ctx.signal);
      if (!session.ok) return { ok: false, ...session.failure };
      const found = await queryMedia(deps, session, mediaId, item.normalizedUrl, ctx.signal);
      if (!found.ok) return { ok: false, ...found.failure };

      const video = videoOf(found.media);
      if (video === undefined) return { ok: false, ...noTranscript('reels', 'This Instagram post has no video') };
      // Instagram's CDN refuses media requests that do not come from its site.
      const spoken = await transcribeSpeech(deps.stt, 'reels', { mediaUrl: video.url, taskKey: `reels:${item.canonicalKey}`, signal: ctx.signal, headers: { referer: 'https://www.instagram.com/' } });
      if (!spoken.ok) return { ok: false, ...spoken.failure };

      const id = asString(found.media.pk) ?? asString(found.media.id)?.split('_')[0] ?? mediaId;
      const body = { success: true, transcripts: [{ id, shortcode: item.itemId, text: spoken.text }] };
      const caption = asString(at(found.media, 'caption', 'text'))?.split('\n')[0]?.trim();
      return { ok: true, transcript: { body, text: spoken.text, segments: spoken.segments, title: caption === undefined || caption === '' ? null : caption.slice(0, 120) } };
    },
  };
}
