// Issue 23: local media on the desk. Files handed to the desktop app (dropped, opened) are probed:
// media becomes a job that pocketsphinx transcribes for free into the library (platform `local`),
// anything else is refused per file with its reason while the others go on; a folder is counted
// before anything of it starts. (A restart mid-file: serve-local-media-restart.test.ts, on a real
// server process.)
import { copyFileSync, existsSync, mkdirSync, readFileSync, truncateSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import type { MediaJob } from '#shared/contract/media';
import type { DeskHost } from '../../src-main/desk/index';
import { openTestDesk, type TestDesk } from '../helpers/desk';
import { speechGuardMs } from '../helpers/guards';
import { tempHome } from '../helpers/home';
import { ffmpeg, fourVoices, opening, speak } from '../helpers/speech';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';

const desktop: DeskHost = { info: () => ({ kind: 'desktop', dialogs: false, signIn: false, secrets: { backend: 'none', problem: null } }) };
const engineRtf = () => inject('engineRtf');

let fixture: FixtureUpstream;
let home: ReturnType<typeof tempHome>;
let t: TestDesk;
let speech: string;

beforeAll(async () => {
  speech = inject('speechCache');
  fixture = await startFixtureUpstream({});
});
afterAll(() => fixture.close());
beforeEach(async () => {
  home = tempHome();
  t = await openTestDesk(home.dir, fixture.url, { host: desktop });
  await t.opened.stt.settings.set('stt.engine', 'pocketsphinx');
});
afterEach(async () => {
  await t.close();
  home.remove();
});

/** One sentence (about 4 s): for what needs a transcript but not its words. */
const shortClip = () => speak(speech, 'slt', opening('slt', 1), 'slt-one');

const jobsNow = async () => (await t.call('media.list', {})).jobs;
const jobNamed = async (name: string): Promise<MediaJob> => {
  const job = (await jobsNow()).find((j) => j.name === name);
  if (job === undefined) throw new Error(`no job for ${name}`);
  return job;
};
const ended = (name: string, timeout: number) =>
  vi.waitFor(
    async () => {
      const job = await jobNamed(name);
      expect(['done', 'failed', 'cancelled']).toContain(job.status);
      return job;
    },
    { timeout, interval: 100 },
  );

describe('files dropped on the desktop app', () => {
  it('transcribes the media for free into the library and refuses each other file with its reason', { timeout: speechGuardMs(15, { engineRtf: engineRtf() }) + 30_000 }, async () => {
    const dir = join(home.dir, 'drop');
    mkdirSync(dir);
    const wav = join(dir, 'interview.wav');
    copyFileSync(speak(speech, 'slt', opening('slt', 3), 'slt-three'), wav);
    // A text file with an audio name, and an MP4 cut off after 30 % of its bytes.
    const renamed = join(dir, 'notes.mp3');
    writeFileSync(renamed, 'Meeting notes: these are words, not audio.\n'.repeat(50));
    const mp4 = join(dir, 'cut.mp4');
    ffmpeg(['-i', wav, '-f', 'lavfi', '-i', 'color=c=navy:s=160x90:r=5', '-shortest', '-c:a', 'aac', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', mp4]);
    truncateSync(mp4, Math.floor(statSync(mp4).size * 0.3));
    const before = (await t.call('balance.get', {})).credits;

    const imported = await t.call('queue.importFiles', { paths: [wav, renamed, mp4] });
    expect(imported.added).toBe(0);
    const byName = new Map(imported.media?.files.map((f) => [f.name, f]));
    expect(byName.get('interview.wav')).toMatchObject({ error: null, jobId: expect.any(String) as string });
    expect(byName.get('notes.mp3')).toMatchObject({ jobId: null, error: expect.stringMatching(/not audio or video/) as string });
    expect(byName.get('cut.mp4')?.jobId).toBeNull();
    expect(byName.get('cut.mp4')?.error).toMatch(/not audio or video|truncated|moov/i);
    expect((await jobsNow()).map((j) => j.name)).toEqual(['interview.wav']);

    const done = await ended('interview.wav', speechGuardMs(15, { engineRtf: engineRtf() }));
    expect(done).toMatchObject({ status: 'done', engine: 'pocketsphinx', sendsTo: null, error: null, title: 'interview' });
    expect(done.progress.chunksDone).toBe(done.progress.chunksTotal);
    expect((await t.call('balance.get', {})).credits).toBe(before);

    // In the library: searchable, with its file and engine, and a player link that names the file.
    const found = await t.call('library.search', { query: 'tomatoes', platform: 'local' });
    expect(found.entries.map((e) => e.title)).toEqual(['interview']);
    const view = await t.call('transcript.get', { ref: found.entries[0]!.ref });
    expect(view.platform).toBe('local');
    expect(view.text.toLowerCase()).toContain('tomatoes');
    expect(view.localFile).toMatchObject({ name: 'interview.wav', engine: 'pocketsphinx', model: 'en-us', video: false, playerProblem: null });
    expect(view.localFile?.playerSrc).toMatch(/^\/app\/media\/[\w-]{32}$/);
    const token = view.localFile?.playerSrc?.split('/').at(-1) ?? '';
    expect(t.desk.mediaFile(token)).toEqual({ path: view.localFile?.path, contentType: 'audio/wav' });
    expect(readFileSync(view.localFile?.path ?? '').equals(readFileSync(wav))).toBe(true);
    for (const segment of view.segments ?? []) expect(segment.endMs).toBeLessThanOrEqual(Math.ceil((done.durationSeconds ?? 0) * 1000) + 500);

    // Exported like any transcript: an SRT whose cues lie within the audio.
    const exported = await t.call('export.run', { scope: { kind: 'library', ids: [found.entries[0]!.id] }, format: 'srt', folder: t.exportDir });
    expect(exported.files).toEqual(['interview.srt']);
    const srt = readFileSync(join(t.exportDir, 'interview.srt'), 'utf8');
    expect(srt.toLowerCase()).toContain('tomatoes');
    const ends = [...srt.matchAll(/--> (\d\d):(\d\d):(\d\d),(\d{3})/g)].map(([, h, m, sec, ms]) => ((Number(h) * 60 + Number(m)) * 60 + Number(sec)) * 1000 + Number(ms));
    expect(ends.length).toBeGreaterThan(0);
    expect(Math.max(...ends)).toBeLessThanOrEqual((done.durationSeconds ?? 0) * 1000 + 500);
  });

  it('counts a folder\'s media files before any starts, then adds them on confirmation', { timeout: speechGuardMs(5, { engineRtf: engineRtf() }) + 30_000 }, async () => {
    const folder = join(home.dir, 'lectures');
    mkdirSync(folder);
    copyFileSync(shortClip(), join(folder, 'week 1.wav'));
    writeFileSync(join(folder, 'syllabus.pdf'), '%PDF-1.4 not media');
    writeFileSync(join(folder, 'links.txt'), 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    mkdirSync(join(folder, 'older'));

    const counted = await t.call('queue.importFiles', { paths: [folder] });
    expect(counted.media?.folders).toEqual([{ name: 'lectures', path: folder, mediaFiles: 1, skipped: 3 }]);
    expect(await jobsNow()).toEqual([]);

    const added = await t.call('media.addFolders', { paths: [folder] });
    expect(added.files).toEqual([{ name: 'week 1.wav', jobId: expect.any(String) as string, error: null }]);
    expect((await ended('week 1.wav', speechGuardMs(5, { engineRtf: engineRtf() }))).status).toBe('done');
  });

  it('cancels a running file, keeps nothing of it, and dismisses its card', { timeout: 60_000 }, async () => {
    const wav = join(home.dir, 'long.wav');
    copyFileSync(fourVoices(speech).file, wav);
    await t.call('queue.importFiles', { paths: [wav] });
    await vi.waitFor(async () => expect((await jobNamed('long.wav')).status).toBe('running'), { timeout: 20_000 });
    const { job } = await t.call('media.cancel', { id: (await jobNamed('long.wav')).id });
    expect(job).toMatchObject({ status: 'cancelled', stage: null, runningSince: null });
    expect(await t.opened.store.sttTasks.get(`media:${job.id}`)).toBeUndefined();
    expect(await t.call('media.dismiss', { id: job.id })).toEqual({ dismissed: true });
    expect(await jobsNow()).toEqual([]);
    expect(t.eventsOf('media.changed').at(-1)).toEqual({ upserted: [], removed: [job.id] });
  });
});

describe('an upload of the browser build', () => {
  it('is kept for the player while its transcript is in the library, and deleted with it; a refused one is not kept at all', { timeout: speechGuardMs(5, { engineRtf: engineRtf() }) + 30_000 }, async () => {
    mkdirSync(t.desk.uploadsDir, { recursive: true });
    const copy = join(t.desk.uploadsDir, 'c0ffee.wav');
    copyFileSync(shortClip(), copy);
    const intake = await t.desk.addUpload(copy, 'Field recording.wav');
    expect(intake.files).toEqual([{ name: 'Field recording.wav', jobId: expect.any(String) as string, error: null }]);
    const done = await ended('Field recording.wav', speechGuardMs(5, { engineRtf: engineRtf() }));
    expect(done).toMatchObject({ status: 'done', uploaded: true, title: 'Field recording' });
    // Dismissing the card keeps the copy: the library's player still reads it.
    await t.call('media.dismiss', { id: done.id });
    expect(existsSync(copy)).toBe(true);
    const { entries } = await t.call('library.search', { query: '', platform: 'local' });
    expect(entries.map((e) => e.title)).toEqual(['Field recording']);
    expect(await t.call('library.delete', { ids: [entries[0]!.id] })).toEqual({ deleted: 1 });
    expect(existsSync(copy)).toBe(false);

    const notMedia = join(t.desk.uploadsDir, 'bad.mp3');
    writeFileSync(notMedia, 'not audio at all');
    expect((await t.desk.addUpload(notMedia, 'song.mp3')).files).toEqual([{ name: 'song.mp3', jobId: null, error: expect.stringMatching(/not audio or video/) as string }]);
    expect(existsSync(notMedia)).toBe(false);
  });

  it('leaves a file dropped on the desktop app where it is when its transcript is deleted', { timeout: speechGuardMs(5, { engineRtf: engineRtf() }) + 30_000 }, async () => {
    const wav = join(home.dir, 'mine.wav');
    copyFileSync(shortClip(), wav);
    await t.call('queue.importFiles', { paths: [wav] });
    await ended('mine.wav', speechGuardMs(5, { engineRtf: engineRtf() }));
    const { entries } = await t.call('library.search', { query: '', platform: 'local' });
    await t.call('library.delete', { ids: entries.map((e) => e.id) });
    expect(existsSync(wav)).toBe(true);
  });
});
