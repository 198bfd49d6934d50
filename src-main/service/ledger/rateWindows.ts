import type Database from 'better-sqlite3';

export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** When the current window ends, in Unix milliseconds. */
  resetAt: number;
}

/**
 * Fixed 60-second windows per bucket (an API key, or a client address for unauthenticated calls),
 * kept in SQLite so a restart neither forgives nor double-counts what a key already used.
 */
export class RateWindows {
  private readonly read;
  private readonly write;

  constructor(private readonly db: Database.Database) {
    this.read = db.prepare<[string], { window_start: number; used: number }>('SELECT window_start, used FROM rate_windows WHERE bucket = ?');
    this.write = db.prepare<[string, number, number]>(
      'INSERT INTO rate_windows (bucket, window_start, used) VALUES (?, ?, ?) ON CONFLICT (bucket) DO UPDATE SET window_start = excluded.window_start, used = excluded.used',
    );
  }

  /** Counts one request against `bucket` if the window has room; a refused request is not counted. */
  hit(bucket: string, now: number, limit: number, windowMs: number): RateDecision {
    return this.db
      .transaction((): RateDecision => {
        const row = this.read.get(bucket);
        const fresh = row === undefined || now >= row.window_start + windowMs || now < row.window_start;
        const windowStart = fresh ? now : row.window_start;
        const used = fresh ? 0 : row.used;
        const resetAt = windowStart + windowMs;
        if (used >= limit) return { allowed: false, limit, remaining: 0, resetAt };
        this.write.run(bucket, windowStart, used + 1);
        return { allowed: true, limit, remaining: limit - used - 1, resetAt };
      })
      .immediate();
  }
}
