// Rate windows on PostgreSQL, counted by the store (`counting: { where: 'store' }`): every hit is
// one atomic UPSERT ... RETURNING, decided on the row under its lock, so the window is one across
// every node of a team server (120 a minute per key means 120 whichever node answers) and the
// headers are exact. The SQLite store decides in each process's memory instead and writes in
// batches (ledger/rateWindows.ts): one process per ledger makes that exact there, not here.
import type { RateWindowStore } from '../store/accounts';
import type { Sql } from './sql';

export function pgRateWindows(sql: Sql): RateWindowStore {
  // At most once a window per process: one pass over a table that holds one window's callers. A
  // window that ended counts like no row at all (the upsert starts it over), so deleting it changes
  // no decision.
  let lastPrune = Number.NEGATIVE_INFINITY;
  return {
    counting: { where: 'store' },
    async hit(bucket, now, limit, windowMs) {
      if (now >= lastPrune + windowMs || now < lastPrune) {
        lastPrune = now;
        await sql.query('DELETE FROM rate_windows WHERE window_start + $2 <= $1', [now, windowMs]);
      }
      // A window that ended starts over at `now`. One that has not stays, also for a `now` a little
      // before its start (another node's clock ran ahead): that request counts in it. `used` stops
      // at limit + 1, which marks "refused" without counting refused requests further.
      const [row] = await sql.query<{ window_start: number; used: number }>(
        `INSERT INTO rate_windows AS w (bucket, window_start, used) VALUES ($1, $2, 1)
         ON CONFLICT (bucket) DO UPDATE SET
           window_start = CASE WHEN $2 >= w.window_start + $4 THEN $2 ELSE w.window_start END,
           used = CASE WHEN $2 >= w.window_start + $4 THEN 1 ELSE LEAST(w.used + 1, $3 + 1) END
         RETURNING window_start, used`,
        [bucket, now, limit, windowMs],
      );
      const { window_start: start, used } = row as { window_start: number; used: number };
      const allowed = used <= limit;
      return { allowed, limit, remaining: allowed ? limit - used : 0, resetAt: start + windowMs };
    },
  };
}
