// What a local media card says: the bar's text, the line under it (chunks, elapsed, estimate),
// and the notes on where the audio goes and what a resumed run kept. Plain functions of the job
// record and the clock, so the unit tests read them without a page.
import { ENDED_MEDIA_STATUSES, type MediaJob } from '#shared/contract/media';
import { clock, duration, plural } from '../../lib/format';

/** Time spent running over every run, the current one included (a pause or a restart does not count). */
export const elapsedMs = (job: MediaJob, now: number) => job.runMs + (job.runningSince === null ? 0 : Math.max(0, now - job.runningSince));

/**
 * What is left of a running job at its own pace: the chunks this machine transcribed (kept ones
 * came free, so they say nothing about the pace) over the time it took. Null before the first one.
 */
export function remainingMs(job: MediaJob, now: number): number | null {
  const { chunksDone, chunksTotal } = job.progress;
  const fresh = chunksDone - job.chunksKept;
  const left = chunksTotal - chunksDone;
  if (job.status !== 'running' || fresh <= 0 || left <= 0) return null;
  return (elapsedMs(job, now) / fresh) * left;
}

/** The bar's aria-valuetext: what a screen reader says of it. */
export function progressText(job: MediaJob): string {
  const { chunksDone, chunksTotal } = job.progress;
  if (job.status === 'done') return 'Done';
  if (chunksTotal > 0) return `${chunksDone} of ${plural(chunksTotal, 'chunk')}`;
  if (job.status === 'running') return 'Reading the audio';
  return job.status === 'queued' ? 'Waiting' : job.status === 'paused' ? 'Paused' : 'Not started';
}

/** The bar's fill, 0…1. */
export const fractionDone = (job: MediaJob) => (job.status === 'done' ? 1 : job.progress.chunksTotal > 0 ? job.progress.chunksDone / job.progress.chunksTotal : 0);

/** "0:45", or "length unknown" for a raw stream that does not declare one. */
export const lengthOf = (job: MediaJob) => (job.durationSeconds === null ? 'length unknown' : clock(job.durationSeconds * 1000));

/**
 * The line under the bar. `ahead` is how many files wait or run before this one (the runner takes
 * them in order); a failed job shows its error instead.
 */
export function mediaMeta(job: MediaJob, now: number, ahead: number): string {
  const { chunksDone, chunksTotal } = job.progress;
  const chunks = `${chunksDone} / ${plural(chunksTotal, 'chunk')}`;
  const elapsed = `${duration(elapsedMs(job, now))} elapsed`;
  switch (job.status) {
    case 'done':
      return `Done in ${duration(job.runMs)} · no credits charged`;
    case 'cancelled':
      return 'Cancelled';
    case 'failed':
      return job.error ?? 'The file could not be transcribed';
    case 'paused':
      return chunksTotal > 0 ? `Paused at ${chunks} · ${elapsed}` : 'Paused';
    case 'queued':
      if (ahead > 0) return `Waiting: ${plural(ahead, 'file')} ahead`;
      return chunksTotal > 0 ? `Waiting to go on from ${chunks}` : 'Waiting to start';
    case 'running': {
      if (job.stage === 'decoding' || chunksTotal === 0) return `Reading the audio · ${elapsed}`;
      const left = remainingMs(job, now);
      return `${chunks} · ${elapsed}${left === null ? '' : ` · about ${duration(left)} left`}`;
    }
  }
}

/** The engine in use (or last used); unknown before the first start. */
export const engineNote = (job: MediaJob) => (job.engine === null ? null : `Engine: ${job.engine}`);

/** What a resumed run took over instead of transcribing again. */
export function resumedNote(job: MediaJob): string | null {
  if (job.interrupted) return `Resumed after a restart: ${plural(job.chunksKept, 'chunk')} kept`;
  return job.chunksKept > 0 ? `Resumed: ${plural(job.chunksKept, 'chunk')} kept` : null;
}

/** Said on the card from before the job starts: the file leaves this machine for a remote engine. */
export const sendsToNote = (job: MediaJob) => (job.sendsTo === null ? null : `The audio is sent to ${job.sendsTo} for transcription`);

/** How many files run or wait before this one. */
export function filesAhead(jobs: readonly MediaJob[], job: MediaJob): number {
  const index = jobs.indexOf(job);
  return jobs.slice(0, Math.max(0, index)).filter((j) => j.status === 'queued' || j.status === 'running').length;
}

/** Ended jobs (done, failed, cancelled) can be dismissed: their transcript stays in the library. */
export const isEnded = (job: MediaJob) => ENDED_MEDIA_STATUSES.has(job.status);
