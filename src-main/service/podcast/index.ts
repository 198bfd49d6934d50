// Podcast jobs as the rest of the app sees them: the submitter the REST facade calls, and the
// controls of the runner (resume at start, cancel from the desk, close at shutdown).
import type { EpisodeFacts, Store } from '../store/port';
import type { SpeechToText } from '../stt/index';
import type { UpstreamClient } from '../upstream/client';
import { PodcastRunner, type PodcastEvent } from './runner';
import { podcastSubmitter as submitterFor } from './submit';
import type { PodcastSubmitter } from './submitter';

export interface PodcastJobsDeps {
  store: Store;
  stt: SpeechToText;
  upstream: UpstreamClient;
  home: string;
}

/**
 * Podcast jobs as a host of the service holds them: this process's runner (PodcastJobs), or a
 * team server's queue (service/cluster/queuedPodcast.ts), where workers elsewhere do the work.
 */
export interface PodcastJobsControl {
  readonly submitter: PodcastSubmitter;
  /** Calls `listener` after this process changed job records; returns the unsubscribe. */
  watch(listener: () => void): () => void;
  /** Picks up work a previous process left; returns the episode keys it queued. */
  resume(): Promise<string[]>;
  /** Cancels one of the account's processing jobs (refunded); false if there is no such job. */
  cancel(accountId: number, jobId: string): Promise<boolean>;
  /** What this process's runner does (the serve log); a queue's workers log for themselves. */
  subscribe(listener: (event: PodcastEvent) => void): () => void;
  /** Stops the work in hand without failing it. */
  close(): Promise<void>;
}

export class PodcastJobs implements PodcastJobsControl {
  readonly submitter: PodcastSubmitter;
  private readonly runner: PodcastRunner;
  private readonly watchers = new Set<() => void>();

  constructor(deps: PodcastJobsDeps) {
    this.runner = new PodcastRunner(deps);
    const runner = this.runner;
    const workers = {
      start: async (accountId: number, facts: EpisodeFacts, price: number) => {
        const started = await deps.store.podcastWork.start(accountId, facts, price);
        if (started.ok) runner.enqueue(facts.key);
        return started;
      },
      poke: (key: string) => runner.enqueue(key),
    };
    const submitter = submitterFor({ store: deps.store, upstream: deps.upstream, workers });
    this.submitter = {
      submit: async (caller, item) => {
        const outcome = await submitter.submit(caller, item);
        // A new job, or one more on work already running or done: either is a change of the job records.
        if (outcome.kind !== 'refused') this.changed();
        return outcome;
      },
    };
    this.runner.subscribe(() => this.changed());
  }

  /**
   * Calls `listener` after this process changed job records (a submit, a start, progress, an end,
   * a cancel): the desk reads its job cards then instead of polling. Changes another process makes
   * to the same ledger are not seen here. Returns the unsubscribe.
   */
  watch(listener: () => void): () => void {
    this.watchers.add(listener);
    return () => this.watchers.delete(listener);
  }

  private changed(): void {
    for (const watcher of this.watchers) {
      try {
        watcher();
      } catch {
        // A watcher's bug must not fail a submit or stop the runner.
      }
    }
  }

  /**
   * Picks up the episodes a previous process left `processing` (crash, restart). Long-running hosts
   * of the service (`serve`, the desktop app) call it once at start; one-shot CLI commands do not.
   * Returns the episode keys it queued.
   */
  resume(): Promise<string[]> {
    return this.runner.resume();
  }

  /** Cancels one of the account's processing jobs: it fails with "Cancelled" and is refunded. False if there is no such job. */
  cancel(accountId: number, jobId: string): Promise<boolean> {
    return this.runner.cancel(accountId, jobId);
  }

  subscribe(listener: (event: PodcastEvent) => void): () => void {
    return this.runner.subscribe(listener);
  }

  /** Stops the episode in hand without failing it: it resumes at the next start. */
  close(): Promise<void> {
    return this.runner.close();
  }
}

export type { PodcastEvent } from './runner';
export { podcastSubmitter, type EpisodeWorkers } from './submit';
