// The line under a podcast job card's bar. The runner works on one episode at a time, so a job
// behind another says how many episodes are ahead of it; its elapsed time and estimate count from
// when its own work began (startedAt), never from the submit, and so does "Done in".
import type { PodcastJob } from '#shared/contract/podcast';
import { duration, plural } from '../../lib/format';

/** What the card says while the job runs or after it is done; failed jobs show their error instead. */
export function jobMeta(job: PodcastJob, now: number): string {
  const { chunksDone, chunksTotal } = job.progress;
  const startedAt = job.startedAt ?? job.createdAt;
  if (job.status === 'done') return `Done in ${duration((job.completedAt ?? now) - startedAt)} · ${plural(job.credits.charged, 'credit')}`;
  if (job.startedAt === null) return job.episodesAhead > 0 ? `Waiting: ${plural(job.episodesAhead, 'episode')} ahead` : 'Starting';
  const elapsed = now - job.startedAt;
  // A straight-line estimate from the chunks so far; none before the first chunk is in.
  const eta = chunksDone > 0 && chunksTotal > chunksDone ? (elapsed / chunksDone) * (chunksTotal - chunksDone) : null;
  return `${chunksTotal > 0 ? `${chunksDone} / ${chunksTotal} chunks` : 'Preparing audio'} · ${duration(elapsed)} elapsed${eta !== null ? ` · about ${duration(eta)} left` : ''}`;
}
