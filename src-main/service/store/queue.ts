// The desk's batch queue, as the store port offers it.
import type { QueueItem, QueueStatus } from '#shared/contract/queue';
import type { PlatformToken } from '#shared/platforms';

/** A new item as the desk's intake classified it. */
export interface NewQueueItem {
  id: string;
  url: string;
  platform: PlatformToken | null;
  itemId: string | null;
  canonicalKey: string | null;
  status: 'invalid' | 'queued';
  error: string | null;
  message: string | null;
}

/** What a run of an item changes. Absent fields stay as they are. */
export interface QueueItemUpdate {
  status: QueueStatus;
  error?: string | null;
  message?: string | null;
  httpStatus?: number | null;
  title?: string | null;
  credits?: number;
  jobId?: string | null;
  transcript?: { kind: 'transcript' | 'episode'; key: string } | null;
}

export interface QueueItemStore {
  get(id: string): Promise<QueueItem | undefined>;
  list(): Promise<QueueItem[]>;
  /**
   * Adds items atomically. An item already queued (same platform and key, or for an invalid URL
   * the same text) is not added again: its count goes up. An entry whose id is taken gets a fresh
   * one. Returns every row touched, and how many entries were folded into an existing row.
   */
  add(entries: readonly NewQueueItem[]): Promise<{ items: QueueItem[]; folded: number }>;
  /** The first `limit` queued items, in queue order. */
  nextQueued(limit: number): Promise<QueueItem[]>;
  /** Applies a run's outcome; the item as it is now, or undefined if it was removed meanwhile. */
  update(id: string, change: QueueItemUpdate): Promise<QueueItem | undefined>;
  /** After a crash or a restart nothing is running: those items are queued again. Returns how many. */
  requeueRunning(): Promise<number>;
  /** Failed items (these, or all) back to queued; returns the ids moved. */
  retry(ids?: readonly string[]): Promise<string[]>;
  /** Puts removed items back as they were (an undo); returns the ids restored. */
  restore(items: readonly QueueItem[]): Promise<string[]>;
  remove(ids: readonly string[]): Promise<string[]>;
  idsWithStatus(statuses: readonly QueueStatus[]): Promise<string[]>;
  /** Podcast items waiting for their job. */
  byJob(jobId: string): Promise<QueueItem[]>;
}
