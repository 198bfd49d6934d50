import type Database from 'better-sqlite3';
import type { RateDecision } from '../store/accounts';


/**
 * Fixed 60-second windows per bucket (an API key, or a client address for unauthenticated calls),
 * kept in SQLite so a restart neither forgives nor double-counts what a key already used.
 */
export class RateWindows {
  private readonly hitStatement;
  private readonly pruneStatement;
  private lastPrune = Number.NEGATIVE_INFINITY;

  constructor(db: Database.Database) {
    // A window that ended counts like no row at all (the upsert starts it over), so deleting it
    // changes no decision; without this every address that ever called would keep its row.
    this.pruneStatement = db.prepare<[{ now: number; windowMs: number }]>('DELETE FROM rate_windows WHERE window_start + @windowMs <= @now');
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
    // At most once a window: one scan of a table that holds one window's callers.
    if (now >= this.lastPrune + windowMs || now < this.lastPrune) {
      this.lastPrune = now;
      this.pruneStatement.run({ now, windowMs });
    }
    const row = this.hitStatement.get({ bucket, now, limit, windowMs });
    if (row === undefined) throw new Error('rate window upsert returned nothing');
    const allowed = row.used <= limit;
    return { allowed, limit, remaining: allowed ? limit - row.used : 0, resetAt: row.window_start + windowMs };
  }
}
