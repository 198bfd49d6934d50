// The queue's operations: intake (classify, fold, persist), run control, retry, remove, clear, undo.
import { randomUUID } from 'node:crypto';
import { FINISHED_STATUSES, QUEUE_STATUSES, SUCCEEDED_STATUSES, type QueueItem, type QueueState } from '#shared/contract/queue';
import { classifyUrl } from '#shared/queue/intake';
import { permanentFailure, type PermanentReason } from '#shared/queue/permanence';
import type { NewQueueItem } from '#service/store/port';
import type { Clock } from '../clock';
import type { DeskDeps } from '../deps';
import type { DeskClient } from '../teamServer';
import type { DeskEvents } from '../events';
import { QueueFeed } from './feed';
import { QueueRunner } from './runner';

export interface DeskQueueOptions {
  deps: DeskDeps;
  events: DeskEvents;
  clock: Clock;
  flushMs: number;
  concurrency: () => Promise<number>;
  onBalance: (credits: number, plan: string) => void;
  onSubmitted: () => void;
  client: () => Promise<DeskClient>;
  /** RunnerOptions.resumeRunning. */
  resumeRunning?: boolean;
  /** Start only rows queued (or retried) through this desk: a session desk's (DeskOptions.backgroundWork). */
  ownRowsOnly?: boolean;
}

export class DeskQueue {
  readonly feed: QueueFeed;
  readonly runner: QueueRunner;
  private readonly deps: DeskDeps;
  /** With ownRowsOnly: the rows this desk queued or retried, the only ones its runner starts. */
  private readonly own: Set<string> | undefined;

  constructor(options: DeskQueueOptions) {
    this.deps = options.deps;
    this.feed = new QueueFeed(options.events, options.flushMs);
    const own = options.ownRowsOnly === true ? new Set<string>() : undefined;
    this.own = own;
    this.runner = new QueueRunner({
      deps: options.deps,
      feed: this.feed,
      clock: options.clock,
      concurrency: options.concurrency,
      onBalance: options.onBalance,
      onSubmitted: options.onSubmitted,
      client: options.client,
      resumeRunning: options.resumeRunning ?? true,
      ...(own === undefined ? {} : { mayRun: (item: QueueItem) => own.has(item.id) }),
    });
  }

  /**
   * Classifies every URL again with the shared rules (whatever the renderer already showed) and
   * stores it: invalid ones with their reason, never to be sent; duplicates folded into one item.
   */
  async enqueue(entries: readonly { id?: string | undefined; url: string }[]): Promise<{ items: QueueItem[]; folded: number }> {
    const rows: NewQueueItem[] = entries.map((entry) => ({ id: entry.id ?? randomUUID(), ...classifyUrl(entry.url) }));
    const result = await this.deps.store.queue.add(rows);
    for (const item of result.items) {
      this.own?.add(item.id);
      this.feed.upsert(item);
    }
    void this.runner.pump();
    return result;
  }

  async list(): Promise<{ items: QueueItem[]; state: QueueState }> {
    const items = await this.deps.store.queue.list();
    await this.runner.refreshConcurrency();
    return { items, state: this.runner.state() };
  }

  /** These failed items, or (no ids) every failed item that retrying can change: see permanence.ts. */
  async retry(ids?: readonly string[]): Promise<{ retried: number; skipped: { reason: PermanentReason; count: number }[] }> {
    const skipped = new Map<PermanentReason, number>();
    let chosen = ids;
    if (chosen === undefined) {
      const failed = (await Promise.all((await this.deps.store.queue.idsWithStatus(['failed'])).map((id) => this.deps.store.queue.get(id)))).filter((item) => item !== undefined);
      chosen = failed
        .filter((item) => {
          const reason = permanentFailure(item);
          if (reason !== null) skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
          return reason === null;
        })
        .map((item) => item.id);
    }
    const retried = await this.deps.store.queue.retry(chosen);
    for (const id of retried) this.own?.add(id);
    await this.publish(retried);
    void this.runner.pump();
    return { retried: retried.length, skipped: [...skipped].map(([reason, count]) => ({ reason, count })) };
  }

  /** Removes items and answers them as they were, so the desk can offer Undo (restore). */
  async remove(ids: readonly string[]): Promise<QueueItem[]> {
    const before = (await Promise.all(ids.map((id) => this.deps.store.queue.get(id)))).filter((item) => item !== undefined);
    this.runner.abort(ids);
    const removed = new Set(await this.deps.store.queue.remove(ids));
    this.feed.remove([...removed]);
    return before.filter((item) => removed.has(item.id));
  }

  /** Undo of a removal: the rows come back as they were (running ones queued). */
  async restore(items: readonly QueueItem[]): Promise<number> {
    const restored = await this.deps.store.queue.restore(items);
    await this.publish(restored);
    void this.runner.pump();
    return restored.length;
  }

  /** `succeeded`: done, cached and no-speech rows; `finished`: also failed and invalid ones; `all`: everything. */
  async clear(which: 'succeeded' | 'finished' | 'all'): Promise<QueueItem[]> {
    const statuses = which === 'all' ? QUEUE_STATUSES : which === 'succeeded' ? SUCCEEDED_STATUSES : QUEUE_STATUSES.filter((s) => FINISHED_STATUSES.has(s));
    return this.remove(await this.deps.store.queue.idsWithStatus(statuses));
  }

  /** Items changed elsewhere (the job watcher): send them. */
  async publish(ids: readonly string[]): Promise<void> {
    for (const id of ids) {
      const item = await this.deps.store.queue.get(id);
      if (item !== undefined) this.feed.upsert(item);
    }
  }

  close(): void {
    this.runner.close();
    this.feed.flush();
  }
}
