// Podcast jobs on a team server's API node: a submit reserves the credits and sends the episode's
// first job (prepare) in one transaction, so there is never a reservation without work nor work
// without a reservation. The workers (worker.ts) do the rest; the job records live in the shared
// store, so any node answers a job's poll.
import type { PgBoss } from 'pg-boss';
import type { ClusterStore } from '../store/cluster';
import { podcastSubmitter, type PodcastJobsControl } from '../podcast/index';
import type { PodcastSubmitter } from '../podcast/submitter';
import type { UpstreamClient } from '../upstream/client';
import { QUEUES } from './boss';
import { episodeTaskKey, type EpisodeJob } from './jobs';

export class QueuedPodcastJobs implements PodcastJobsControl {
  readonly submitter: PodcastSubmitter;
  private readonly watchers = new Set<() => void>();

  constructor(
    private readonly store: ClusterStore,
    boss: PgBoss,
    upstream: UpstreamClient,
  ) {
    const inner = podcastSubmitter({
      store,
      upstream,
      workers: {
        start: (accountId, facts, price) =>
          store.clusterTransaction(async (tx) => {
            const started = await tx.podcastWork.start(accountId, facts, price);
            if (started.ok) {
              const job: EpisodeJob = { episode: facts.key, taskKey: episodeTaskKey(facts.key) };
              // The singleton key keeps one prepare per episode queued or running, whoever sends it.
              await boss.send(QUEUES.prepare, job, { singletonKey: facts.key, db: tx.jobs });
            }
            return started;
          }),
        // The queue keeps an episode's work across restarts (its jobs are retried, or dead-lettered
        // and refunded): a submit that joins running work has nothing to wake.
        poke: () => undefined,
      },
    });
    this.submitter = {
      submit: async (caller, item) => {
        const outcome = await inner.submit(caller, item);
        if (outcome.kind !== 'refused') this.changed();
        return outcome;
      },
    };
  }

  watch(listener: () => void): () => void {
    this.watchers.add(listener);
    return () => this.watchers.delete(listener);
  }

  /** Nothing to resume on an API node: the queue holds the work. */
  resume(): Promise<string[]> {
    return Promise.resolve([]);
  }

  /**
   * Refunds the account's job; when nobody else waits on the episode it fails ("Cancelled"), and
   * its queued and running jobs find it so and stop (worker.ts checks before and after each piece).
   */
  async cancel(accountId: number, jobId: string): Promise<boolean> {
    const { cancelled } = await this.store.podcastWork.cancel(accountId, jobId);
    if (cancelled) this.changed();
    return cancelled;
  }

  /** The workers log their own events; an API node has none. */
  subscribe(): () => void {
    return () => undefined;
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  private changed(): void {
    for (const watcher of this.watchers) {
      try {
        watcher();
      } catch {
        // A watcher's bug must not fail a submit.
      }
    }
  }
}
