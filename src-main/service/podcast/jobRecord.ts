import type { JobRecord } from '#shared/contract/api/index';
import type { PodcastJobView } from '../store/port';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The job record of spec §2.4, exactly: a failed job shows only `jobId`, `status` and `error`;
 * `transcript` and `credits` appear once done; `completedAt` is null while processing.
 * `source` (publisher or ai) is our addition, present once known. Keys in the spec's order: the
 * REST body is this object as it is.
 */
export function jobRecord(job: PodcastJobView, balance: number): JobRecord {
  const e = job.episode;
  if (job.status === 'failed') {
    return { jobId: job.jobId, status: 'failed', error: { code: 'transcription_failed', message: e.errorMessage ?? 'The episode could not be transcribed' } };
  }
  const progress = { chunksDone: e.chunksDone, chunksTotal: e.chunksTotal };
  const episode = { title: e.title, showTitle: e.showTitle, artworkUrl: e.artworkUrl, durationSeconds: e.durationSeconds };
  const createdAt = iso(job.createdAt);
  if (job.status === 'done') {
    const source = e.source === null ? {} : { source: e.source };
    // Every write that marks a job done sets its completion time (podcastWork.ts); the fallback only satisfies the type.
    return { jobId: job.jobId, status: 'done', progress, episode, transcript: e.transcript ?? '', credits: balance, ...source, createdAt, completedAt: iso(job.completedAt ?? job.createdAt) };
  }
  return { jobId: job.jobId, status: 'processing', progress, episode, createdAt, completedAt: null };
}
