import type Database from 'better-sqlite3';
import type { QueueItem, QueueStatus } from '#shared/contract/queue';
import type { NewQueueItem, QueueItemUpdate } from '../store/queue';
import { queueItemOf, type QueueRow } from '../store/rows';

/** The desk's batch queue (migration 004). */
export class QueueItems {
  private readonly byId;
  private readonly byIdentity;
  private readonly invalidByUrl;
  private readonly insertRow;
  private readonly bump;
  private readonly lastPosition;
  private readonly everyRow;
  private readonly nextQueuedRows;

  constructor(private readonly db: Database.Database) {
    this.byId = db.prepare<[string], QueueRow>('SELECT * FROM queue_items WHERE id = ?');
    this.byIdentity = db.prepare<[string, string], QueueRow>('SELECT * FROM queue_items WHERE platform = ? AND canonical_key = ?');
    this.invalidByUrl = db.prepare<[string], QueueRow>('SELECT * FROM queue_items WHERE url = ? AND canonical_key IS NULL');
    // RETURNING hands back the stored row, so an enqueue reads nothing again; an id already taken returns none.
    this.insertRow = db.prepare<[Record<string, unknown>], QueueRow>(
      `INSERT INTO queue_items (id, position, url, platform, item_id, canonical_key, status, error, message, created_at, updated_at)
       VALUES (@id, @position, @url, @platform, @itemId, @canonicalKey, @status, @error, @message, @now, @now)
       ON CONFLICT (id) DO NOTHING RETURNING *`,
    );
    this.bump = db.prepare<[number, string], QueueRow>('UPDATE queue_items SET count = count + 1, updated_at = ? WHERE id = ? RETURNING *');
    this.lastPosition = db.prepare<[], number>('SELECT COALESCE(MAX(position), 0) FROM queue_items').pluck();
    this.everyRow = db.prepare<[], QueueRow>('SELECT * FROM queue_items ORDER BY position');
    this.nextQueuedRows = db.prepare<[number], QueueRow>("SELECT * FROM queue_items WHERE status = 'queued' ORDER BY position LIMIT ?");
  }

  get(id: string): QueueItem | undefined {
    const row = this.byId.get(id);
    return row && queueItemOf(row);
  }

  list(): QueueItem[] {
    return this.everyRow.all().map(queueItemOf);
  }

  /**
   * Adds items in one transaction. An item already in the queue (same platform and key, or for an
   * invalid URL the same text) is not added again: its count goes up. Returns every row touched,
   * and how many entries were folded into an existing row.
   */
  add(entries: readonly NewQueueItem[], newId: () => string): { items: QueueItem[]; folded: number } {
    return this.db
      .transaction(() => {
        const touched = new Map<string, QueueRow>();
        let folded = 0;
        const now = Date.now();
        // Positions counted here, not looked up per row: the write lock is held for the whole batch.
        let position = this.lastPosition.get() as number;
        for (const entry of entries) {
          const existing = entry.canonicalKey === null || entry.platform === null ? this.invalidByUrl.get(entry.url) : this.byIdentity.get(entry.platform, entry.canonicalKey);
          if (existing !== undefined) {
            folded++;
            touched.set(existing.id, this.bump.get(now, existing.id) as QueueRow);
            continue;
          }
          position++;
          const row = { ...entry, position, now };
          const inserted = this.insertRow.get(row) ?? this.insertRow.get({ ...row, id: newId() });
          if (inserted === undefined) throw new Error('A fresh queue item id was taken');
          touched.set(inserted.id, inserted);
        }
        return { items: [...touched.values()].map(queueItemOf), folded };
      })
      .immediate();
  }

  /** The first `limit` queued items, in queue order. */
  nextQueued(limit: number): QueueItem[] {
    return this.nextQueuedRows.all(limit).map(queueItemOf);
  }

