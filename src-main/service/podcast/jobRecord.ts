import type { PodcastJobView } from '../store/port';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The job record of spec §2.4, exactly: a failed job shows only `jobId`, `status` and `error`;
 * `transcript` and `credits` appear once done; `completedAt` is null while processing.
 * `source` (publisher or ai) is our addition, present once known.
 */
export function jobRecord(job: PodcastJobView, balance: number): Record<string, unknown> {
  const e = job.episode;
  if (job.status === 'failed') {
    return { jobId: job.jobId, status: 'failed', error: { code: 'transcription_failed', message: e.errorMessage ?? 'The episode could not be transcribed' } };
  }
  const record: Record<string, unknown> = {
    jobId: job.jobId,
    status: job.status,
    progress: { chunksDone: e.chunksDone, chunksTotal: e.chunksTotal },
    episode: { title: e.title, showTitle: e.showTitle, artworkUrl: e.artworkUrl, durationSeconds: e.durationSeconds },
  };
  if (job.status === 'done') {
    record.transcript = e.transcript ?? '';
    record.credits = balance;
    if (e.source !== null) record.source = e.source;
  }
  record.createdAt = iso(job.createdAt);
  record.completedAt = job.completedAt === null ? null : iso(job.completedAt);
  return record;
}
