// The one bar over the desk's local files: done by audio length, and an estimate from the pace of
// the chunks this machine transcribed (chunks kept from an earlier run came free and do not count).
import { expect, it } from 'vitest';
import type { MediaJob } from '#shared/contract/media';
import { mediaBatch } from '#shared/media/batch';
import { newMediaJob } from '#shared/media/job';

const job = (id: string, change: Partial<MediaJob>): MediaJob => ({
  ...newMediaJob({ id, name: `${id}.wav`, path: `/r/${id}.wav`, uploaded: false, title: id, sizeBytes: 1, durationSeconds: 60, video: false, engine: null, sendsTo: null, createdAt: 0 }),
  ...change,
});

it('is empty without files and has no estimate before a chunk is done', () => {
  expect(mediaBatch([], 0)).toEqual({ files: 0, ended: 0, fraction: 0, remainingSeconds: null });
  expect(mediaBatch([job('a', {}), job('b', { status: 'running', runningSince: 0, progress: { chunksDone: 0, chunksTotal: 2 } })], 5000)).toEqual({ files: 2, ended: 0, fraction: 0, remainingSeconds: null });
});

it('weighs files by their length and estimates the rest at the pace so far', () => {
  // 60 s done in 20 s of running; a 120 s file half done after 10 s more; a 60 s file waits.
  const jobs = [
    job('a', { status: 'done', progress: { chunksDone: 2, chunksTotal: 2 }, runMs: 20_000 }),
    job('b', { status: 'running', durationSeconds: 120, progress: { chunksDone: 2, chunksTotal: 4 }, runMs: 5000, runningSince: 100_000 }),
    job('c', {}),
    job('x', { status: 'cancelled' }),
  ];
  const batch = mediaBatch(jobs, 105_000);
  expect(batch.files).toBe(3);
  expect(batch.ended).toBe(1);
  expect(batch.fraction).toBeCloseTo(120 / 240);
  // 120 s of audio in 30 s: 4 s of audio a second; 120 s left → 30 s.
  expect(batch.remainingSeconds).toBeCloseTo(30);
});

it('does not count chunks kept from before a restart as pace', () => {
  const resumed = job('a', { status: 'running', interrupted: true, chunksKept: 3, progress: { chunksDone: 4, chunksTotal: 6 }, runMs: 10_000, runningSince: 50_000 });
  // One fresh chunk (10 s of audio) in 10 s; 20 s of audio left → 20 s.
  expect(mediaBatch([resumed], 50_000).remainingSeconds).toBeCloseTo(20);
  expect(mediaBatch([job('a', { status: 'done', progress: { chunksDone: 6, chunksTotal: 6 }, runMs: 1 })], 0)).toMatchObject({ fraction: 1, remainingSeconds: null, ended: 1 });
});
