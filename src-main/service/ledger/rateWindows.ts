import type Database from 'better-sqlite3';
import type { RateDecision, RateWindowCounting } from '../store/accounts';

/** When a flush finds a transaction open on the connection, it tries again this soon (transactions are short). */
const RETRY_MS = 1;
/**
 * Under load, flushes are at least this far apart, so one commit carries the counts of many
 * requests: a commit costs about 30 µs and a row about 9 (hits flushed in batches of 1, 4, 16 and
 * 64 cost 38, 16, 11 and 10 µs per request, measured on this class while issue 16 was worked on).
 * An idle server writes at the next turn, as before.
 */
const GROUP_MS = 1;

interface Window {
  start: number;
  used: number;
  /** What the ledger's row holds of `used` (this process's hits not yet written are the difference). */
  persisted: number;
  /** The latest request's time, in the caller's clock (tests use their own). */
  at: number;
  limit: number;
  windowMs: number;
}

/**
 * Fixed 60-second windows per bucket (an API key, or a client address for unauthenticated calls),
 * decided in this process's memory and kept in SQLite, so a restart neither forgives nor
 * double-counts what a key already used. A bucket's first request in this process, and the first
 * of each new window, read the bucket's row (so a restart never moves a window's start, and
 * another process's count is picked up). Every request is counted in memory, and the counts are
 * written together once per event-loop turn (group commit): one transaction for every
 * request that arrived in that turn, each row returning the merged count (other processes' hits
 * included) that this process goes on from. `written()` resolves when a request's count is in the
 * ledger, and the store answers no request before that (sqliteStore.ts): a crash, even a SIGKILL,
 * forgives no request that was answered, and nothing is counted twice (a delta is written once,
 * then the count goes on from what the ledger returned). Two processes on one ledger can each run
 * ahead of the other by the requests of one turn at most.
 */
export class RateWindows {
  readonly counting: RateWindowCounting = { where: 'process' };
  private readonly readStatement;
  private readonly addStatement;
  private readonly pruneStatement;
  private readonly windows = new Map<string, Window>();
  /** The buckets whose count is ahead of their row: a flush looks at these, not at every window. */
  private readonly dirty = new Set<string>();
  private lastPrune = Number.NEGATIVE_INFINITY;
  private scheduled: NodeJS.Immediate | NodeJS.Timeout | undefined;
  /** Resolves the requests waiting for the next flush. */
  private waiting: (() => void)[] = [];
  private lastFlush = Number.NEGATIVE_INFINITY;
  private readonly writeDeltas;

  constructor(private readonly db: Database.Database) {
    // A window that ended counts like no row at all (the upsert starts it over), so deleting it
    // changes no decision; without this every address that ever called would keep its row.
    this.pruneStatement = db.prepare<[{ now: number; windowMs: number }]>('DELETE FROM rate_windows WHERE window_start + @windowMs <= @now');
    this.readStatement = db.prepare<[string], { window_start: number; used: number }>('SELECT window_start, used FROM rate_windows WHERE bucket = ?');
    // A delta joins the row's window when that window is live at the delta's last request (this
    // process's window, or one another process started meanwhile); a row whose window ended
    // becomes this window. A row that started after the delta's last request belongs to a newer
    // window than the delta's, which is left alone (no row returned: the bucket is read afresh).
    this.addStatement = db.prepare<[{ bucket: string; start: number; at: number; delta: number; limit: number; windowMs: number }], { window_start: number; used: number }>(
      `INSERT INTO rate_windows (bucket, window_start, used) VALUES (@bucket, @start, @delta)
       ON CONFLICT (bucket) DO UPDATE SET
         window_start = CASE WHEN @at >= window_start + @windowMs THEN @start ELSE window_start END,
         used = CASE WHEN @at >= window_start + @windowMs THEN @delta ELSE MIN(used + @delta, @limit + 1) END
       WHERE window_start <= @at
       RETURNING window_start, used`,
    );
    // The rows come back first and are applied after the commit: a rolled-back write changes no count.
    this.writeDeltas = db.transaction((pending: readonly [string, Window][]) =>
      pending.map(([bucket, w]) => this.addStatement.get({ bucket, start: w.start, at: w.at, delta: w.used - w.persisted, limit: w.limit, windowMs: w.windowMs })),
    );
  }

