// X: the guest-token activation (api.x.com), the web API's TweetResultByRestId (x.com), the embed
// API (cdn.syndication.twimg.com) and the video CDN. Payloads are built from the field paths of
// research/upstream-video.md §7.2 (no redistributable recording exists).
import { readFile } from 'node:fs/promises';
import { file, json, notFound, withTransportScenario, type Answer, type FixtureRequest } from '../answers';
import { mediaFile } from '../media';
import { hostileXMedia } from './hostile';
import type { HostModule } from './index';

const id = (n: number) => `18000000000000000${String(n).padStart(2, '0')}`;

export const X_IDS = {
  video: id(1),
  /** The tweet inside `TweetWithVisibilityResults`. */
  withVisibility: id(2),
  photo: id(3),
  gif: id(4),
  /** `duration_millis` 150000: refused before the video is fetched. */
  tooLongByDuration: id(5),
  /** No `duration_millis`; the video is 130 s long. */
  tooLongMedia: id(6),
  tombstone: id(7),
  protected: id(8),
  /** `tweetResult: {}`: no such post. */
  missing: id(9),
  /** The web API answers 429; the embed API has the post. */
  webRateLimited: id(10),
  /** Both APIs fail. */
  bothBlocked: id(11),
  /** The video file answers 403. */
  mediaBlocked: id(12),
  /** A retweet (`legacy.retweeted_status_result`) of `retweeted`; the retweet itself lists no media. */
  retweet: id(13),
  retweeted: id(14),
  /** A quote post without media of its own, quoting `quoted` (`quoted_status_result`), a video post. */
  quote: id(15),
  quoted: id(16),
  /** A post whose video is in its unified card (`card.legacy.binding_values` → `media_entities`). */
  card: id(17),
  /** Media: a video, a photo, a second video (`/video/3`, served as `second-…mp4`). */
  multiVideo: id(18),
  /** The web API answers 400 "features cannot be null"; the embed API 404. */
  featuresRefused: id(19),
  /** The web API rejects the first guest token of a server ("Bad guest token", 403) for this post. */
  guestRevoked: id(20),
  /** Age-restricted: `TweetUnavailable NsfwLoggedOut` to guests, the video post to a signed-in session. */
  signedInOnly: id(21),
} as const;

/** The session of a signed-in browser, as its exported cookies.txt holds it (hosts/x.ts checks these). */
export const X_SESSION = { authToken: 'f1x7ure0a11b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6', ct0: '0f1e2d3c4b5a69788796a5b4c3d2e1f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2' } as const;

// Guest tokens are numbered per server: `…01` is the first activation's. The feature switches the
// web API insists on (yt-dlp `_build_graphql_query`, 2026-08): a request without one of them is a 400.
const GUEST_TOKEN_BASE = 1857000000000000000n;
const guestTokenOf = (n: number) => String(GUEST_TOKEN_BASE + BigInt(n));
const isIssuedGuestToken = (token: unknown) => typeof token === 'string' && /^18570000000000\d{5}$/.test(token) && token !== String(GUEST_TOKEN_BASE);
const REQUIRED_FEATURES = [
  'creator_subscriptions_tweet_preview_api_enabled',
  'tweetypie_unmention_optimization_enabled',
  'responsive_web_edit_tweet_api_enabled',
  'graphql_is_translatable_rweb_tweet_is_translatable_enabled',
  'view_counts_everywhere_api_enabled',
  'longform_notetweets_consumption_enabled',
  'responsive_web_twitter_article_tweet_consumption_enabled',
  'tweet_awards_web_tipping_enabled',
  'freedom_of_speech_not_reach_fetch_enabled',
  'standardized_nudges_misinfo',
  'tweet_with_visibility_results_prefer_gql_limited_actions_policy_enabled',
  'longform_notetweets_rich_text_read_enabled',
  'longform_notetweets_inline_media_enabled',
  'responsive_web_graphql_exclude_directive_enabled',
  'verified_phone_label_enabled',
  'responsive_web_media_download_video_enabled',
  'responsive_web_graphql_skip_user_profile_image_extensions_enabled',
  'responsive_web_graphql_timeline_navigation_enabled',
  'responsive_web_enhance_cards_enabled',
];
const VIDEO = (tweetId: string) => `https://video.twimg.com/ext_tw_video/${tweetId}/pu/vid`;

