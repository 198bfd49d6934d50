// How long the rest of a batch will take. Three things bound it, and the slowest wins:
// - the pace the queue has actually kept (items finished per second while it was not waiting),
//   which already includes how fast the sites answer and the upstream client's per-host pacing;
// - the service's rate limit: one request per item, `limit` per window, so a batch larger than
//   what the current window has left must wait for later windows;
// - sites that rate-limit this machine: their rows cannot start before the site's wait ends.

export interface EtaInput {
  /** Rows still to run (queued and running). */
  remaining: number;
  now: number;
  /** Items finished per second while running, or null before any was measured. */
  itemsPerSecond: number | null;
  concurrency: number;
  rate: { limit: number | null; remaining: number | null; resetAt: number | null; waitUntil: number | null };
  /** Per waiting site: when it may be asked again, and how many of the remaining rows are its. */
  siteWaits: readonly { until: number; rows: number }[];
  windowMs: number;
}

/** Before anything was measured: a fetch through the fixture or a real site takes about a second. */
export const ASSUMED_SECONDS_PER_ITEM = 1;

/** Milliseconds until the remaining rows are done (0 when none remain). */
export function estimateEta(input: EtaInput): number {
  const { remaining, now, rate, windowMs } = input;
  if (remaining <= 0) return 0;
  const perSecond = input.itemsPerSecond ?? Math.max(1, input.concurrency) / ASSUMED_SECONDS_PER_ITEM;
  const workMs = (n: number) => (n / perSecond) * 1000;
  const start = rate.waitUntil !== null && rate.waitUntil > now ? rate.waitUntil : now;
  let eta = start - now + workMs(remaining);

  if (rate.limit !== null && rate.limit > 0) {
    const windowOpen = rate.resetAt !== null && rate.resetAt > start && rate.waitUntil === null;
    const leftNow = windowOpen ? Math.max(0, rate.remaining ?? 0) : rate.limit;
    if (remaining > leftNow) {
      // The first new window starts when the current one resets (or now, when none is open).
      const firstNewWindow = windowOpen && rate.resetAt !== null ? rate.resetAt : start + (leftNow === rate.limit ? windowMs : 0);
      const after = remaining - leftNow;
      const windows = Math.ceil(after / rate.limit);
      const lastWindowRows = after - (windows - 1) * rate.limit;
      eta = Math.max(eta, firstNewWindow + (windows - 1) * windowMs - now + workMs(lastWindowRows));
    }
  }
  for (const site of input.siteWaits) {
    if (site.rows > 0) eta = Math.max(eta, site.until - now + workMs(site.rows));
  }
  return Math.max(0, eta);
}
