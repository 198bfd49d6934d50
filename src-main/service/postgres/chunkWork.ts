// The team server's chunk hand-over (migration 006): not part of the store port, since one machine
// keeps its audio in a scratch file; only the cluster's workers (service/cluster) use it.
import type { Sql } from './sql';

export interface ChunkRun {
  taskKey: string;
  index: number;
  worker: string;
  engine: string;
  attempt: number;
  startedAt: number;
  finishedAt: number;
}

export interface ChunkWorkStore {
  /** Keeps one chunk's PCM until its chunk is done (or its task is begun again or forgotten). */
  putAudio(taskKey: string, index: number, pcm: Buffer): Promise<void>;
  audio(taskKey: string, index: number): Promise<Buffer | undefined>;
  dropAudio(taskKey: string, index: number): Promise<void>;
  /** Records the run that finished a chunk; a chunk is finished once (a later record is ignored). */
  recordRun(run: ChunkRun): Promise<void>;
  runs(taskKey: string): Promise<ChunkRun[]>;
  /** How many chunks of the task are finished. */
  finishedCount(taskKey: string): Promise<number>;
}

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
        'INSERT INTO stt_chunk_runs (task_key, idx, worker, engine, attempt, started_at, finished_at) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (task_key, idx) DO NOTHING',
        [run.taskKey, run.index, run.worker, run.engine, run.attempt, run.startedAt, run.finishedAt],
      );
    },
    async runs(taskKey) {
      const rows = await sql.query<{ task_key: string; idx: number; worker: string; engine: string; attempt: number; started_at: number; finished_at: number }>(
        'SELECT * FROM stt_chunk_runs WHERE task_key = $1 ORDER BY idx',
        [taskKey],
      );
      return rows.map((r) => ({ taskKey: r.task_key, index: r.idx, worker: r.worker, engine: r.engine, attempt: r.attempt, startedAt: r.started_at, finishedAt: r.finished_at }));
    },
    async finishedCount(taskKey) {
      const [row] = await sql.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM stt_chunks WHERE task_key = $1', [taskKey]);
      return row?.n ?? 0;
    },
  };
}