function videoMedia(tweetId: string, durationMillis: number | undefined, name: 'clip' | 'long' | 'blocked' | 'second' = 'clip'): Record<string, unknown> {
  const base = VIDEO(tweetId);
  return {
    display_url: 'pic.x.com/fixture',
    expanded_url: `https://x.com/fixture/status/${tweetId}/video/1`,
    id_str: tweetId,
    media_key: `7_${tweetId}`,
    media_url_https: `https://pbs.twimg.com/ext_tw_video_thumb/${tweetId}/pu/img/thumb.jpg`,
    type: 'video',
    original_info: { height: 720, width: 1280 },
    video_info: {
      aspect_ratio: [16, 9],
      ...(durationMillis === undefined ? {} : { duration_millis: durationMillis }),
      variants: [
        { content_type: 'application/x-mpegURL', url: `${base}/pl/${name}.m3u8?tag=12` },
        { bitrate: 2176000, content_type: 'video/mp4', url: `${base}/avc1/1280x720/${name}-720.mp4?tag=12` },
        { bitrate: 256000, content_type: 'video/mp4', url: `${base}/avc1/320x180/${name}-180.mp4?tag=12` },
        { bitrate: 832000, content_type: 'video/mp4', url: `${base}/avc1/640x360/${name}-360.mp4?tag=12` },
      ],
    },
  };
}

const photoMedia = (tweetId: string) => ({ id_str: tweetId, media_key: `3_${tweetId}`, type: 'photo', media_url_https: 'https://pbs.twimg.com/media/fixture.jpg' });
const gifMedia = (tweetId: string) => ({
  id_str: tweetId,
  type: 'animated_gif',
  video_info: { aspect_ratio: [1, 1], variants: [{ bitrate: 0, content_type: 'video/mp4', url: `https://video.twimg.com/tweet_video/${tweetId}.mp4` }] },
});

const TEXT = 'The lighthouse at dusk, in our new short film https://t.co/AbCdEf1234';

function mediaOf(tweetId: string): Record<string, unknown>[] {
  // Posts whose video is on a hostile CDN (hosts/hostile.ts, HOSTILE_X_IDS).
  const hostileVideo = hostileXMedia(tweetId);
  if (hostileVideo !== undefined) return [hostileVideo];
  switch (tweetId) {
    case X_IDS.photo:
      return [photoMedia(tweetId)];
    case X_IDS.gif:
      return [gifMedia(tweetId)];
    case X_IDS.tooLongByDuration:
      return [videoMedia(tweetId, 150_000)];
    case X_IDS.tooLongMedia:
      return [videoMedia(tweetId, undefined, 'long')];
    case X_IDS.mediaBlocked:
      return [videoMedia(tweetId, 13_600, 'blocked')];
    case X_IDS.retweet:
    case X_IDS.quote:
    case X_IDS.card:
      return [];
    case X_IDS.multiVideo:
      return [videoMedia(tweetId, 13_600), photoMedia(tweetId), videoMedia(`${tweetId.slice(0, -2)}99`, 13_600, 'second')];
    default:
      return [photoMedia(tweetId), videoMedia(tweetId, 13_600)];
  }
}

/** The unified card of a "website" ad-style post: its video is one of `media_entities` (yt-dlp test `TopHeroes_/status/2001950365332455490`). */
function unifiedCard(tweetId: string): Record<string, unknown> {
  const mediaId = `${tweetId.slice(0, -2)}77`;
  const card = {
    type: 'video_website',
    component_objects: { media_1: { type: 'media', data: { id: mediaId } }, details_1: { type: 'details', data: { title: { content: 'Harbor Films', is_rtl: false } } } },
    destination_objects: { browser_1: { type: 'browser', data: { url_data: { url: 'https://harbor.example/films', vanity: 'harbor.example' } } } },
    media_entities: { [mediaId]: { ...videoMedia(mediaId, 13_600), id: Number(mediaId), media_key: `13_${mediaId}`, type: 'video' } },
  };
  return {
    rest_id: `card://${tweetId}`,
    legacy: {
      binding_values: [
        { key: 'unified_card', value: { string_value: JSON.stringify(card), type: 'STRING' } },
        { key: 'card_url', value: { scribe_key: 'card_url', string_value: 'https://t.co/CardFixture1', type: 'STRING' } },
      ],
      card_platform: { platform: { audience: { name: 'production' }, device: { name: 'Swift', version: '12' } } },
      name: 'unified_card',
      url: 'https://t.co/CardFixture1',
    },
  };
}

