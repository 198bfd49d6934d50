// The queue's operations: intake (classify, fold, persist), run control, retry, remove, clear, undo.
import { randomUUID } from 'node:crypto';
import { FINISHED_STATUSES, QUEUE_STATUSES, SUCCEEDED_STATUSES, type QueueItem, type QueueState } from '../../../src-shared/contract/queue';
import { classifyUrl } from '../../../src-shared/queue/intake';
import { permanentFailure, type PermanentReason } from '../../../src-shared/queue/permanence';
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

  /** These failed items, or (no ids) every failed item that retrying can change: see permanence.ts. */
  retry(ids?: readonly string[]): { retried: number; skipped: { reason: PermanentReason; count: number }[] } {
    const skipped = new Map<PermanentReason, number>();
    let chosen = ids;
    if (chosen === undefined) {
      const failed = this.deps.ledger.queue.idsWithStatus(['failed']).map((id) => this.deps.ledger.queue.get(id)).filter((item) => item !== undefined);
      chosen = failed
        .filter((item) => {
          const reason = permanentFailure(item);
          if (reason !== null) skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
          return reason === null;
        })
        .map((item) => item.id);
    }
    const retried = this.deps.ledger.queue.retry(chosen);
    this.publish(retried);
    this.runner.pump();
    return { retried: retried.length, skipped: [...skipped].map(([reason, count]) => ({ reason, count })) };
  }

  /** Removes items and answers them as they were, so the desk can offer Undo (restore). */
  remove(ids: readonly string[]): QueueItem[] {
    const before = ids.map((id) => this.deps.ledger.queue.get(id)).filter((item) => item !== undefined);
    this.runner.abort(ids);
    const removed = new Set(this.deps.ledger.queue.remove(ids));
    this.feed.remove([...removed]);
    return before.filter((item) => removed.has(item.id));
  }

  /** Undo of a removal: the rows come back as they were (running ones queued). */
  restore(items: readonly QueueItem[]): number {
    const restored = this.deps.ledger.queue.restore(items);
    this.publish(restored);
    this.runner.pump();
    return restored.length;
  }

  /** `succeeded`: done, cached and no-speech rows; `finished`: also failed and invalid ones; `all`: everything. */
  clear(which: 'succeeded' | 'finished' | 'all'): QueueItem[] {
    const statuses = which === 'all' ? QUEUE_STATUSES : which === 'succeeded' ? SUCCEEDED_STATUSES : QUEUE_STATUSES.filter((s) => FINISHED_STATUSES.has(s));
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