  /** Counts one request against `bucket` if the window has room; a refused request is not counted. */
  hit(bucket: string, now: number, limit: number, windowMs: number): RateDecision {
    // At most once a window: one scan of a table that holds one window's callers.
    if (now >= this.lastPrune + windowMs || now < this.lastPrune) {
      this.lastPrune = now;
      this.pruneStatement.run({ now, windowMs });
      for (const [key, w] of this.windows) if (now >= w.start + w.windowMs || now < w.start) this.windows.delete(key);
    }
    let w = this.windows.get(bucket);
    if (w === undefined || now >= w.start + windowMs || now < w.start) {
      // The row as the ledger holds it (another process's count, or this one's before a restart);
      // a window that ended, or none, starts over now, written with the turn's other counts.
      const row = this.readStatement.get(bucket);
      const live = row !== undefined && now >= row.window_start && now < row.window_start + windowMs;
      const persisted = live ? row.used : 0;
      w = { start: live ? row.window_start : now, used: persisted, persisted, at: now, limit, windowMs };
      this.windows.set(bucket, w);
    }
    // `used` stops at limit + 1, which marks "refused" without counting refused requests further.
    w.used = w.used < limit ? w.used + 1 : limit + 1;
    Object.assign(w, { at: now, limit, windowMs });
    if (w.used !== w.persisted) {
      this.dirty.add(bucket);
      this.schedule();
    }
    const allowed = w.used <= limit;
    return { allowed, limit, remaining: allowed ? limit - w.used : 0, resetAt: w.start + windowMs };
  }

  /** Resolves once every count taken so far is in the ledger (at once when nothing waits to be written). */
  written(): Promise<void> {
    if (this.scheduled === undefined) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /**
   * Writes the counts not written yet, unless a transaction is open on the connection (a write
   * now would commit or roll back with it): then it tries again shortly.
   */
  flush(): void {
    this.unschedule();
    if (!this.db.open) return this.release();
    if (this.dirty.size > 0 && this.db.inTransaction) return this.schedule(RETRY_MS);
    const pending: [string, Window][] = [];
    for (const bucket of this.dirty) {
      const w = this.windows.get(bucket);
      if (w !== undefined && w.used !== w.persisted) pending.push([bucket, w]);
    }
    this.dirty.clear();
    this.lastFlush = performance.now();
    try {
      if (pending.length > 0) {
        const rows = this.writeDeltas.immediate(pending);
        pending.forEach(([bucket, w], i) => {
          const row = rows[i];
          if (row === undefined) this.windows.delete(bucket);
          else Object.assign(w, { start: row.window_start, used: row.used, persisted: row.used });
        });
      }
    } catch {
      // Busy past the busy timeout (another process's long write), or a failing disk that every
      // other write meets too: the counts stay in memory and go with a later flush (a crash
      // before then forgives them). The requests are answered meanwhile, and there is never a
      // throw from a timer, which would end the process.
      for (const [bucket] of pending) this.dirty.add(bucket);
      this.schedule(100);
    }
    this.release();
  }

  /** Writes what is left: part of closing the ledger. */
  close(): void {
    this.flush();
    // A flush skipped for an open transaction (a stop's last resort) is not retried: its waiters
    // are let go, not left waiting for a connection that is closing.
    this.unschedule();
    this.release();
  }

  private release(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }

  private unschedule(): void {
    if (this.scheduled === undefined) return;
    clearImmediate(this.scheduled as NodeJS.Immediate);
    clearTimeout(this.scheduled as NodeJS.Timeout);
    this.scheduled = undefined;
  }

  /**
   * Next turn by default: every request of this turn goes in the same transaction. Within
   * GROUP_MS of the last flush, at GROUP_MS after it: the requests of those turns go together.
   */
  private schedule(retryMs?: number): void {
    if (this.scheduled !== undefined) return;
    const sinceLast = performance.now() - this.lastFlush;
    const delayMs = retryMs ?? (sinceLast < GROUP_MS ? GROUP_MS - sinceLast : undefined);
    const run = () => {
      this.scheduled = undefined;
      this.flush();
    };
    // Not unref'd: a request awaits this flush, and a process with nothing else alive (a CLI
    // command, a worker) would otherwise end with the request unanswered.
    this.scheduled = delayMs === undefined ? setImmediate(run) : setTimeout(run, delayMs);
  }
}
