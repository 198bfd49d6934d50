// Follows (desk/follows) as the store port keeps them: one record per followed source, and the
// items each follow has met in its source with what became of them. The record is the contract's
// Follow (less `itemsKnown`, counted from the items) plus the engine's own bookkeeping; both
// stores keep it as JSON beside the columns that are looked up (id, source key, queue item id).
import type { Follow } from '#shared/contract/sources';
import type { PlatformToken } from '#shared/platforms';

/** What the engine keeps beside the contract's view of a follow. */
export interface FollowRecord extends Omit<Follow, 'itemsKnown'> {
  /** Refused checks in a row (429s, challenges): the exponent of the backoff; 0 after an answer. */
  strikes: number;
}

export type FollowChange = Partial<Omit<FollowRecord, 'id' | 'createdAt' | 'source'>>;

/**
 * What became of an item a follow met in its source. `seen`: known, never to be queued (older than
 * the backfill or `since`, or there before the follow). `skipped-in-library`: the library had it.
 * `pending-window`: waits for the nightly window. `over-budget`: waits for next month's budget.
 * `queued`: a queue row fetches it. `done` / `failed`: that row's end.
 */
export const FOLLOW_ITEM_STATES = ['seen', 'skipped-in-library', 'pending-window', 'over-budget', 'queued', 'done', 'failed'] as const;
export type FollowItemState = (typeof FOLLOW_ITEM_STATES)[number];

export interface FollowItem {
  followId: string;
  /** `<platform>:<itemId>`: the item's identity within the follow (two URL forms of one item share it). */
  key: string;
  url: string;
  platform: PlatformToken;
  itemId: string;
  title: string;
  publishedAt: number | null;
  durationSeconds: number | null;
  state: FollowItemState;
  /** The queue row fetching it, once queued. */
  queueItemId: string | null;
  /** What the budget counted for it when it was queued (the estimate, see desk/follows/budget.ts). */
  estimate: number;
  /** What its queue row was charged, once known; null before. */
  credits: number | null;
  /** When it was queued (ms): the budget month it counts in. */
  queuedAt: number | null;
  firstSeenAt: number;
  /** Why it failed, in words. */
  message: string | null;
}

export type FollowItemChange = Partial<Omit<FollowItem, 'followId' | 'key'>>;

export interface FollowStore {
  /** Refuses (rejects) a second follow of the same source key. */
  add(record: FollowRecord): Promise<void>;
  get(id: string): Promise<FollowRecord | undefined>;
  bySourceKey(key: string): Promise<FollowRecord | undefined>;
  /** Oldest first. */
  list(): Promise<FollowRecord[]>;
  /** Merges `change` into the record in one write; the record as it is now, or undefined when it is gone. */
  update(id: string, change: FollowChange): Promise<FollowRecord | undefined>;
  /** The follow and its items; false when there was none. */
  remove(id: string): Promise<boolean>;
  /** The follow's items in the order they were first met. */
  items(followId: string): Promise<FollowItem[]>;
  /** How many items each follow knows (for `itemsKnown`). */
  itemCounts(): Promise<Map<string, number>>;
  /** Adds new items; an item the follow already knows (same key) is left as it is. */
  addItems(items: readonly FollowItem[]): Promise<void>;
  /** Merges `change` into one item; the item as it is now, or undefined when it is gone. */
  updateItem(followId: string, key: string, change: FollowItemChange): Promise<FollowItem | undefined>;
  /** The follow items a queue row fetches (one, unless two follows met the same item). */
  byQueueItem(queueItemId: string): Promise<FollowItem[]>;
}

export const mergeFollow = (record: FollowRecord, change: FollowChange): FollowRecord => ({ ...record, ...change });
export const mergeFollowItem = (item: FollowItem, change: FollowItemChange): FollowItem => ({ ...item, ...change });
