// The store port's extension for a team server (issue 15): what workers on several machines need
// beyond the port. Only a store every machine reaches can offer it (PostgreSQL: postgres/pgStore.ts).
import type { Store, StoreTx } from './port';

/** Which worker finished which chunk of a task, kept after the task is merged. */
export interface ChunkRun {
  taskKey: string;
  index: number;
  worker: string;
  engine: string;
  /** One word per segment (the merge removes overlaps word by word only when every chunk is). */
  wordLevel: boolean;
  attempt: number;
  startedAt: number;
  finishedAt: number;
}

/** Chunk audio handed from the worker that cut it to whichever worker takes the chunk: no shared filesystem. */
export interface ChunkWorkStore {
  /** Keeps one chunk's PCM until its chunk is done (or its task is begun again or forgotten). */
  putAudio(taskKey: string, index: number, pcm: Buffer): Promise<void>;
  audio(taskKey: string, index: number): Promise<Buffer | undefined>;
  dropAudio(taskKey: string, index: number): Promise<void>;
  /** Records the run that finished a chunk (replacing a record from an earlier plan of the same task). */
  recordRun(run: ChunkRun): Promise<void>;
  runs(taskKey: string): Promise<ChunkRun[]>;
  /** A task's chunk plan (JSON ChunkPlan) without its finished chunks' segments: what one chunk's worker needs. */
  plan(taskKey: string): Promise<string | undefined>;
  /** Whether the chunk is finished (its segments saved): a chunk is never redone. */
  isFinished(taskKey: string, index: number): Promise<boolean>;
  /** How many chunks of the task are finished. */
  finishedCount(taskKey: string): Promise<number>;
}

/**
 * A job queue's statements on the connection of a store transaction: pg-boss's `db` option (its
 * IDatabase, structurally), so a job is sent, completed or failed in the same commit as the store
 * write it belongs to.
 */
export interface JobsDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/** A store transaction as the team server's work sees it: the port's tables, the chunk hand-over, the job queue. */
export interface ClusterTx extends StoreTx {
  chunkWork: ChunkWorkStore;
  jobs: JobsDb;
}

export interface ClusterStore extends Store {
  readonly chunkWork: ChunkWorkStore;
  /**
   * A store transaction that also carries the job queue's statements (`tx.jobs`): a reservation
   * and its episode's first job, a chunk's result and its job's completion, a refund and the
   * failure it pays back, each commit together or not at all.
   */
  clusterTransaction<T>(fn: (tx: ClusterTx) => Promise<T>): Promise<T>;
}
