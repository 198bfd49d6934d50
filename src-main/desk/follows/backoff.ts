// When a refused check (429, a challenge, a block, an unreadable answer) is tried again. Asking a
// site that refuses us on the usual schedule keeps its block alive, so each refusal in a row
// doubles the wait (interval × 2^strikes), never past a day; a Retry-After the site named is
// honoured whenever it is longer.

export const MAX_BACKOFF_MS = 24 * 3_600_000;

/** The wait before the next check after the `strikes`-th refusal in a row (strikes ≥ 1). */
export function backoffMs(intervalMinutes: number, strikes: number, retryAfterMs?: number): number {
  const doubled = Math.min(MAX_BACKOFF_MS, intervalMinutes * 60_000 * 2 ** Math.min(strikes, 30));
  return Math.max(doubled, retryAfterMs ?? 0);
}
