import type { FetchFailure } from './platforms/fetcher';

/**
 * Definitive "not found" answers, remembered per item for a short time so that a repeat is answered
 * from memory: the same status and body, free, without asking the platform again (the soak's 94,107
 * repeats of one captionless video each cost an upstream call of 64–107 ms and the user's standing
 * with YouTube). Only 404s are remembered: by the honesty rule a fetcher answers 404 only when the
 * platform itself said the item is gone, private or has no captions. Blocks, timeouts, upstream 5xx
 * and 429s (502/503) are transient and always asked again; 422 (too long for speech-to-text) is
 * cheap to recompute and depends on settings.
 *
 * In memory, per process: a restart forgets, which costs one upstream call per item; a CLI run and
 * a server on the same data home keep their own. Bounded: past `maxEntries` the oldest go first.
 */
export class NotFoundMemory {
  private readonly entries = new Map<string, { until: number; failure: FetchFailure }>();

  constructor(private readonly maxEntries = 10_000) {}

  /** The remembered failure for `key`, if it is still fresh at `now`. */
  recall(key: string, now: number): FetchFailure | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.until > now) return entry.failure;
    this.entries.delete(key);
    return undefined;
  }

  /** Keeps `failure` for `ttlMs` when it is a definitive not-found; anything else is ignored. */
  remember(key: string, failure: FetchFailure, ttlMs: number, now: number): void {
    if (failure.status !== 404 || ttlMs <= 0) return;
    // Re-inserted at the end, so the Map's order stays the order of expiry for a fixed TTL.
    this.entries.delete(key);
    this.entries.set(key, { until: now + ttlMs, failure });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries) break;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
