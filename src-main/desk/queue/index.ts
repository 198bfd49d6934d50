// The queue's operations: intake (classify, fold, persist), run control, retry, remove, clear.
import { randomUUID } from 'node:crypto';
import { FINISHED_STATUSES, QUEUE_STATUSES, type QueueItem, type QueueState } from '../../../src-shared/contract/queue';
import { classifyUrl } from '../../../src-shared/queue/intake';
import type { NewQueueItem } from '../../service/ledger/queueItems';
import type { Clock } from '../clock';
import type { DeskDeps } from '../deps';
import type { DeskEvents } from '../events';
import { QueueFeed } from './feed';
import { QueueRunner } from './runner';

export interface DeskQueueOptions {
  deps: DeskDeps;
  events: DeskEvents;
  clock: Clock;
  flushMs: number;
  concurrency: () => number;
  onBalance: (credits: number, plan: string) => void;
  onSubmitted: () => void;
}

export class DeskQueue {
  readonly feed: QueueFeed;
  readonly runner: QueueRunner;
  private readonly deps: DeskDeps;

  constructor(options: DeskQueueOptions) {
    this.deps = options.deps;
    this.feed = new QueueFeed(options.events, options.flushMs);
    this.runner = new QueueRunner({ deps: options.deps, feed: this.feed, clock: options.clock, concurrency: options.concurrency, onBalance: options.onBalance, onSubmitted: options.onSubmitted });
  }

  /**
   * Classifies every URL again with the shared rules (whatever the renderer already showed) and
   * stores it: invalid ones with their reason, never to be sent; duplicates folded into one item.
   */
  enqueue(entries: readonly { id?: string | undefined; url: string }[]): { items: QueueItem[]; folded: number } {
    const rows: NewQueueItem[] = entries.map((entry) => ({ id: entry.id ?? randomUUID(), ...classifyUrl(entry.url) }));
    const result = this.deps.ledger.queue.add(rows, randomUUID);
    for (const item of result.items) this.feed.upsert(item);
    this.runner.pump();
    return result;
  }

  list(): { items: QueueItem[]; state: QueueState } {
    return { items: this.deps.ledger.queue.list(), state: this.runner.state() };
  }

  retry(ids?: readonly string[]): number {
    const retried = this.deps.ledger.queue.retry(ids);
    this.publish(retried);
    this.runner.pump();
    return retried.length;
  }

  remove(ids: readonly string[]): number {
    this.runner.abort(ids);
    const removed = this.deps.ledger.queue.remove(ids);
    this.feed.remove(removed);
    return removed.length;
  }

  clear(which: 'finished' | 'all'): number {
    const statuses = which === 'all' ? QUEUE_STATUSES : QUEUE_STATUSES.filter((s) => FINISHED_STATUSES.has(s));
    return this.remove(this.deps.ledger.queue.idsWithStatus(statuses));
  }

  /** Items changed elsewhere (the job watcher): send them. */
  publish(ids: readonly string[]): void {
    for (const id of ids) {
      const item = this.deps.ledger.queue.get(id);
      if (item !== undefined) this.feed.upsert(item);
    }
  }

  close(): void {
    this.runner.close();
    this.feed.flush();
  }
}
