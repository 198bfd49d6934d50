// When a follow's queue rows finish. A row that ends with a transcript makes its item `done` with
// what the row was charged (the budget counts the real charge from then on), raises the follow's
// badge and announces the landing (the desktop app's notification); a row that fails makes its
// item `failed`, charged nothing. Rows are learnt of from the desk's queue events as they finish,
// and at each check from the store (a row may have finished while no desk listened: the app was
// closed, or the CLI queued it and `serve` ran it).
import { SUCCEEDED_STATUSES, type QueueItem } from '#shared/contract/queue';
import type { FollowItem, FollowRecord, Store } from '#service/store/port';
import { spentIn } from './budget';

export interface LandedNotice {
  followId: string;
  sourceTitle: string;
  titles: string[];
  count: number;
}

export interface LandingOptions {
  store: Store;
  queue: { get(id: string): Promise<QueueItem | undefined> };
  /** The engine's lock for read-modify-write of records. */
  locked<T>(fn: () => Promise<T>): Promise<T>;
  announce(records: FollowRecord[], notices: LandedNotice[]): void;
}

const SUCCEEDED: ReadonlySet<string> = new Set(SUCCEEDED_STATUSES);
const ENDED_WITHOUT: ReadonlySet<string> = new Set(['failed', 'invalid']);

export class Landing {
  /** Queue rows of follows not finished yet: only these are looked up when the queue changes. */
  private readonly open = new Set<string>();
  private readonly loaded: Promise<void>;

  constructor(private readonly options: LandingOptions) {
    this.loaded = (async () => {
      for (const record of await options.store.follows.list()) {
        for (const item of await options.store.follows.items(record.id)) if (item.state === 'queued' && item.queueItemId !== null) this.open.add(item.queueItemId);
      }
    })().catch((error: unknown) => console.error('transcript-desk: reading the follows\' queued items failed:', error));
  }

  track(queueItemId: string): void {
    this.open.add(queueItemId);
  }

  async rowsChanged(rows: readonly QueueItem[]): Promise<void> {
    await this.loaded;
    const ended = rows.filter((row) => this.open.has(row.id) && (SUCCEEDED.has(row.status) || ENDED_WITHOUT.has(row.status)));
    if (ended.length > 0) await this.settle(ended);
  }

  /** A follow's queued items whose rows ended (or were removed) while no event reached this engine. */
  async reconcile(followId: string): Promise<void> {
    const queued = (await this.options.store.follows.items(followId)).filter((item) => item.state === 'queued' && item.queueItemId !== null);
    const rows: QueueItem[] = [];
    const gone: FollowItem[] = [];
    for (const item of queued) {
      const row = await this.options.queue.get(item.queueItemId as string);
      if (row === undefined) gone.push(item);
      else if (SUCCEEDED.has(row.status) || ENDED_WITHOUT.has(row.status)) rows.push(row);
    }
    if (gone.length > 0) {
      await this.options.locked(async () => {
        // Removed from the queue by the person before it ran: not fetched, not charged.
        for (const item of gone) await this.options.store.follows.updateItem(item.followId, item.key, { state: 'failed', credits: 0, message: 'Removed from the queue before it was fetched' });
      });
    }
    if (rows.length > 0) await this.settle(rows);
  }

  private async settle(rows: readonly QueueItem[]): Promise<void> {
    const { store } = this.options;
    const result = await this.options.locked(async () => {
      const landed = new Map<string, string[]>();
      const touched = new Set<string>();
      for (const row of rows) {
        this.open.delete(row.id);
        for (const item of await store.follows.byQueueItem(row.id)) {
          if (item.state !== 'queued') continue;
          touched.add(item.followId);
          if (SUCCEEDED.has(row.status)) {
            await store.follows.updateItem(item.followId, item.key, { state: 'done', credits: row.credits, message: null });
            landed.set(item.followId, [...(landed.get(item.followId) ?? []), row.title ?? item.title]);
          } else {
            await store.follows.updateItem(item.followId, item.key, { state: 'failed', credits: 0, message: `${row.error ?? 'Failed'}${row.message === null ? '' : `: ${row.message}`}` });
          }
        }
      }
      const records: FollowRecord[] = [];
      const notices: LandedNotice[] = [];
      for (const followId of touched) {
        const current = await store.follows.get(followId);
        if (current === undefined) continue;
        const titles = landed.get(followId) ?? [];
        const items = await store.follows.items(followId);
        // The real charges replace the estimates in what the month has spent.
        const next = await store.follows.update(followId, { unseen: current.unseen + titles.length, spentThisMonth: spentIn(items, current.budgetMonth) });
        if (next === undefined) continue;
        records.push(next);
        if (titles.length > 0) notices.push({ followId, sourceTitle: next.source.title, titles, count: titles.length });
      }
      return { records, notices };
    });
    this.options.announce(result.records, result.notices);
  }
}