function tweet(tweetId: string, text = TEXT): Record<string, unknown> {
  const media = mediaOf(tweetId);
  const extra: Record<string, unknown> = {};
  const legacy: Record<string, unknown> = {
    created_at: 'Wed Jun 10 18:00:00 +0000 2026',
    full_text: text,
    favorite_count: 12,
    retweet_count: 3,
    reply_count: 1,
    possibly_sensitive: false,
    entities: media.length === 0 ? { hashtags: [], urls: [] } : { media },
    ...(media.length === 0 ? {} : { extended_entities: { media } }),
    id_str: tweetId,
  };
  if (tweetId === X_IDS.retweet) {
    legacy.full_text = `RT @harborfilms: ${TEXT}`;
    legacy.retweeted_status_result = { result: tweet(X_IDS.retweeted) };
  }
  if (tweetId === X_IDS.quote) {
    legacy.full_text = 'Watch this one to the end https://t.co/QuOtE12345';
    legacy.is_quote_status = true;
    legacy.quoted_status_id_str = X_IDS.quoted;
    extra.quoted_status_result = { result: tweet(X_IDS.quoted) };
  }
  if (tweetId === X_IDS.card) extra.card = unifiedCard(tweetId);
  return {
    __typename: 'Tweet',
    rest_id: tweetId,
    core: { user_results: { result: { __typename: 'User', core: { screen_name: 'harborfilms', name: 'Harbor Films' }, legacy: { screen_name: 'harborfilms', name: 'Harbor Films' } } } },
    ...extra,
    views: { count: '1234', state: 'EnabledWithCount' },
    legacy,
  };
}

const hasCookie = (req: FixtureRequest, name: string, value: string) => String(req.headers.cookie ?? '').split(/;\s*/).includes(`${name}=${value}`);

/** How the request is authorized: a signed-in session (cookies + csrf header), a guest token, or neither. */
function authorizationOf(req: FixtureRequest): 'session' | 'guest' | Answer {
  if (!String(req.headers.authorization ?? '').startsWith('Bearer AAAA')) return json({ errors: [{ code: 215, message: 'Bad Authentication data.' }] }, 400);
  if (hasCookie(req, 'auth_token', X_SESSION.authToken)) {
    // What X says when the cookie and the header disagree (or the header is missing).
    if (req.headers['x-csrf-token'] !== X_SESSION.ct0 || !hasCookie(req, 'ct0', X_SESSION.ct0)) return json({ errors: [{ code: 353, message: 'This request requires a matching csrf cookie and header.' }] }, 403);
    if (req.headers['x-twitter-auth-type'] !== 'OAuth2Session' || req.headers['x-guest-token'] !== undefined) return json({ errors: [{ code: 239, message: 'Bad guest token.' }] }, 403);
    return 'session';
  }
  return isIssuedGuestToken(req.headers['x-guest-token']) ? 'guest' : json({ errors: [{ code: 239, message: 'Bad guest token.' }] }, 403);
}

