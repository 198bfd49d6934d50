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
  private readonly hitStatement;

  constructor(db: Database.Database) {
    // One statement, so one implicit transaction per request: it runs on every API call.
    // `used` stops at limit + 1, which marks "refused" without counting refused requests further.
    this.hitStatement = db.prepare<[{ bucket: string; now: number; limit: number; windowMs: number }], { window_start: number; used: number }>(
      `INSERT INTO rate_windows (bucket, window_start, used) VALUES (@bucket, @now, 1)
       ON CONFLICT (bucket) DO UPDATE SET
         window_start = CASE WHEN @now >= window_start + @windowMs OR @now < window_start THEN @now ELSE window_start END,
         used = CASE WHEN @now >= window_start + @windowMs OR @now < window_start THEN 1
                     WHEN used < @limit THEN used + 1
                     ELSE @limit + 1 END
       RETURNING window_start, used`,
    );
  }

  /** Counts one request against `bucket` if the window has room; a refused request is not counted. */
  hit(bucket: string, now: number, limit: number, windowMs: number): RateDecision {
    const row = this.hitStatement.get({ bucket, now, limit, windowMs });
    if (row === undefined) throw new Error('rate window upsert returned nothing');
    const allowed = row.used <= limit;
    return { allowed, limit, remaining: allowed ? limit - row.used : 0, resetAt: row.window_start + windowMs };
  }
}
