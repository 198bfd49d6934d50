// Podcast jobs as their cards show them, read from the job records (spec §2.4) the podcast runner
// writes, and a watcher that turns changes of those records into events and queue item updates.
import type { PodcastJob } from '#shared/contract/podcast';
import type { PodcastJobSummary } from '#service/store/port';
import type { DeskDeps } from '../deps';
import { CoalescedRuns } from '../coalescedRuns';
import type { DeskEvents } from '../events';
import { latestPerEpisode } from '#shared/podcastCards';

export async function jobCard(deps: DeskDeps, job: PodcastJobSummary): Promise<PodcastJob> {
  const booked = await deps.store.credits.byReference(job.accountId, job.jobId);
  const reserved = -booked.reserve;
  // A settle row is positive when it gave back what the audio did not use, negative when it took more.
  const refunded = booked.refund + Math.max(booked.settle, 0);
  const charged = Math.max(0, reserved - refunded + Math.max(-booked.settle, 0));
  const e = job.episode;
  return {
    jobId: job.jobId,
    status: job.status,
    progress: { chunksDone: e.chunksDone, chunksTotal: e.chunksTotal },
    episode: { key: e.key, title: e.title, showTitle: e.showTitle, artworkUrl: e.artworkUrl, durationSeconds: e.durationSeconds },
    createdAt: job.createdAt,
    startedAt: e.startedAt,
    episodesAhead: e.ahead,
    completedAt: job.completedAt,
    error: job.status === 'failed' ? { code: 'transcription_failed', message: e.errorMessage ?? 'The episode could not be transcribed' } : null,
    credits: { reserved, refunded, charged },
  };
}

/** Every job of the owner, newest first. */
const everyJob = async (deps: DeskDeps) => Promise.all((await deps.store.podcastJobs.listForAccount(deps.owner.accountId)).map((job) => jobCard(deps, job)));

/** One card per episode: its newest job (a retried episode's card shows the retry, not both). */
export async function listJobs(deps: DeskDeps): Promise<PodcastJob[]> {
  return latestPerEpisode(await everyJob(deps));
}

const signature = (job: PodcastJob) =>
  `${job.status}:${job.progress.chunksDone}/${job.progress.chunksTotal}:${job.credits.refunded}:${job.episode.title}:${job.startedAt ?? '-'}:${job.episodesAhead}`;

/**
 * How often the watcher reads job records when this process pushes its own changes: only another
 * process's changes (a CLI submit, a `serve` running episodes on the same ledger) wait for it. 5 s
 * keeps such a progress bar close enough (a chunk takes several seconds) for one read of the job
 * list every 5 s, which costs about a millisecond (bench/scale/jobWatcher.ts).
 */
export const FALLBACK_JOB_POLL_MS = 5000;

export interface JobWatcherOptions {
  deps: DeskDeps;
  events: DeskEvents;
  /** How often the records are read even when nothing was pushed (see FALLBACK_JOB_POLL_MS). */
  pollMs: number;
  /** Queue items whose job ended were updated. */
  onItemsChanged: (ids: string[]) => void;
}

/**
 * Reads the owner's job records when this process changes one (`deps.podcast.watch`) and every
 * `pollMs`, and reports what changed. Reading the local ledger is what a REST client does with GET
 * /api/podcast/jobs, without the HTTP round trip; the timed read also sees jobs that another
 * process (the CLI, another app window) submitted or runs.
 */
export class JobWatcher {
  private readonly seen = new Map<string, string>();
  /** Jobs seen done or failed: an ended job never changes again, so its credits are not read again. */
  private readonly ended = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private unwatch: (() => void) | undefined;
  /** What exists at start is known, not news: read before the first poll compares. */
  private readonly seeded: Promise<void>;
  /** Polls run one after another (each compares with what the one before saw). */
  private readonly polls = new CoalescedRuns(
    () => this.pollOnce(),
    (error) => console.error('transcript-desk: reading podcast jobs failed:', error),
  );

  constructor(private readonly options: JobWatcherOptions) {
    this.seeded = everyJob(options.deps).then(
      (jobs) => {
        for (const job of jobs) this.see(job);
      },
      (error: unknown) => console.error('transcript-desk: reading podcast jobs failed:', error),
    );
  }

  start(): void {
    if (this.timer !== undefined) return;
    this.unwatch = this.options.deps.podcast.watch?.(() => void this.poll());
    this.timer = setInterval(() => void this.poll(), this.options.pollMs);
    this.timer.unref();
  }

  /** Reads the records now (after a submit, so the card appears at once). */
  poll(): Promise<void> {
    return this.polls.request();
  }

  private see(job: PodcastJob): void {
    this.seen.set(job.jobId, signature(job));
    if (job.status !== 'processing') this.ended.add(job.jobId);
  }

  private async pollOnce(): Promise<void> {
    await this.seeded;
    const { deps, events } = this.options;
    let changed = false;
    let ended = false;
    // Every job, not one per episode: a job that ended just before a resubmit of its episode still
    // hands its outcome to its queue items (the cards keep the newest job per episode themselves).
    const live = (await deps.store.podcastJobs.listForAccount(deps.owner.accountId)).filter((view) => !this.ended.has(view.jobId));
    for (const job of await Promise.all(live.map((view) => jobCard(deps, view)))) {
      const sig = signature(job);
      if (this.seen.get(job.jobId) === sig) continue;
      changed = true;
      this.see(job);
      events.emit('job.progress', job);
      if (job.status !== 'processing') ended = (await this.finishItems(job)) || ended;
    }
    // A new job reserved credits, an ended one settled or refunded them: the header follows.
    if (changed) {
      const account = await deps.store.accounts.get(deps.owner.accountId);
      if (account !== undefined) events.emitSoon('balance', { credits: account.balance, plan: account.plan });
    }
    if (ended) events.emitSoon('library.changed', {});
  }

  stop(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
    this.unwatch?.();
    this.unwatch = undefined;
  }

  /** The queue items that submitted this job take its outcome. */
  private async finishItems(job: PodcastJob): Promise<boolean> {
    const { deps } = this.options;
    const items = (await deps.store.queue.byJob(job.jobId)).filter((item) => item.status === 'submitted');
    for (const item of items) {
      await deps.store.queue.update(
        item.id,
        job.status === 'done'
          ? { status: 'done', title: job.episode.title, credits: job.credits.charged, transcript: { kind: 'episode', key: job.episode.key } }
          : // The row shows words, not the record's machine code (`transcription_failed`).
            { status: 'failed', error: 'Transcription failed', message: `${job.error?.message ?? 'The episode could not be transcribed'} (${job.credits.refunded} credits refunded)`, credits: 0 },
      );
    }
    if (items.length > 0) this.options.onItemsChanged(items.map((i) => i.id));
    return true;
  }
}