function graphqlAnswer(req: FixtureRequest): Answer {
  const auth = authorizationOf(req);
  if (typeof auth !== 'string') return auth;
  let tweetId: unknown;
  try {
    tweetId = (JSON.parse(req.url.searchParams.get('variables') ?? '{}') as { tweetId?: unknown }).tweetId;
  } catch {
    return json({ errors: [{ message: 'variables: invalid JSON' }] }, 400);
  }
  if (typeof tweetId !== 'string') return json({ errors: [{ message: 'variables.tweetId must be a string' }] }, 400);
  let features: Record<string, unknown> = {};
  try {
    features = JSON.parse(req.url.searchParams.get('features') ?? '{}') as Record<string, unknown>;
  } catch {
    return json({ errors: [{ message: 'features: invalid JSON' }] }, 400);
  }
  const missing = REQUIRED_FEATURES.filter((name) => typeof features[name] !== 'boolean');
  if (tweetId === X_IDS.featuresRefused) missing.push('responsive_web_grok_share_attachment_enabled');
  if (missing.length > 0) return json({ errors: [{ message: `The following features cannot be null: ${missing.join(', ')}`, extensions: { name: 'BadRequestError', source: 'Client', code: 336, kind: 'Validation' }, code: 336, kind: 'Validation', name: 'BadRequestError', source: 'Client' }] }, 400);
  if (tweetId === X_IDS.guestRevoked && req.headers['x-guest-token'] === guestTokenOf(1)) return json({ errors: [{ code: 239, message: 'Bad guest token.' }] }, 403);
  const result = (value: unknown) => json({ data: { tweetResult: value === undefined ? {} : { result: value } } });
  switch (tweetId) {
    case X_IDS.signedInOnly:
      return auth === 'session' ? result(tweet(tweetId)) : result({ __typename: 'TweetUnavailable', reason: 'NsfwLoggedOut' });
    case X_IDS.webRateLimited:
    case X_IDS.bothBlocked:
      return withTransportScenario('rate-limited', req, tweetId, () => json({}));
    case X_IDS.withVisibility:
      return result({ __typename: 'TweetWithVisibilityResults', tweet: tweet(tweetId), tweetInterstitial: null });
    case X_IDS.tombstone:
      return result({ __typename: 'TweetTombstone', tombstone: { __typename: 'TextTombstone', text: { text: 'This Post was deleted by the Post author. Learn more', entities: [] } } });
    case X_IDS.protected:
      return result({ __typename: 'TweetUnavailable', reason: 'Protected' });
    case X_IDS.missing:
      return result(undefined);
    default:
      return result(tweet(tweetId));
  }
}

function syndicationAnswer(req: FixtureRequest): Answer {
  const tweetId = req.url.searchParams.get('id') ?? '';
  if (req.url.searchParams.get('token') === null) return json({ error: 'token required' }, 400);
  if (tweetId === X_IDS.bothBlocked) return withTransportScenario('server-error', req, tweetId, () => json({}));
  if (tweetId === X_IDS.missing || tweetId === X_IDS.featuresRefused) return notFound('tweet');
  return json({ __typename: 'Tweet', id_str: tweetId, text: TEXT, lang: 'en', user: { screen_name: 'harborfilms', name: 'Harbor Films' }, mediaDetails: mediaOf(tweetId) });
}

async function videoAnswer(req: FixtureRequest): Promise<Answer> {
  const path = req.url.pathname;
  if (/\/blocked-\d+\.mp4$/.test(path)) return { status: 403, headers: { 'content-type': 'text/plain' }, body: 'Forbidden' };
  if (/\/long-\d+\.mp4$/.test(path)) return file(await readFile(await mediaFile(req.mediaDir, 'long-silent.mp4')), 'video/mp4');
  if (/\/(?:clip|second)-\d+\.mp4$/.test(path)) return file(await readFile(await mediaFile(req.mediaDir, 'clip.mp4')), 'video/mp4');
  return notFound(`X video ${path}`);
}

export const x: HostModule = {
  hosts: ['api.x.com', 'x.com', 'cdn.syndication.twimg.com', 'video.twimg.com'],
  handle(req) {
    if (req.host === 'api.x.com' && req.url.pathname === '/1.1/guest/activate.json' && req.method === 'POST') {
      return String(req.headers.authorization ?? '').startsWith('Bearer AAAA') ? json({ guest_token: guestTokenOf(req.count('x:activate')) }) : json({ errors: [{ code: 215, message: 'Bad Authentication data.' }] }, 400);
    }
    if (req.host === 'x.com' && /^\/i\/api\/graphql\/[\w-]+\/TweetResultByRestId$/.test(req.url.pathname)) return graphqlAnswer(req);
    if (req.host === 'cdn.syndication.twimg.com' && req.url.pathname === '/tweet-result') return syndicationAnswer(req);
    if (req.host === 'video.twimg.com') return videoAnswer(req);
    return notFound(`X ${req.host}${req.url.pathname}`);
  },
};
