import type Database from 'better-sqlite3';
import type { Segment } from '#shared/transcript';
import type { StoredTask } from '../store/upkeep';


/** The persisted chunk work of speech-to-text tasks: what makes a restarted task skip finished chunks. */
export class SttTasks {
  private readonly task;
  private readonly chunks;
  private readonly insertTask;
  private readonly deleteTask;
  private readonly insertChunk;

  constructor(private readonly db: Database.Database) {
    this.task = db.prepare<[string], { fingerprint: string; plan: string }>('SELECT fingerprint, plan FROM stt_tasks WHERE task_key = ?');
    this.chunks = db.prepare<[string], { idx: number; segments: string }>('SELECT idx, segments FROM stt_chunks WHERE task_key = ? ORDER BY idx');
    this.insertTask = db.prepare<[string, string, string, number, number]>(
      'INSERT INTO stt_tasks (task_key, fingerprint, plan, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
    );
    this.deleteTask = db.prepare<[string]>('DELETE FROM stt_tasks WHERE task_key = ?');
    this.insertChunk = db.prepare<[string, number, string, number]>(
      'INSERT OR REPLACE INTO stt_chunks (task_key, idx, segments, finished_at) VALUES (?, ?, ?, ?)',
    );
  }

  get(taskKey: string): StoredTask | undefined {
    const row = this.task.get(taskKey);
    if (row === undefined) return undefined;
    const chunks = new Map(this.chunks.all(taskKey).map((c) => [c.idx, JSON.parse(c.segments) as Segment[]]));
    return { taskKey, fingerprint: row.fingerprint, plan: row.plan, chunks };
  }

  /** Starts a task afresh: any earlier work under the same key (another plan, another engine) is dropped. */
  begin(taskKey: string, fingerprint: string, plan: string): void {
    this.db
      .transaction(() => {
        this.deleteTask.run(taskKey);
        const now = Date.now();
        this.insertTask.run(taskKey, fingerprint, plan, now, now);
      })
      .immediate();
  }

  saveChunk(taskKey: string, index: number, segments: readonly Segment[]): void {
    this.insertChunk.run(taskKey, index, JSON.stringify(segments), Date.now());
  }

  /** Forgets a task and its chunks (after its transcript was delivered). */
  forget(taskKey: string): void {
    this.deleteTask.run(taskKey);
  }
}
