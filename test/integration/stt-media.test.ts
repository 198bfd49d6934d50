// Media in: local files good and bad, URLs through the upstream client (plain files and HLS
// playlists from a loopback fixture), private addresses refused. Every failure is a clear error
// that comes before any transcription starts and leaves no scratch file behind.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { MediaSource, SttError, TranscribeOptions } from '#service/stt/index';
import { speechGuardMs } from '../helpers/guards';
import { listen, type Loopback } from '../helpers/loopback';
import { ffmpeg, passage, speak } from '../helpers/speech';
import { openTestService, scratchLeft } from '../helpers/stt';
import { abortedWhenTestEnds } from '../helpers/teardown';
import { wordErrorRate } from '../helpers/wer';

const cache = inject('speechCache');
const dir = join(cache, 'media-fixtures');
let fixture: Loopback;
let stt: Awaited<ReturnType<typeof openTestService>>;
let speech: string;
const requests: string[] = [];
/** slt reads its passage: about 37 s, transcribed once by the URL tests. */
const SPEECH_GUARD_MS = speechGuardMs(37, { engineRtf: inject('engineRtf') });

beforeAll(async () => {
  mkdirSync(dir, { recursive: true });
  speech = speak(cache, 'slt');
  ffmpeg(['-i', speech, '-c:a', 'libmp3lame', '-b:a', '48k', join(dir, 'episode.mp3')]);
  const mp3 = readFileSync(join(dir, 'episode.mp3'));
  writeFileSync(join(dir, 'truncated.mp3'), mp3.subarray(0, Math.floor(mp3.length / 3)));
  writeFileSync(join(dir, 'empty.mp3'), '');
  writeFileSync(join(dir, 'notes.mp3'), 'These are my meeting notes, not a recording.\n');
  ffmpeg(['-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '0', join(dir, 'zero.wav')]);
  ffmpeg(['-f', 'lavfi', '-i', 'testsrc=d=2:s=64x64', '-c:v', 'mpeg4', join(dir, 'silent-video.mp4')]);
  // An HLS rendition in 4-second MPEG-TS segments, behind a master playlist (as Kick serves clips).
  mkdirSync(join(dir, 'hls'), { recursive: true });
  ffmpeg(['-i', speech, '-c:a', 'aac', '-b:a', '64k', '-f', 'hls', '-hls_time', '4', '-hls_playlist_type', 'vod', '-hls_segment_filename', join(dir, 'hls', 'seg%03d.ts'), join(dir, 'hls', 'audio.m3u8')]);
  writeFileSync(join(dir, 'hls', 'master.m3u8'), '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=900000,CODECS="mp4a.40.2"\nhttps://cdn.example/hls/audio.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=90000,CODECS="mp4a.40.2"\naudio.m3u8\n');

  fixture = await listen((req, res) => {
    requests.push(req.url ?? '');
    const path = (req.url ?? '').replace(/^\/[^/]+/, ''); // drop the logical host
    const files: Record<string, string> = { '/episode.mp3': 'episode.mp3', '/hls/master.m3u8': 'hls/master.m3u8', '/hls/audio.m3u8': 'hls/audio.m3u8' };
    const seg = /^\/hls\/(seg\d+\.ts)$/.exec(path)?.[1];
    const name = files[path] ?? (seg === undefined ? undefined : `hls/${seg}`);
    if (name === undefined) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': name.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : name.endsWith('.ts') ? 'video/mp2t' : 'audio/mpeg' });
    res.end(readFileSync(join(dir, name)));
  });
  stt = await openTestService({ TRANSCRIPT_DESK_UPSTREAM: fixture.url });
  await stt.stt.settings.set('stt.engine', 'pocketsphinx');
});
afterAll(async () => {
  await stt.remove();
  await fixture.close();
});

/**
 * The error a transcription fails with, and whether it got as far as the engine on the way (it never
 * should: the chunks are planned and announced as "transcribing" before any engine runs).
 */
async function failure(service: Awaited<ReturnType<typeof openTestService>>, source: MediaSource, options: TranscribeOptions = {}): Promise<{ error: SttError; engineRan: boolean }> {
  let engineRan = false;
  try {
    await service.stt.transcribeMedia(source, { ...options, signal: abortedWhenTestEnds(), onProgress: (p) => (engineRan ||= p.stage === 'transcribing') });
  } catch (error) {
    return { error: error as SttError, engineRan };
  }
  throw new Error('expected a failure');
}

describe('local files', () => {
  it.each([
    ['empty.mp3', 'bad_media', /empty/],
    ['truncated.mp3', 'bad_media', /truncated/],
    ['notes.mp3', 'bad_media', /not audio or video/],
    ['zero.wav', 'no_audio', /no sound/],
    ['silent-video.mp4', 'no_audio', /no audio stream/],
    ['missing.mp3', 'bad_media', /does not exist/],
  ])('%s: %s with a clear message, before any transcription, nothing left behind', async (name, code, message) => {
    const { error, engineRan } = await failure(stt, { file: join(dir, name) });
    expect(error.name).toBe('SttError');
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
    expect(engineRan).toBe(false);
    expect(scratchLeft(stt.home)).toEqual([]);
  });

  it('probeMedia reads the duration without transcribing (the clip fetchers’ 2-minute rule)', async () => {
    const info = await stt.stt.probeMedia(join(dir, 'episode.mp3'));
    expect(info.durationSeconds).toBeGreaterThan(34);
    expect(info.durationSeconds).toBeLessThan(38);
    const { error, engineRan } = await failure(stt, { file: join(dir, 'episode.mp3') }, { maxDurationSeconds: 20 });
    expect(error.code).toBe('too_long');
    expect(error.message).toMatch(/at most 20 s/);
    expect(engineRan).toBe(false);
  });
});

describe('URLs', () => {
  it('downloads an MP3 through the upstream client and transcribes it', { timeout: SPEECH_GUARD_MS }, async () => {
    const progress: number[] = [];
    const result = await stt.stt.transcribeMedia({ url: 'https://media.example/episode.mp3' }, { signal: abortedWhenTestEnds(), onProgress: (p) => p.bytesReceived !== undefined && progress.push(p.bytesReceived) });
    expect(wordErrorRate(passage('slt'), result.text)).toBeLessThan(0.3);
    expect(progress.at(-1)).toBe(readFileSync(join(dir, 'episode.mp3')).length);
    expect(scratchLeft(stt.home)).toEqual([]);
  });

  it('fetches an HLS master playlist, the lowest-bandwidth rendition and every segment itself, then transcribes the joined audio', { timeout: SPEECH_GUARD_MS }, async () => {
    requests.length = 0;
    const result = await stt.stt.transcribeMedia({ url: 'https://clips.example/hls/master.m3u8' }, { signal: abortedWhenTestEnds() });
    const segments = readdirSync(join(dir, 'hls')).filter((f) => f.endsWith('.ts'));
    expect(segments.length).toBeGreaterThanOrEqual(8);
    expect(requests).toEqual(['/clips.example/hls/master.m3u8', '/clips.example/hls/audio.m3u8', ...segments.sort().map((s) => `/clips.example/hls/${s}`)]);
    expect(result.durationSeconds).toBeGreaterThan(34);
    expect(wordErrorRate(passage('slt'), result.text)).toBeLessThan(0.3);
  });

  it('a URL that answers 404: fetch_failed naming the status', async () => {
    const { error, engineRan } = await failure(stt, { url: 'https://media.example/gone.mp3' });
    expect(engineRan).toBe(false);
    expect(error.code).toBe('fetch_failed');
    expect(error.message).toMatch(/HTTP 404/);
    expect(scratchLeft(stt.home)).toEqual([]);
  });

  it('an unreachable host: fetch_failed, no hang', async () => {
    const closed = await listen(() => undefined);
    await closed.close();
    const offline = await openTestService({ TRANSCRIPT_DESK_UPSTREAM: closed.url });
    await offline.stt.settings.set('stt.engine', 'pocketsphinx');
    try {
      const { error, engineRan } = await failure(offline, { url: 'https://media.example/episode.mp3' });
      // Refused, not timed out: the answer came from the closed port, not from a deadline.
      expect(error.code).toBe('fetch_failed');
      expect(error.message).toMatch(/refused the connection/);
      expect(engineRan).toBe(false);
      expect(scratchLeft(offline.home)).toEqual([]);
    } finally {
      await offline.remove();
    }
  });

  it.each(['http://192.168.1.20/episode.mp3', 'http://127.0.0.1:9/episode.mp3', 'http://[::1]/a.mp3', 'http://router.local/a.mp3'])('a private address (%s) is refused before any connection', async (url) => {
    const direct = await openTestService();
    await direct.stt.settings.set('stt.engine', 'pocketsphinx');
    try {
      const { error } = await failure(direct, { url });
      expect(error.code).toBe('blocked_address');
      expect(error.message).toMatch(/not a public address/);
      expect(scratchLeft(direct.home)).toEqual([]);
    } finally {
      await direct.remove();
    }
  });
});
