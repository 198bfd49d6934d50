// What running the queued rows will cost, from the prices the service charges (billing.ts): a
// video or clip costs one credit unless the shared cache already has it (free), a podcast episode
// at least the minimum podcast price (its length is known only once its feed is read, so longer
// episodes cost more: the estimate says "about").
import type { QueueItem } from '#shared/contract/queue';
import type { SyncPlatformToken } from '#shared/platforms';
import { podcastPrice, SYNC_TRANSCRIPT_PRICE } from '#service/billing';

export interface BatchEstimate {
  /** Credits the queued rows cost, podcasts at their minimum price. */
  credits: number;
  /** Queued rows that will be sent (invalid rows never are). */
  runnable: number;
  /** Of those, rows the cache already holds: free. */
  cached: number;
  /** Of those, podcast episodes (their price grows with their length). */
  podcasts: number;
}

export function estimateBatch(items: readonly QueueItem[], isCached: (platform: SyncPlatformToken, url: string) => boolean): BatchEstimate {
  const estimate: BatchEstimate = { credits: 0, runnable: 0, cached: 0, podcasts: 0 };
  for (const item of items) {
    if (item.status !== 'queued' || item.platform === null) continue;
    estimate.runnable++;
    if (item.platform === 'podcast') {
      estimate.podcasts++;
      estimate.credits += podcastPrice(0);
    } else if (isCached(item.platform, item.url)) {
      estimate.cached++;
    } else {
      estimate.credits += SYNC_TRANSCRIPT_PRICE;
    }
  }
  return estimate;
}
