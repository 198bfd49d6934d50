// The desk's batch queue on PostgreSQL (ledger/queueItems.ts is the SQLite twin). Writes that
// number positions (add, restore) hold the store's lock, so two nodes adding at once never take
// the same place.
import { randomUUID } from 'node:crypto';
import type { QueueItemStore, QueueItemUpdate } from '../store/queue';
import { queueItemOf, type QueueRow } from '../store/rows';
import type { Sql } from './sql';

const lastPosition = async (s: Sql) => (await s.query<{ last: number }>('SELECT COALESCE(MAX(position), 0)::bigint AS last FROM queue_items'))[0]?.last ?? 0;

export function pgQueue(sql: Sql): QueueItemStore {
  const get = async (s: Sql, id: string) => {
    const [row] = await s.query<QueueRow>('SELECT * FROM queue_items WHERE id = $1', [id]);
    return row && queueItemOf(row);
  };
  return {
    get: (id) => get(sql, id),
    async list() {
      return (await sql.query<QueueRow>('SELECT * FROM queue_items ORDER BY position')).map(queueItemOf);
    },
    add: (entries) =>
      sql.unit(async (s) => {
        const touched = new Map<string, QueueRow>();
        let folded = 0;
        const now = Date.now();
        let position = await lastPosition(s);
        for (const entry of entries) {
          const [existing] =
            entry.canonicalKey === null || entry.platform === null
              ? await s.query<{ id: string }>('SELECT id FROM queue_items WHERE url = $1 AND canonical_key IS NULL', [entry.url])
              : await s.query<{ id: string }>('SELECT id FROM queue_items WHERE platform = $1 AND canonical_key = $2', [entry.platform, entry.canonicalKey]);
          if (existing !== undefined) {
            folded++;
            const [bumped] = await s.query<QueueRow>('UPDATE queue_items SET count = count + 1, updated_at = $1 WHERE id = $2 RETURNING *', [now, existing.id]);
            touched.set(existing.id, bumped as QueueRow);
            continue;
          }
          position++;
          // An id already taken returns no row: the entry gets a fresh one.
          const insert = (id: string) =>
            s.query<QueueRow>(
              `INSERT INTO queue_items (id, position, url, platform, item_id, canonical_key, status, error, message, created_at, updated_at)
               VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10) ON CONFLICT (id) DO NOTHING RETURNING *`,
              [id, position, entry.url, entry.platform, entry.itemId, entry.canonicalKey, entry.status, entry.error, entry.message, now],
            );
          let [inserted] = await insert(entry.id);
          if (inserted === undefined) [inserted] = await insert(randomUUID());
          if (inserted === undefined) throw new Error('A fresh queue item id was taken');
          touched.set(inserted.id, inserted);
        }
        return { items: [...touched.values()].map(queueItemOf), folded };
      }, true),
    async nextQueued(limit) {
      return (await sql.query<QueueRow>("SELECT * FROM queue_items WHERE status = 'queued' ORDER BY position LIMIT $1", [limit])).map(queueItemOf);
    },
    async update(id, change: QueueItemUpdate) {
      const sets = ['status = $2', 'updated_at = $3'];
      const params: unknown[] = [id, change.status, Date.now()];
      const column = (name: string, key: keyof QueueItemUpdate, value: unknown) => {
        if (change[key] === undefined) return;
        params.push(value);
        sets.push(`${name} = $${params.length}`);
      };
      column('error', 'error', change.error);
      column('message', 'message', change.message);
      column('http_status', 'httpStatus', change.httpStatus);
      column('title', 'title', change.title);
      column('credits', 'credits', change.credits);
      column('job_id', 'jobId', change.jobId);
      column('result_kind', 'transcript', change.transcript?.kind ?? null);
      column('result_key', 'transcript', change.transcript?.key ?? null);
      const [row] = await sql.query<QueueRow>(`UPDATE queue_items SET ${sets.join(', ')} WHERE id = $1 RETURNING *`, params);
      return row && queueItemOf(row);
    },
    async requeueRunning() {
      return (await sql.query("UPDATE queue_items SET status = 'queued', updated_at = $1 WHERE status = 'running' RETURNING id", [Date.now()])).length;
    },
    async retry(ids) {
      const rows = await sql.query<{ id: string }>(
        `UPDATE queue_items SET status = 'queued', error = NULL, message = NULL, http_status = NULL, updated_at = $1
         WHERE status = 'failed' AND ($2::text[] IS NULL OR id = ANY($2::text[])) RETURNING id, position`,
        [Date.now(), ids ?? null],
      );
      const moved = new Set(rows.map((r) => r.id));
      // In the order asked for (SQLite's order too), or queue order when all are retried.
      return ids === undefined ? (await sql.query<{ id: string }>('SELECT id FROM queue_items WHERE id = ANY($1::text[]) ORDER BY position', [[...moved]])).map((r) => r.id) : ids.filter((id) => moved.has(id));
    },
    // An undo: same id, position, outcome and credits; a running row queued again; a row whose id
    // or item is back meanwhile left out; one whose place a newer row took goes to the end.
    restore: (items) =>
      sql.unit(async (s) => {
        const restored: string[] = [];
        const now = Date.now();
        for (const item of items) {
          const [taken] = await s.query('SELECT 1 FROM queue_items WHERE position = $1', [item.position]);
          const position = taken === undefined ? item.position : (await lastPosition(s)) + 1;
          const rows = await s.query(
            `INSERT INTO queue_items (id, position, url, platform, item_id, canonical_key, status, error, message, http_status, title, credits, count, job_id, result_kind, result_key, created_at, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18) ON CONFLICT DO NOTHING RETURNING id`,
            [item.id, position, item.url, item.platform, item.itemId, item.canonicalKey, item.status === 'running' ? 'queued' : item.status, item.error, item.message, item.httpStatus, item.title, item.credits, item.count, item.jobId, item.transcript?.kind ?? null, item.transcript?.key ?? null, item.createdAt, now],
          );
          if (rows.length === 1) restored.push(item.id);
        }
        return restored;
      }, true),
    async remove(ids) {
      const gone = new Set((await sql.query<{ id: string }>('DELETE FROM queue_items WHERE id = ANY($1::text[]) RETURNING id', [ids])).map((r) => r.id));
      return ids.filter((id) => gone.has(id));
    },
    async idsWithStatus(statuses) {
      if (statuses.length === 0) return [];
      return (await sql.query<{ id: string }>('SELECT id FROM queue_items WHERE status = ANY($1::text[]) ORDER BY position', [statuses])).map((r) => r.id);
    },
    async byJob(jobId) {
      return (await sql.query<QueueRow>('SELECT * FROM queue_items WHERE job_id = $1', [jobId])).map(queueItemOf);
    },
  };
}
