import type { SyncPlatformToken } from '../../../src-shared/platforms';
import type { PlatformFetcher } from './fetcher';
import { notImplementedFetcher } from './notImplemented';

export type FetcherTable = Record<SyncPlatformToken, PlatformFetcher>;

const SYNC_PLATFORMS: readonly SyncPlatformToken[] = ['longform', 'shortform', 'reels', 'social', 'professional', 'openvideo', 'microblog', 'clips_a', 'clips_b'];

/** The fetchers this build ships; platforms without one answer a clear 502. */
export function defaultFetchers(overrides: Partial<FetcherTable> = {}): FetcherTable {
  const table = Object.fromEntries(SYNC_PLATFORMS.map((p) => [p, overrides[p] ?? notImplementedFetcher(p)]));
  return table as FetcherTable;
}
