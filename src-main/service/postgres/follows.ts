// Follows on PostgreSQL (ledger/follows.ts is the SQLite twin).
import { mergeFollow, mergeFollowItem, type FollowItem, type FollowRecord, type FollowStore } from '../store/follows';
import type { Sql } from './sql';

const parse = (row: { record: string }) => JSON.parse(row.record) as FollowRecord;
const parseItem = (row: { record: string }) => JSON.parse(row.record) as FollowItem;

export function pgFollows(sql: Sql): FollowStore {
  return {
    async add(record) {
      await sql.query('INSERT INTO follows (id, source_key, created_at, record) VALUES ($1, $2, $3, $4)', [record.id, record.source.key, record.createdAt, JSON.stringify(record)]);
    },
    async get(id) {
      const [row] = await sql.query<{ record: string }>('SELECT record FROM follows WHERE id = $1', [id]);
      return row === undefined ? undefined : parse(row);
    },
    async bySourceKey(key) {
      const [row] = await sql.query<{ record: string }>('SELECT record FROM follows WHERE source_key = $1', [key]);
      return row === undefined ? undefined : parse(row);
    },
    async list() {
      return (await sql.query<{ record: string }>('SELECT record FROM follows ORDER BY created_at, id')).map(parse);
    },
    // Read and write under the row's lock, so two merges never lose one another's fields.
    update: (id, change) =>
      sql.unit(async (s) => {
        const [row] = await s.query<{ record: string }>('SELECT record FROM follows WHERE id = $1 FOR UPDATE', [id]);
        if (row === undefined) return undefined;
        const next = mergeFollow(parse(row), change);
        await s.query('UPDATE follows SET record = $1 WHERE id = $2', [JSON.stringify(next), id]);
        return next;
      }, false),
    async remove(id) {
      // The items go by the foreign key's cascade.
      return (await sql.query<{ id: string }>('DELETE FROM follows WHERE id = $1 RETURNING id', [id])).length > 0;
    },
    async items(followId) {
      return (await sql.query<{ record: string }>('SELECT record FROM follow_items WHERE follow_id = $1 ORDER BY seq', [followId])).map(parseItem);
    },
    async itemCounts() {
      const rows = await sql.query<{ follow_id: string; n: number }>('SELECT follow_id, count(*)::int AS n FROM follow_items GROUP BY follow_id');
      return new Map(rows.map((row) => [row.follow_id, row.n]));
    },
    addItems: (items) =>
      sql.unit(async (s) => {
        for (const item of items) {
          await s.query('INSERT INTO follow_items (follow_id, item_key, queue_item_id, record) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [item.followId, item.key, item.queueItemId, JSON.stringify(item)]);
        }
      }, false),
    updateItem: (followId, key, change) =>
      sql.unit(async (s) => {
        const [row] = await s.query<{ record: string }>('SELECT record FROM follow_items WHERE follow_id = $1 AND item_key = $2 FOR UPDATE', [followId, key]);
        if (row === undefined) return undefined;
        const next = mergeFollowItem(parseItem(row), change);
        await s.query('UPDATE follow_items SET queue_item_id = $1, record = $2 WHERE follow_id = $3 AND item_key = $4', [next.queueItemId, JSON.stringify(next), followId, key]);
        return next;
      }, false),
    async byQueueItem(queueItemId) {
      return (await sql.query<{ record: string }>('SELECT record FROM follow_items WHERE queue_item_id = $1', [queueItemId])).map(parseItem);
    },
  };
}
