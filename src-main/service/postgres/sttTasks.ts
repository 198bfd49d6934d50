// Speech-to-text tasks' finished chunks on PostgreSQL (ledger/sttTasks.ts is the SQLite twin).
import type { Segment } from '#shared/transcript';
import type { SttTaskStore } from '../store/upkeep';
import type { Sql } from './sql';

export function pgSttTasks(sql: Sql): SttTaskStore {
  return {
    async get(taskKey) {
      const [task] = await sql.query<{ fingerprint: string; plan: string }>('SELECT fingerprint, plan FROM stt_tasks WHERE task_key = $1', [taskKey]);
      if (task === undefined) return undefined;
      const chunks = await sql.query<{ idx: number; segments: string }>('SELECT idx, segments FROM stt_chunks WHERE task_key = $1 ORDER BY idx', [taskKey]);
      return { taskKey, fingerprint: task.fingerprint, plan: task.plan, chunks: new Map(chunks.map((c) => [c.idx, JSON.parse(c.segments) as Segment[]])) };
    },
    // Earlier work under the key (another plan, another engine) goes with its chunks (CASCADE).
    begin: (taskKey, fingerprint, plan) =>
      sql.unit(async (s) => {
        await s.query('DELETE FROM stt_tasks WHERE task_key = $1', [taskKey]);
        const now = Date.now();
        await s.query('INSERT INTO stt_tasks (task_key, fingerprint, plan, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)', [taskKey, fingerprint, plan, now]);
      }, false),
    async saveChunk(taskKey, index, segments) {
      await sql.query(
        'INSERT INTO stt_chunks (task_key, idx, segments, finished_at) VALUES ($1, $2, $3, $4) ON CONFLICT (task_key, idx) DO UPDATE SET segments = excluded.segments, finished_at = excluded.finished_at',
        [taskKey, index, JSON.stringify(segments), Date.now()],
      );
    },
    async forget(taskKey) {
      await sql.query('DELETE FROM stt_tasks WHERE task_key = $1', [taskKey]);
    },
  };
}
