// The one progress bar over every local media job on the desk, with an estimate. Shared by the
// renderer (the bar) and tests; plain arithmetic on the job records.
import type { MediaJob } from '../contract/media';

export interface MediaBatch {
  /** Jobs counted (cancelled ones are not). */
  files: number;
  ended: number;
  /** 0…1, by audio length (a file of unknown length counts by its chunks alone, weighted as the average file). */
  fraction: number;
  /** Seconds of work left at the pace so far; null until a chunk has been transcribed in this batch, or when nothing is left. */
  remainingSeconds: number | null;
}

const chunkShare = (job: MediaJob) => (job.status === 'done' ? 1 : job.progress.chunksTotal > 0 ? job.progress.chunksDone / job.progress.chunksTotal : 0);

export function mediaBatch(jobs: readonly MediaJob[], now: number): MediaBatch {
  const counted = jobs.filter((job) => job.status !== 'cancelled');
  if (counted.length === 0) return { files: 0, ended: 0, fraction: 0, remainingSeconds: null };
  const known = counted.filter((job) => job.durationSeconds !== null);
  const average = known.length === 0 ? 1 : known.reduce((sum, job) => sum + (job.durationSeconds ?? 0), 0) / known.length;
  const weight = (job: MediaJob) => job.durationSeconds ?? average;
  const total = counted.reduce((sum, job) => sum + weight(job), 0);
  const done = counted.reduce((sum, job) => sum + weight(job) * chunkShare(job), 0);
  // The pace: audio transcribed by this machine's runs (chunks kept from an earlier run came free)
  // over the time those runs took.
  let worked = 0;
  let spentMs = 0;
  for (const job of counted) {
    const ranMs = job.runMs + (job.runningSince === null ? 0 : Math.max(0, now - job.runningSince));
    if (ranMs <= 0 || job.progress.chunksTotal === 0) continue;
    const fresh = job.status === 'done' ? job.progress.chunksTotal - job.chunksKept : job.progress.chunksDone - job.chunksKept;
    worked += weight(job) * Math.max(0, fresh) / job.progress.chunksTotal;
    spentMs += ranMs;
  }
  const left = total - done;
  const ended = counted.filter((job) => job.status === 'done' || job.status === 'failed').length;
  const remainingSeconds = worked > 0 && left > 0 && ended < counted.length ? (left * spentMs) / worked / 1000 : null;
  return { files: counted.length, ended, fraction: total > 0 ? done / total : 0, remainingSeconds };
}
