// What a local media card and the intake panel say (src-renderer/src/features/media): the line
// under the bar (chunks, elapsed over every run, an estimate from this machine's own chunks only),
// the engine and resume notes, where the audio goes; the intake's sentence, which always says local
// files are free; and the browser build's reading of an upload's answer.
import { describe, expect, it } from 'vitest';
import type { MediaJob } from '#shared/contract/media';
import { newMediaJob } from '#shared/media/job';
import { folderQuestion, intakeSummary } from '../../src-renderer/src/features/media/intakeText';
import { elapsedMs, engineNote, filesAhead, mediaMeta, progressText, remainingMs, resumedNote, sendsToNote } from '../../src-renderer/src/features/media/mediaMeta';
import { uploadAnswer } from '../../src-renderer/src/lib/uploadAnswer';

const NOW = 1_000_000;

function job(change: Partial<MediaJob> = {}): MediaJob {
  return { ...newMediaJob({ id: 'a', name: 'interview.wav', path: '/home/me/interview.wav', uploaded: false, title: 'interview', sizeBytes: 1000, durationSeconds: 45, video: false, engine: null, sendsTo: null, createdAt: 0 }), ...change };
}

describe('a media card', () => {
  it('counts elapsed time over every run, the current one included', () => {
    expect(elapsedMs(job({ runMs: 5000 }), NOW)).toBe(5000);
    expect(elapsedMs(job({ runMs: 5000, runningSince: NOW - 2000 }), NOW)).toBe(7000);
  });

  it('estimates from the chunks this machine transcribed, not the ones a resumed run kept', () => {
    const running = job({ status: 'running', stage: 'transcribing', progress: { chunksDone: 3, chunksTotal: 6 }, chunksKept: 2, runMs: 0, runningSince: NOW - 10_000 });
    // One fresh chunk in 10 s, three left: 30 s.
    expect(remainingMs(running, NOW)).toBe(30_000);
    expect(mediaMeta(running, NOW, 0)).toBe('3 / 6 chunks · 10 s elapsed · about 30 s left');
    // Before its first own chunk there is no pace to go by.
    expect(remainingMs({ ...running, progress: { chunksDone: 2, chunksTotal: 6 } }, NOW)).toBeNull();
    expect(mediaMeta({ ...running, progress: { chunksDone: 2, chunksTotal: 6 } }, NOW, 0)).toBe('2 / 6 chunks · 10 s elapsed');
  });

  it('says what each status means', () => {
    expect(mediaMeta(job(), NOW, 2)).toBe('Waiting: 2 files ahead');
    expect(mediaMeta(job(), NOW, 0)).toBe('Waiting to start');
    expect(mediaMeta(job({ status: 'running', stage: 'decoding', runningSince: NOW - 3000 }), NOW, 0)).toBe('Reading the audio · 3 s elapsed');
    expect(mediaMeta(job({ status: 'paused', progress: { chunksDone: 1, chunksTotal: 4 }, runMs: 65_000 }), NOW, 0)).toBe('Paused at 1 / 4 chunks · 1 min 05 s elapsed');
    expect(mediaMeta(job({ status: 'done', progress: { chunksDone: 4, chunksTotal: 4 }, runMs: 12_000 }), NOW, 0)).toBe('Done in 12 s · no credits charged');
    expect(mediaMeta(job({ status: 'failed', error: 'ffmpeg could not decode it' }), NOW, 0)).toBe('ffmpeg could not decode it');
    expect(progressText(job({ status: 'running', stage: 'transcribing', progress: { chunksDone: 1, chunksTotal: 2 } }))).toBe('1 of 2 chunks');
    expect(progressText(job({ status: 'running', stage: 'transcribing', progress: { chunksDone: 0, chunksTotal: 1 } }))).toBe('0 of 1 chunk');
    expect(mediaMeta(job({ status: 'running', stage: 'transcribing', progress: { chunksDone: 0, chunksTotal: 1 }, runningSince: NOW }), NOW, 0)).toBe('0 / 1 chunk · 0 s elapsed');
    expect(progressText(job())).toBe('Waiting');
    expect(progressText(job({ status: 'done' }))).toBe('Done');
  });

  it('names the engine, what a resumed run kept, and where the audio goes', () => {
    expect(engineNote(job())).toBeNull();
    expect(engineNote(job({ engine: 'pocketsphinx' }))).toBe('Engine: pocketsphinx');
    expect(resumedNote(job())).toBeNull();
    expect(resumedNote(job({ interrupted: true, chunksKept: 3 }))).toBe('Resumed after a restart: 3 chunks kept');
    expect(resumedNote(job({ interrupted: true, chunksKept: 0 }))).toBe('Resumed after a restart: 0 chunks kept');
    expect(resumedNote(job({ chunksKept: 1 }))).toBe('Resumed: 1 chunk kept');
    expect(sendsToNote(job())).toBeNull();
    expect(sendsToNote(job({ sendsTo: 'api.openai.com' }))).toBe('The audio is sent to api.openai.com for transcription');
  });

  it('counts the files running or waiting before a card', () => {
    const jobs = [job({ id: '1', status: 'done' }), job({ id: '2', status: 'running' }), job({ id: '3', status: 'paused' }), job({ id: '4' }), job({ id: '5' })];
    expect(jobs.map((j) => filesAhead(jobs, j))).toEqual([0, 0, 1, 1, 2]);
  });
});

describe('the intake panel', () => {
  it('says what was added and refused, and that local files are free', () => {
    expect(intakeSummary({ added: ['a.wav', 'b.mp4'], refused: [] }, 0)).toBe('2 files added for transcription on this machine. Nothing is charged for local files.');
    expect(intakeSummary({ added: ['a.wav'], refused: [{ name: 'notes.mp3', reason: 'x' }, { name: 'cut.mp4', reason: 'y' }] }, 0)).toBe('1 file added for transcription on this machine, 2 files refused. Nothing is charged for local files.');
    expect(intakeSummary({ added: [], refused: [{ name: 'notes.mp3', reason: 'x' }] }, 2)).toBe('1 file refused, 2 still uploading. Nothing is charged for local files.');
    expect(intakeSummary({ added: [], refused: [] }, 0)).toBe('No file added. Nothing is charged for local files.');
  });

  it("asks about a folder's media files before anything starts", () => {
    expect(folderQuestion({ name: 'Interviews', mediaFiles: 12, skipped: 3 })).toBe('Transcribe the 12 media files in Interviews? (3 other files skipped)');
    expect(folderQuestion({ name: 'Notes', mediaFiles: 0, skipped: 1 })).toBe('Notes has no audio or video files (1 other file skipped).');
  });
});

describe("an upload's answer", () => {
  it('is the intake of the file when the server took it', () => {
    const intake = { files: [{ name: 'a.wav', jobId: 'j1', error: null }], folders: [] };
    expect(uploadAnswer(200, intake)).toEqual({ ok: true, intake });
    expect(uploadAnswer(200, { nonsense: true })).toEqual({ ok: false, message: 'The server answered the upload (200) without a readable result' });
  });

  it("is the server's own words when it refused the upload", () => {
    expect(uploadAnswer(413, { error: 'Payload too large', message: 'The file is larger than the 2 GB the server takes' })).toEqual({ ok: false, message: 'The file is larger than the 2 GB the server takes' });
    expect(uploadAnswer(401, { ok: false, error: { code: 'unauthorized', message: 'Sign in again' } })).toEqual({ ok: false, message: 'Sign in again' });
    expect(uploadAnswer(502, null)).toEqual({ ok: false, message: 'The server refused the upload (HTTP 502)' });
  });
});
