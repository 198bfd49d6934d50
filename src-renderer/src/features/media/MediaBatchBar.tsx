// One bar over every local media file on the desk, with one estimate (src-shared/media/batch.ts):
// a batch of recordings reads as one piece of work, however the runner spreads its chunks.
import type { MediaJob } from '#shared/contract/media';
import { mediaBatch } from '#shared/media/batch';
import { duration, plural } from '../../lib/format';

function whenText(jobs: readonly MediaJob[], ended: number, files: number, remainingSeconds: number | null): string {
  if (ended === files) return 'finished';
  if (remainingSeconds !== null) return `about ${duration(remainingSeconds * 1000)} left`;
  if (jobs.some((j) => j.status === 'running')) return 'estimating';
  return jobs.some((j) => j.status === 'queued') ? 'waiting' : 'paused';
}

export function MediaBatchBar({ jobs, now }: { jobs: readonly MediaJob[]; now: number }) {
  const batch = mediaBatch(jobs, now);
  if (batch.files === 0) return null;
  const pct = Math.round(batch.fraction * 100);
  const done = jobs.filter((j) => j.status === 'done').length;
  const failed = jobs.filter((j) => j.status === 'failed').length;
  const when = whenText(jobs, batch.ended, batch.files, batch.remainingSeconds);
  return (
    <div className={batch.ended === batch.files ? 'batch-progress media-batch media-batch-ended' : 'batch-progress media-batch'} data-testid="media-batch">
      <div className="progress-track" role="progressbar" aria-label="All local files" aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct} aria-valuetext={`${pct}%: ${done} of ${plural(batch.files, 'file')} done, ${when}`}>
        <span className="progress-done" style={{ width: `${batch.fraction * 100}%` }} />
      </div>
      <p className="progress-text">
        <span data-testid="media-batch-files">
          {done} of {plural(batch.files, 'local file')} done
        </span>
        {failed > 0 && <span>{failed} failed</span>}
        <span>{pct}%</span>
        <span data-testid="media-batch-eta">{when}</span>
        <span>no credits: transcribed on this machine</span>
      </p>
    </div>
  );
}
