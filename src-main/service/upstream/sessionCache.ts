// Session bootstraps (YouTube visitor data, X guest token, Instagram tokens, Apple lookups) are
// limited per IP by the sites, and a batch of 500 links must not fetch one per link. Each is kept
// for the lifetime its site gives it, and concurrent requests for the same key share one fetch.

export interface Cached<T> {
  value: T;
  /** How long the value may be used from now. */
  ttlMs: number;
}

export class SessionCache<T> {
  private readonly entries = new Map<string, { value: T; expires: number }>();
  private readonly loading = new Map<string, Promise<T>>();

  constructor(
    /** Most entries kept; the oldest goes first (lookups are keyed per show). */
    private readonly maxEntries = 256,
    private readonly now: () => number = Date.now,
  ) {}

  /** The cached value, or `load()`'s; a failed load is not cached and is seen by every waiter. */
  async get(key: string, load: () => Promise<Cached<T>>): Promise<T> {
    const hit = this.entries.get(key);
    if (hit !== undefined && hit.expires > this.now()) return hit.value;
    if (hit !== undefined) this.entries.delete(key);
    const pending = this.loading.get(key);
    if (pending !== undefined) return pending;
    const started = (async () => {
      try {
        const loaded = await load();
        if (loaded.ttlMs > 0) this.remember(key, loaded.value, loaded.ttlMs);
        return loaded.value;
      } finally {
        this.loading.delete(key);
      }
    })();
    this.loading.set(key, started);
    return started;
  }

  /** Drops a value the site stopped accepting (an expired guest token), so the next get fetches anew. */
  forget(key: string): void {
    this.entries.delete(key);
  }

  private remember(key: string, value: T, ttlMs: number): void {
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
