// Every REST request names its key; looking it up means a SHA-256 and a query. A store keeps the
// answers here, whatever database it runs on.
import type { KeyOwner } from './accounts';

/**
 * How often, by default, the cache asks the store whether another process changed anything, and
 * forgets every answer if so: the longest a revoke or a plan change made by another process takes
 * to reach this one. The SQLite store asks at every lookup (`PRAGMA data_version` costs about a
 * microsecond: recheckMs 0). Changes made through this process's store clear the cache at once.
 */
export const KEY_LOOKUP_RECHECK_MS = 500;
/** Far above the keys one server sees; past it the oldest answers go first. */
const MAX_ENTRIES = 10_000;

export interface KeyLookupCacheOptions {
  /**
   * True when another process may have written since the last call. A store that cannot tell
   * leaves it out: its answers are then kept for `recheckMs` at most.
   */
  changedElsewhere?: () => boolean;
  recheckMs?: number;
  clock?: () => number;
}

/**
 * Found keys only: an unknown key is asked again every time, so a key made by another process
 * works at once, and guessed keys (rate limited per client) cannot fill the cache.
 */
export class KeyLookupCache {
  private readonly found = new Map<string, KeyOwner>();
  /** Counts clears, so an answer read before a change this process made is not kept after it. */
  private generation = 0;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private readonly changedElsewhere: () => boolean;
  private readonly recheckMs: number;
  private readonly clock: () => number;

  constructor(options: KeyLookupCacheOptions = {}) {
    this.changedElsewhere = options.changedElsewhere ?? (() => true);
    this.recheckMs = options.recheckMs ?? KEY_LOOKUP_RECHECK_MS;
    this.clock = options.clock ?? (() => performance.now());
  }

  async find(key: string, lookUp: (key: string) => Promise<KeyOwner | undefined>): Promise<KeyOwner | undefined> {
    const now = this.clock();
    if (now >= this.checkedAt + this.recheckMs) {
      // Stamped before the question: a change committed after it is seen at the next recheck.
      this.checkedAt = now;
      if (this.changedElsewhere()) this.clear();
    }
    const cached = this.found.get(key);
    if (cached !== undefined) return { ...cached };
    const generation = this.generation;
    const owner = await lookUp(key);
    if (owner === undefined || generation !== this.generation) return owner;
    if (this.found.size >= MAX_ENTRIES) this.found.delete(this.found.keys().next().value as string);
    this.found.set(key, { ...owner });
    return owner;
  }

  /** A key revoked or an account changed in this process: every answer is asked again. */
  clear(): void {
    this.generation += 1;
    this.found.clear();
  }
}
