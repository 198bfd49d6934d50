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
} as const;

const GUEST_TOKEN = '1857000000000000001';
const VIDEO = (tweetId: string) => `https://video.twimg.com/ext_tw_video/${tweetId}/pu/vid`;

function videoMedia(tweetId: string, durationMillis: number | undefined, name: 'clip' | 'long' | 'blocked' = 'clip'): Record<string, unknown> {
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
    default:
      return [photoMedia(tweetId), videoMedia(tweetId, 13_600)];
  }
}

function tweet(tweetId: string): Record<string, unknown> {
  return {
    __typename: 'Tweet',
    rest_id: tweetId,
    core: { user_results: { result: { __typename: 'User', core: { screen_name: 'harborfilms', name: 'Harbor Films' }, legacy: { screen_name: 'harborfilms', name: 'Harbor Films' } } } },
    views: { count: '1234', state: 'EnabledWithCount' },
    legacy: {
      created_at: 'Wed Jun 10 18:00:00 +0000 2026',
      full_text: TEXT,
      favorite_count: 12,
      retweet_count: 3,
      reply_count: 1,
      possibly_sensitive: false,
      entities: { media: mediaOf(tweetId) },
      extended_entities: { media: mediaOf(tweetId) },
      id_str: tweetId,
    },
  };
}

function graphqlAnswer(req: FixtureRequest): Answer {
  if (req.headers['x-guest-token'] !== GUEST_TOKEN || !String(req.headers.authorization ?? '').startsWith('Bearer ')) return json({ errors: [{ code: 239, message: 'Bad guest token.' }] }, 403);
  let tweetId: unknown;
  try {
    tweetId = (JSON.parse(req.url.searchParams.get('variables') ?? '{}') as { tweetId?: unknown }).tweetId;
  } catch {
    return json({ errors: [{ message: 'variables: invalid JSON' }] }, 400);
  }
  if (typeof tweetId !== 'string') return json({ errors: [{ message: 'variables.tweetId must be a string' }] }, 400);
  if (req.url.searchParams.get('features') === null) return json({ errors: [{ message: 'The following features cannot be null: …' }] }, 400);
  const result = (value: unknown) => json({ data: { tweetResult: value === undefined ? {} : { result: value } } });
  switch (tweetId) {
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
  if (tweetId === X_IDS.missing) return notFound('tweet');
  return json({ __typename: 'Tweet', id_str: tweetId, text: TEXT, lang: 'en', user: { screen_name: 'harborfilms', name: 'Harbor Films' }, mediaDetails: mediaOf(tweetId) });
}

async function videoAnswer(req: FixtureRequest): Promise<Answer> {
  const path = req.url.pathname;
  if (/\/blocked-\d+\.mp4$/.test(path)) return { status: 403, headers: { 'content-type': 'text/plain' }, body: 'Forbidden' };
  if (/\/long-\d+\.mp4$/.test(path)) return file(await readFile(await mediaFile(req.mediaDir, 'long-silent.mp4')), 'video/mp4');
  if (/\/clip-\d+\.mp4$/.test(path)) return file(await readFile(await mediaFile(req.mediaDir, 'clip.mp4')), 'video/mp4');
  return notFound(`X video ${path}`);
}

export const x: HostModule = {
  hosts: ['api.x.com', 'x.com', 'cdn.syndication.twimg.com', 'video.twimg.com'],
  handle(req) {
    if (req.host === 'api.x.com' && req.url.pathname === '/1.1/guest/activate.json' && req.method === 'POST') {
      return String(req.headers.authorization ?? '').startsWith('Bearer AAAA') ? json({ guest_token: GUEST_TOKEN }) : json({ errors: [{ code: 215, message: 'Bad Authentication data.' }] }, 400);
    }
    if (req.host === 'x.com' && /^\/i\/api\/graphql\/[\w-]+\/TweetResultByRestId$/.test(req.url.pathname)) return graphqlAnswer(req);
    if (req.host === 'cdn.syndication.twimg.com' && req.url.pathname === '/tweet-result') return syndicationAnswer(req);
    if (req.host === 'video.twimg.com') return videoAnswer(req);
    return notFound(`X ${req.host}${req.url.pathname}`);
  },
};
