// The team server's chunk hand-over (migration 006, store/cluster.ts): not part of the store port,
// since one machine keeps its audio in a scratch file; only the cluster's workers use it.
import type { ChunkWorkStore } from '../store/cluster';
import type { Sql } from './sql';

export function pgChunkWork(sql: Sql): ChunkWorkStore {
  return {
    async putAudio(taskKey, index, pcm) {
      await sql.query('INSERT INTO stt_chunk_audio (task_key, idx, pcm) VALUES ($1, $2, $3) ON CONFLICT (task_key, idx) DO UPDATE SET pcm = excluded.pcm', [taskKey, index, pcm]);
    },
    async audio(taskKey, index) {
      const [row] = await sql.query<{ pcm: Buffer }>('SELECT pcm FROM stt_chunk_audio WHERE task_key = $1 AND idx = $2', [taskKey, index]);
      return row?.pcm;
    },
    async dropAudio(taskKey, index) {
      await sql.query('DELETE FROM stt_chunk_audio WHERE task_key = $1 AND idx = $2', [taskKey, index]);
    },
    async recordRun(run) {
      await sql.query(
        'INSERT INTO stt_chunk_runs (task_key, idx, worker, engine, word_level, attempt, started_at, finished_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (task_key, idx) DO UPDATE SET worker = excluded.worker, engine = excluded.engine, word_level = excluded.word_level, attempt = excluded.attempt, started_at = excluded.started_at, finished_at = excluded.finished_at',
        [run.taskKey, run.index, run.worker, run.engine, run.wordLevel, run.attempt, run.startedAt, run.finishedAt],
      );
    },
    async runs(taskKey) {
      const rows = await sql.query<{ task_key: string; idx: number; worker: string; engine: string; word_level: boolean; attempt: number; started_at: number; finished_at: number }>(
        'SELECT * FROM stt_chunk_runs WHERE task_key = $1 ORDER BY idx',
        [taskKey],
      );
      return rows.map((r) => ({ taskKey: r.task_key, index: r.idx, worker: r.worker, engine: r.engine, wordLevel: r.word_level, attempt: r.attempt, startedAt: r.started_at, finishedAt: r.finished_at }));
    },
    async plan(taskKey) {
      const [row] = await sql.query<{ plan: string }>('SELECT plan FROM stt_tasks WHERE task_key = $1', [taskKey]);
      return row?.plan;
    },
    async isFinished(taskKey, index) {
      return (await sql.query('SELECT 1 FROM stt_chunks WHERE task_key = $1 AND idx = $2', [taskKey, index])).length > 0;
    },
    async finishedCount(taskKey) {
      const [row] = await sql.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM stt_chunks WHERE task_key = $1', [taskKey]);
      return row?.n ?? 0;
    },
  };
}
