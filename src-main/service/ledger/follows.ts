// Follows on SQLite (store/follows.ts is the port; postgres/follows.ts the twin).
import type Database from 'better-sqlite3';
import { mergeFollow, mergeFollowItem, type FollowChange, type FollowItem, type FollowItemChange, type FollowRecord } from '../store/follows';

const parse = (row: { record: string }) => JSON.parse(row.record) as FollowRecord;
const parseItem = (row: { record: string }) => JSON.parse(row.record) as FollowItem;

export class Follows {
  private readonly insert;
  private readonly one;
  private readonly byKey;
  private readonly all;
  private readonly write;
  private readonly drop;
  private readonly itemsOf;
  private readonly counts;
  private readonly insertItem;
  private readonly oneItem;
  private readonly writeItem;
  private readonly itemsByQueue;

  constructor(private readonly db: Database.Database) {
    this.insert = db.prepare<[string, string, number, string]>('INSERT INTO follows (id, source_key, created_at, record) VALUES (?, ?, ?, ?)');
    this.one = db.prepare<[string], { record: string }>('SELECT record FROM follows WHERE id = ?');
    this.byKey = db.prepare<[string], { record: string }>('SELECT record FROM follows WHERE source_key = ?');
    this.all = db.prepare<[], { record: string }>('SELECT record FROM follows ORDER BY created_at, rowid');
    this.write = db.prepare<[string, string]>('UPDATE follows SET record = ? WHERE id = ?');
    this.drop = db.prepare<[string]>('DELETE FROM follows WHERE id = ?');
    this.itemsOf = db.prepare<[string], { record: string }>('SELECT record FROM follow_items WHERE follow_id = ? ORDER BY seq');
    this.counts = db.prepare<[], { follow_id: string; n: number }>('SELECT follow_id, count(*) AS n FROM follow_items GROUP BY follow_id');
    // seq keeps the order items were met in; it only has to grow within one follow.
    this.insertItem = db.prepare<[string, string, string, string | null, string]>(
      'INSERT INTO follow_items (follow_id, item_key, seq, queue_item_id, record) VALUES (?, ?, (SELECT coalesce(max(seq), 0) + 1 FROM follow_items WHERE follow_id = ?), ?, ?) ON CONFLICT DO NOTHING',
    );
    this.oneItem = db.prepare<[string, string], { record: string }>('SELECT record FROM follow_items WHERE follow_id = ? AND item_key = ?');
    this.writeItem = db.prepare<[string | null, string, string, string]>('UPDATE follow_items SET queue_item_id = ?, record = ? WHERE follow_id = ? AND item_key = ?');
    this.itemsByQueue = db.prepare<[string], { record: string }>('SELECT record FROM follow_items WHERE queue_item_id = ?');
  }

  add(record: FollowRecord): void {
    this.insert.run(record.id, record.source.key, record.createdAt, JSON.stringify(record));
  }

  get(id: string): FollowRecord | undefined {
    const row = this.one.get(id);
    return row === undefined ? undefined : parse(row);
  }

  bySourceKey(key: string): FollowRecord | undefined {
    const row = this.byKey.get(key);
    return row === undefined ? undefined : parse(row);
  }

  list(): FollowRecord[] {
    return this.all.all().map(parse);
  }

  update(id: string, change: FollowChange): FollowRecord | undefined {
    return this.db.transaction(() => {
      const current = this.get(id);
      if (current === undefined) return undefined;
      const next = mergeFollow(current, change);
      this.write.run(JSON.stringify(next), id);
      return next;
    }).immediate();
  }

  remove(id: string): boolean {
    // The items go by the foreign key's cascade.
    return this.drop.run(id).changes > 0;
  }

  items(followId: string): FollowItem[] {
    return this.itemsOf.all(followId).map(parseItem);
  }

  itemCounts(): Map<string, number> {
    return new Map(this.counts.all().map((row) => [row.follow_id, row.n]));
  }

  addItems(items: readonly FollowItem[]): void {
    this.db.transaction(() => {
      for (const item of items) this.insertItem.run(item.followId, item.key, item.followId, item.queueItemId, JSON.stringify(item));
    }).immediate();
  }

  updateItem(followId: string, key: string, change: FollowItemChange): FollowItem | undefined {
    return this.db.transaction(() => {
      const row = this.oneItem.get(followId, key);
      if (row === undefined) return undefined;
      const next = mergeFollowItem(parseItem(row), change);
      this.writeItem.run(next.queueItemId, JSON.stringify(next), followId, key);
      return next;
    }).immediate();
  }

  byQueueItem(queueItemId: string): FollowItem[] {
    return this.itemsByQueue.all(queueItemId).map(parseItem);
  }
}
