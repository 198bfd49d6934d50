// kick.com's clip API (`/api/v2/clips/<id>/play`) and the clips CDN. The HLS clip serves the
// synthesized sample of test/fixtures/clips_a/ unchanged; the other clips are that object with
// their own id, media and duration (research/upstream-clips-podcast.md §1).
import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { CLOUDFLARE_CHALLENGE, file, isTransportScenario, json, notFound, text, withTransportScenario, type Answer, type FixtureRequest, type TransportScenario } from '../answers';
import { mediaFile } from '../media';
import type { HostModule } from './index';

const SAMPLE_TEXT = readFileSync(resolve(__dirname, '../../fixtures/clips_a/kick-v2-clips-play.SYNTHESIZED.json'), 'utf8');
const SAMPLE = JSON.parse(SAMPLE_TEXT) as { clip: Record<string, unknown> };

const id = (n: number) => `clip_01JF1XTVRE${String(n).padStart(16, '0')}`;

export const KICK_IDS = {
  /** The sample: `clip_url` an HLS master playlist. */
  hls: 'clip_01J8RGZRKHXHXXKJEHGRM932A5',
  /** A 2023-style clip: `clip_url` a direct MP4. */
  mp4: id(1),
  /** The API says 150 s: refused before any media is fetched. */
  tooLongByDuration: id(2),
  /** No duration in the API; the media is 130 s long. */
  tooLongMedia: id(3),
  /** HTTP 404 `{"message": …}`. */
  deleted: id(4),
  /** HTTP 200 `{"clip": null}`. */
  nullClip: id(5),
  cloudflare: id(6),
  /** The clip's media answers 404. */
  mediaGone: id(7),
  rateLimited: id(8),
  serverError: id(9),
  /**
   * A clip the API shows only to its signed-in owner (`Authorization: Bearer <session_token>`);
   * anonymous callers get the 404 of a missing clip. Its `privacy` is not PUBLIC (the value is made
   * up: the service must not judge it, the API already decided).
   */
  ownerOnly: id(10),
} as const;

/** A signed-in browser's `session_token` cookie as cookies.txt holds it (URL-encoded), and the bearer Kick expects. */
export const KICK_SESSION = { cookie: '184467%7CFx7rEkIcKsEsSiOnToKeN0123456789abcdefGHIJ', bearer: '184467|Fx7rEkIcKsEsSiOnToKeN0123456789abcdefGHIJ' } as const;

const CDN = 'https://clips.kick.com/clips';

function clipOf(clipId: string, overrides: Record<string, unknown>): Answer {
  return json({ clip: { ...SAMPLE.clip, id: clipId, ...overrides } });
}

type Scenario = 'owner-only' | 'hls' | 'mp4' | 'too-long-by-duration' | 'too-long-media' | 'deleted' | 'null-clip' | 'cloudflare' | 'media-gone' | Exclude<TransportScenario, 'rate-limited-once' | 'slow-body' | 'truncated'>;

const SCENARIOS: Readonly<Record<string, Scenario>> = {
  [KICK_IDS.hls]: 'hls',
  [KICK_IDS.mp4]: 'mp4',
  [KICK_IDS.tooLongByDuration]: 'too-long-by-duration',
  [KICK_IDS.tooLongMedia]: 'too-long-media',
  [KICK_IDS.deleted]: 'deleted',
  [KICK_IDS.nullClip]: 'null-clip',
  [KICK_IDS.cloudflare]: 'cloudflare',
  [KICK_IDS.mediaGone]: 'media-gone',
  [KICK_IDS.rateLimited]: 'rate-limited',
  [KICK_IDS.serverError]: 'server-error',
  [KICK_IDS.ownerOnly]: 'owner-only',
};

function apiAnswer(req: FixtureRequest, clipId: string): Answer {
  const scenario = SCENARIOS[clipId.toUpperCase().replace(/^CLIP_/, 'clip_')] ?? 'deleted';
  if (isTransportScenario(scenario)) return withTransportScenario(scenario, req, `kick:${clipId}`, () => notFound('clip'));
  const authorization = req.headers.authorization;
  // Kick answers a bearer it does not know like Laravel does, whatever the clip.
  if (authorization !== undefined && authorization !== `Bearer ${KICK_SESSION.bearer}`) return json({ message: 'Unauthenticated.' }, 401);
  switch (scenario) {
    case 'owner-only':
      return authorization === undefined ? json({ message: 'Clip not found' }, 404) : clipOf(clipId, { clip_url: `${CDN}/5c2e7a10-3f4b-4d6e-8a9b-0c1d2e3f4a5b.mp4`, video_url: `${CDN}/5c2e7a10-3f4b-4d6e-8a9b-0c1d2e3f4a5b.mp4`, duration: 13, privacy: 'CLIP_PRIVACY_PRIVATE' });
    case 'hls':
      return text(SAMPLE_TEXT, 'application/json');
    case 'mp4':
      return clipOf(clipId, { clip_url: `${CDN}/4b7e0d2a-8f55-4c0e-9d55-2f3a51c7e9a1.mp4`, video_url: `${CDN}/4b7e0d2a-8f55-4c0e-9d55-2f3a51c7e9a1.mp4`, duration: 13 });
    case 'too-long-by-duration':
      return clipOf(clipId, { clip_url: `${CDN}/a1/${clipId}/playlist.m3u8`, duration: 150 });
    case 'too-long-media':
      return clipOf(clipId, { clip_url: `${CDN}/c0/${clipId}/long.mp4`, video_url: null, duration: null });
    case 'media-gone':
      return clipOf(clipId, { clip_url: `${CDN}/d4/${clipId}/gone.mp4`, duration: 20 });
    case 'deleted':
      return json({ message: 'Clip not found' }, 404);
    case 'null-clip':
      return json({ clip: null });
    case 'cloudflare':
      return CLOUDFLARE_CHALLENGE;
  }
}

/** The master playlist Kick serves: two renditions of the same clip (the fetch takes the cheaper). */
const MASTER = '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=2400000,RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2"\n720p/playlist.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=600000,RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2"\n360p/playlist.m3u8\n';

async function cdnAnswer(req: FixtureRequest): Promise<Answer> {
  const path = req.url.pathname;
  if (path.endsWith('/gone.mp4')) return notFound('clip media');
  if (path.endsWith('/long.mp4')) return file(await readFile(await mediaFile(req.mediaDir, 'long-silent.mp4')), 'video/mp4');
  if (path.endsWith('.mp4')) return file(await readFile(await mediaFile(req.mediaDir, 'clip.mp4')), 'video/mp4');
  const hls = /\/clip_\w+\/(?:(\d+p)\/)?(playlist\.m3u8|seg\d+\.ts)$/.exec(path);
  if (hls === null) return notFound(`Kick clip file ${path}`);
  const [, rendition, name] = hls as unknown as [string, string | undefined, string];
  if (rendition === undefined) return name === 'playlist.m3u8' ? text(MASTER, 'application/vnd.apple.mpegurl') : notFound('segment');
  const dir = await mediaFile(req.mediaDir, 'clip-hls');
  return file(await readFile(join(dir, name)), name.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t');
}

export const kick: HostModule = {
  hosts: ['kick.com', 'www.kick.com', 'clips.kick.com'],
  handle(req) {
    if (req.host === 'clips.kick.com') return cdnAnswer(req);
    const api = /^\/api\/v2\/clips\/([\w-]+)(?:\/play)?$/.exec(req.url.pathname);
    if (api) return apiAnswer(req, api[1] as string);
    return notFound(`Kick page ${req.url.pathname}`);
  },
};
