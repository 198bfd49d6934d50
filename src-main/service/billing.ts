// Prices of spec §8. Errors and cache hits are free; those rules live where the charge happens.

/** A fresh synchronous transcript or clip, captions or speech-to-text alike. */
export const SYNC_TRANSCRIPT_PRICE = 1;

/** Free minutes at the start of an episode before the first hour is counted. */
export const PODCAST_GRACE_SECONDS = 300;

/**
 * Podcast price: 10 credits per started audio hour after a 5-minute grace, at least 10.
 * 30 min → 10, 65 min → 10, 66 min → 20, 2 h → 20, 2 h 06 → 30 (ARCHITECTURE §4).
 */
export function podcastPrice(seconds: number): number {
  const billable = Math.max(0, Math.ceil(seconds) - PODCAST_GRACE_SECONDS);
  return 10 * Math.max(1, Math.ceil(billable / 3600));
}
