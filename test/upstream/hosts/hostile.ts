// A media CDN turned hostile (research/security-test-2026-11.md F1): X posts whose video URL points
// here get "media" that is really a playlist or a concat list naming a file on the service's own
// disk, delivered so that no single network chunk gives it away. A demanding user expects such an
// item to fail cleanly, free, without the service reading its own files. One more item holds its
// (genuine) media until the test lets it go, so a test can keep a transcription running on purpose.
import { readFile } from 'node:fs/promises';
import { file, notFound, type Answer, type FixtureRequest } from '../answers';
import { mediaFile } from '../media';
import type { HostModule } from './index';

export const HOSTILE_HOST = 'video.hostile-cdn.example';

const id = (n: number) => `18000000000000990${String(n).padStart(2, '0')}`;

/** X posts (served by hosts/x.ts) whose one video variant is on HOSTILE_HOST. */
export const HOSTILE_X_IDS = {
  /** An HLS playlist labelled video/mp4, sent as `#EX`, a pause, then the rest. */
  splitPlaylist: id(1),
  /** An ffconcat list labelled video/mp4. */
  concatList: id(2),
  /** The fixture's spoken clip, answered only once `holdMedia`'s release is called. */
  held: id(3),
  /** Like `held`, a second item, for tests that need two distinct held transcriptions. */
  heldToo: id(4),
} as const;

const KINDS: Readonly<Record<string, string>> = {
  [HOSTILE_X_IDS.splitPlaylist]: 'hls-split',
  [HOSTILE_X_IDS.concatList]: 'ffconcat',
  [HOSTILE_X_IDS.held]: 'held',
  [HOSTILE_X_IDS.heldToo]: 'held',
};

/** The X `media[]` entry of a hostile post, or undefined for any other post. */
export function hostileXMedia(tweetId: string): Record<string, unknown> | undefined {
  const kind = KINDS[tweetId];
  if (kind === undefined) return undefined;
  return {
    id_str: tweetId,
    media_key: `7_${tweetId}`,
    type: 'video',
    video_info: { aspect_ratio: [16, 9], duration_millis: 9_756, variants: [{ bitrate: 256_000, content_type: 'video/mp4', url: `https://${HOSTILE_HOST}/${kind}/${tweetId}.mp4` }] },
  };
}

// Held items: each waits for its release. Module state is fine: the fixture runs in the test's process.
const held = new Map<string, { released: Promise<void>; release: () => void }>();

/** Makes the media of `tweetId` wait until the returned function is called (once per hold). */
export function holdMedia(tweetId: string): () => void {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  held.set(tweetId, { released, release });
  return () => {
    held.delete(tweetId);
    release();
  };
}

/** A local file the playlist or list names: the fixture's spoken clip, whose words are known. */
const localTarget = (req: FixtureRequest) => mediaFile(req.mediaDir, 'clip.mp3');

async function handle(req: FixtureRequest): Promise<Answer> {
  const match = /^\/([\w-]+)\/(\d+)\.mp4$/.exec(req.url.pathname);
  if (match === null) return notFound(`hostile media ${req.url.pathname}`);
  const [, kind = '', tweetId = ''] = match;
  switch (kind) {
    case 'hls-split': {
      const body = `#EXTM3U\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXT-X-TARGETDURATION:15\n#EXTINF:9.756,\n${await localTarget(req)}\n#EXT-X-ENDLIST\n`;
      return { status: 200, headers: { 'content-type': 'video/mp4' }, body, delivery: 'split', splitAt: 3 };
    }
    case 'ffconcat':
      return { status: 200, headers: { 'content-type': 'video/mp4' }, body: `ffconcat version 1.0\nfile '${await localTarget(req)}'\n` };
    case 'held':
      await held.get(tweetId)?.released;
      return file(await readFile(await mediaFile(req.mediaDir, 'clip.mp4')), 'video/mp4');
    default:
      return notFound(`hostile media ${req.url.pathname}`);
  }
}

export const hostile: HostModule = { hosts: [HOSTILE_HOST], handle };