  /** Applies a run's outcome; returns the item as it is now, or undefined if it was removed meanwhile. */
  update(id: string, change: QueueItemUpdate): QueueItem | undefined {
    const sets: string[] = ['status = @status', 'updated_at = @now'];
    const params: Record<string, unknown> = { id, status: change.status, now: Date.now() };
    const column = (name: string, key: keyof QueueItemUpdate, value: unknown) => {
      if (change[key] === undefined) return;
      sets.push(`${name} = @${name}`);
      params[name] = value;
    };
    column('error', 'error', change.error);
    column('message', 'message', change.message);
    column('http_status', 'httpStatus', change.httpStatus);
    column('title', 'title', change.title);
    column('credits', 'credits', change.credits);
    column('job_id', 'jobId', change.jobId);
    column('result_kind', 'transcript', change.transcript?.kind ?? null);
    column('result_key', 'transcript', change.transcript?.key ?? null);
    this.db.prepare(`UPDATE queue_items SET ${sets.join(', ')} WHERE id = @id`).run(params);
    return this.get(id);
  }

  /** After a crash or a restart nothing is running: those items are queued again. */
  requeueRunning(): number {
    return this.db.prepare("UPDATE queue_items SET status = 'queued', updated_at = ? WHERE status = 'running'").run(Date.now()).changes;
  }

  /** Failed items (these, or all) back to queued; returns the ids moved. */
  retry(ids?: readonly string[]): string[] {
    return this.db
      .transaction(() => {
        const failed = ids === undefined ? (this.db.prepare("SELECT id FROM queue_items WHERE status = 'failed'").pluck().all() as string[]) : ids.filter((id) => this.byId.get(id)?.status === 'failed');
        const reset = this.db.prepare("UPDATE queue_items SET status = 'queued', error = NULL, message = NULL, http_status = NULL, updated_at = ? WHERE id = ?");
        const now = Date.now();
        for (const id of failed) reset.run(now, id);
        return failed;
      })
      .immediate();
  }

  /**
   * Puts removed items back as they were (an undo): same id, position, outcome and credits. A row
   * that was running is queued again (its run was stopped); a row whose id or item is in the
   * queue again meanwhile is left out, and one whose place a newer row took goes to the end.
   * Returns the ids restored.
   */
  restore(items: readonly QueueItem[]): string[] {
    const insert = this.db.prepare(
      `INSERT OR IGNORE INTO queue_items (id, position, url, platform, item_id, canonical_key, status, error, message, http_status, title, credits, count, job_id, result_kind, result_key, created_at, updated_at)
       VALUES (@id, @position, @url, @platform, @itemId, @canonicalKey, @status, @error, @message, @httpStatus, @title, @credits, @count, @jobId, @resultKind, @resultKey, @createdAt, @now)`,
    );
    const positionTaken = this.db.prepare<[number]>('SELECT 1 FROM queue_items WHERE position = ?').pluck();
    const lastPosition = this.db.prepare('SELECT COALESCE(MAX(position), 0) FROM queue_items').pluck();
    return this.db
      .transaction(() => {
        const now = Date.now();
        return items
          .filter((item) => {
            const status = item.status === 'running' ? 'queued' : item.status;
            const { transcript, ...columns } = item;
            // Links added since took the end of the queue: a restored row whose place is taken goes after them.
            const position = positionTaken.get(item.position) === undefined ? item.position : (lastPosition.get() as number) + 1;
            return insert.run({ ...columns, position, status, resultKind: transcript?.kind ?? null, resultKey: transcript?.key ?? null, now }).changes === 1;
          })
          .map((item) => item.id);
      })
      .immediate();
  }

  remove(ids: readonly string[]): string[] {
    return this.db
      .transaction(() => {
        const del = this.db.prepare('DELETE FROM queue_items WHERE id = ?');
        return ids.filter((id) => del.run(id).changes === 1);
      })
      .immediate();
  }

  /** Ids of items in these statuses. */
  idsWithStatus(statuses: readonly QueueStatus[]): string[] {
    if (statuses.length === 0) return [];
    return this.db.prepare(`SELECT id FROM queue_items WHERE status IN (${statuses.map(() => '?').join(', ')}) ORDER BY position`).pluck().all(...statuses) as string[];
  }

  /** Podcast items waiting for their job. */
  byJob(jobId: string): QueueItem[] {
    return (this.db.prepare('SELECT * FROM queue_items WHERE job_id = ?').all(jobId) as QueueRow[]).map(queueItemOf);
  }
}
