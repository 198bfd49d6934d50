// ffprobe and ffmpeg as speech-to-text runs them (research F1): a file that is really a playlist or
// a list of other files is refused, whatever it is called, while the containers people transcribe
// (`transcribe <file>`, downloaded clips and episodes) keep their duration and decode.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeToPcmFile } from '#service/stt/audio/decode';
import { probeMedia } from '#service/stt/audio/probe';
import { SAMPLE_RATE } from '#service/stt/audio/tools';
import { isSttError } from '#service/stt/errors';
import { ffmpeg } from '../helpers/speech';

let dir: string;
/** A local MP3 of a 3 s tone: what a crafted list would make ffmpeg read. */
let secret: string;

const TONE_SECONDS = 3;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'td-demuxers-'));
  secret = join(dir, 'private-note.mp3');
  ffmpeg(['-f', 'lavfi', '-i', `sine=f=440:d=${TONE_SECONDS}`, secret]);
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Each crafted file, and what the refusal tells the user it is. */
const crafted = {
  'an HLS playlist': { text: () => `#EXTM3U\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXT-X-TARGETDURATION:15\n#EXTINF:${TONE_SECONDS}.0,\n${secret}\n#EXT-X-ENDLIST\n`, said: /it is an HLS playlist/ },
  'an HLS playlist with a file: URL': { text: () => `#EXTM3U\n#EXT-X-TARGETDURATION:15\n#EXTINF:${TONE_SECONDS}.0,\nfile:${secret}\n#EXT-X-ENDLIST\n`, said: /it is an HLS playlist/ },
  'an ffconcat list': { text: () => `ffconcat version 1.0\nfile '${secret}'\n`, said: /it is an ffconcat list/ },
} as const;

async function failure(work: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isSttError(error), `expected a refusal, got ${String(error)}`).toBe(true);
  return { code: (error as { code: string }).code, message: (error as Error).message };
}

describe('a downloaded file that names other files', () => {
  it.each(Object.keys(crafted) as (keyof typeof crafted)[])('%s, named "media" as downloads are: probing and decoding refuse it as bad media', async (kind) => {
    const folder = mkdtempSync(join(dir, 'dl-'));
    const media = join(folder, 'media');
    writeFileSync(media, crafted[kind].text());

    const probed = await failure(probeMedia(media));
    expect(probed.code).toBe('bad_media');
    expect(probed.message).toMatch(crafted[kind].said);
    const decoded = await failure(decodeToPcmFile(media, join(folder, 'audio.pcm')));
    expect(decoded.code).toBe('bad_media');
  });

  it('the same playlist with a .m3u8 name is refused too', async () => {
    const folder = mkdtempSync(join(dir, 'named-'));
    const media = join(folder, 'playlist.m3u8');
    writeFileSync(media, crafted['an HLS playlist'].text());
    expect(await failure(probeMedia(media))).toMatchObject({ code: 'bad_media' });
  });
});

describe('the containers people transcribe still probe and decode', () => {
  // [file name, extra ffmpeg output arguments]: audio-only and video containers alike.
  const formats: [string, string[]][] = [
    ['a.mp3', []],
    ['a.m4a', []],
    ['a.wav', []],
    ['a.ogg', []],
    ['a.opus', []],
    ['a.flac', []],
    ['a.aac', []],
    ['a.webm', []],
    ['a.mkv', []],
    ['a.wma', []],
    ['a.aiff', []],
  ];
  const videos: [string, string[]][] = [
    ['v.mp4', ['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac']],
    ['v.ts', ['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac', '-f', 'mpegts']],
    ['v.webm', ['-c:v', 'libvpx', '-deadline', 'realtime', '-c:a', 'libopus']],
    ['v.flv', ['-c:a', 'aac']],
    ['v.avi', []],
    ['v.mov', ['-c:v', 'libx264', '-preset', 'ultrafast', '-c:a', 'aac']],
    ['v.mpg', ['-r', '25', '-c:a', 'mp2']],
  ];

  it.each(formats)('%s', async (name, args) => {
    const file = join(dir, name);
    ffmpeg(['-f', 'lavfi', '-i', `sine=f=300:d=${TONE_SECONDS}`, ...args, file]);
    await expectReadable(file);
  });

  it.each(videos)('%s (with a picture)', async (name, args) => {
    const file = join(dir, name);
    ffmpeg(['-f', 'lavfi', '-i', `color=c=black:s=160x90:r=10:d=${TONE_SECONDS}`, '-f', 'lavfi', '-i', `sine=f=300:d=${TONE_SECONDS}`, '-shortest', ...args, file]);
    await expectReadable(file);
  });
});

async function expectReadable(file: string): Promise<void> {
  const info = await probeMedia(file);
  expect(info.durationSeconds).toBeGreaterThan(TONE_SECONDS - 0.5);
  expect(info.durationSeconds).toBeLessThan(TONE_SECONDS + 0.5);
  const { samples } = await decodeToPcmFile(file, `${file}.pcm`);
  expect(samples / SAMPLE_RATE).toBeGreaterThan(TONE_SECONDS - 0.5);
}
