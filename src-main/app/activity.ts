// What the taskbar/dock shows and when the OS is told something finished, computed from the
// desk's own events: the queue's items and phase, and podcast job records. Pure: the shell
// applies the answers (setProgressBar, Notification).
import type { PodcastJob } from '#shared/contract/podcast';
import { FINISHED_STATUSES, type QueueItem, type QueueState, type QueueStatus } from '#shared/contract/queue';

export interface Notice {
  title: string;
  body: string;
}

export interface ActivityUpdate {
  /** 0..1 while something runs; -1 removes the bar (Electron's convention). */
  progress: number;
  notices: Notice[];
}

const isWorkStatus = (status: QueueStatus) => status !== 'invalid';

export class ActivityTracker {
  private readonly items = new Map<string, QueueStatus>();
  private readonly jobs = new Map<string, PodcastJob>();
  private phase: QueueState['phase'] = 'idle';
  /** Items that were waiting or running when the current run began: the batch it reports on. */
  private batch = new Set<string>();

  /** The state at start (queue.list, podcast.list); reports nothing. */
  reset(items: readonly QueueItem[], state: QueueState, jobs: readonly PodcastJob[]): ActivityUpdate {
    this.items.clear();
    for (const item of items) this.items.set(item.id, item.status);
    this.jobs.clear();
    for (const job of jobs) this.jobs.set(job.jobId, job);
    this.phase = state.phase;
    this.batch = new Set(this.phase === 'running' ? this.unfinished() : []);
    return { progress: this.progress(), notices: [] };
  }

  queueChanged(upserted: readonly QueueItem[], removed: readonly string[]): ActivityUpdate {
    for (const item of upserted) {
      this.items.set(item.id, item.status);
      if (this.phase === 'running' && !FINISHED_STATUSES.has(item.status)) this.batch.add(item.id);
    }
    for (const id of removed) {
      this.items.delete(id);
      this.batch.delete(id);
    }
    return { progress: this.progress(), notices: [] };
  }

  queueState(state: QueueState): ActivityUpdate {
    const notices: Notice[] = [];
    if (state.phase === 'running' && this.phase !== 'running') this.batch = new Set(this.unfinished());
    if (this.phase === 'running' && state.phase === 'idle' && this.batch.size > 0) {
      notices.push(this.batchNotice());
      this.batch.clear();
    }
    this.phase = state.phase;
    return { progress: this.progress(), notices };
  }

  jobProgress(job: PodcastJob): ActivityUpdate {
    const before = this.jobs.get(job.jobId);
    this.jobs.set(job.jobId, job);
    const notices: Notice[] = [];
    if (before?.status === 'processing' && job.status !== 'processing') {
      const what = job.episode.title || 'A podcast episode';
      notices.push(job.status === 'done' ? { title: 'Podcast transcript ready', body: what } : { title: 'Podcast transcript failed', body: `${what}: ${job.error?.message ?? 'failed'}` });
    }
    return { progress: this.progress(), notices };
  }

  /** One bar for everything running: batch items finished plus podcast chunks done, over their totals. */
  progress(): number {
    let done = 0;
    let total = 0;
    if (this.phase === 'running') {
      for (const id of this.batch) {
        const status = this.items.get(id);
        if (status === undefined || !isWorkStatus(status)) continue;
        total++;
        if (FINISHED_STATUSES.has(status) || status === 'submitted') done++;
      }
    }
    let jobsRunning = false;
    for (const job of this.jobs.values()) {
      if (job.status !== 'processing') continue;
      jobsRunning = true;
      // A job that has not been cut into chunks yet counts as one unit not done.
      total += Math.max(1, job.progress.chunksTotal);
      done += Math.min(job.progress.chunksDone, job.progress.chunksTotal);
    }
    if (total === 0) return this.phase === 'running' || jobsRunning ? 0 : -1;
    return done / total;
  }

  private unfinished(): string[] {
    return [...this.items].filter(([, status]) => !FINISHED_STATUSES.has(status) && status !== 'submitted').map(([id]) => id);
  }

  private batchNotice(): Notice {
    const counts = new Map<QueueStatus, number>();
    for (const id of this.batch) {
      const status = this.items.get(id);
      if (status !== undefined) counts.set(status, (counts.get(status) ?? 0) + 1);
    }
    const parts: string[] = [];
    const add = (n: number, word: string) => n > 0 && parts.push(`${n} ${word}`);
    add((counts.get('done') ?? 0) + (counts.get('empty') ?? 0), 'done');
    add(counts.get('cached') ?? 0, 'from the cache');
    add(counts.get('submitted') ?? 0, 'podcast jobs started');
    add(counts.get('failed') ?? 0, 'failed');
    return { title: 'Batch finished', body: parts.length > 0 ? parts.join(', ') : 'Nothing was left to fetch' };
  }
}
