import { PLATFORMS, type SyncPlatformToken } from '#shared/platforms';
import { ERROR_TEXT } from '../apiResponse';
import type { PlatformFetcher } from './fetcher';

/** Stands where a platform has no fetcher yet: a clear 502 that charges nothing. */
export function notImplementedFetcher<P extends SyncPlatformToken>(platform: P): PlatformFetcher<P> {
  return {
    fetch: () =>
      Promise.resolve({
        ok: false,
        status: 502,
        error: ERROR_TEXT.upstream,
        message: `Fetching ${PLATFORMS[platform].uiName} transcripts is not implemented yet in this build`,
      }),
  };
}
