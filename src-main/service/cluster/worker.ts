// A team server's worker: takes jobs from every queue of boss.ts and runs them with one speech
// engine it keeps open. pg-boss hands each job to one worker at a time (SKIP LOCKED), keeps a
// heartbeat on it while it runs, and gives it to another worker when the heartbeat stops (a killed
// process, a lost machine). A job that throws is retried; on its last try, or when no retry could
// help, the episode fails and its payers are refunded in the transaction that settles the job.
import type { JobWithMetadata, PgBoss } from 'pg-boss';
import { failureReason } from '../podcast/runner';
import type { EngineId } from '../settings';
import type { ClusterStore } from '../store/cluster';
import type { SpeechEngine } from '../stt/engines/engine';
import { isSttError, type SpeechToText } from '../stt/index';
import type { UpstreamClient } from '../upstream/client';
import { QUEUES } from './boss';
import { failEpisode, FinalFailure, mergeEpisode, prepareEpisode, refundDeadLetter, transcribeChunk, type StepDeps } from './episodeSteps';
import type { ChunkJob, EpisodeJob, MediaJob, MediaOutput } from './jobs';
import type { WorkerLog } from './workerLog';

export interface WorkerDeps {
  store: ClusterStore;
  boss: PgBoss;
  upstream: UpstreamClient;
  /** This machine's speech-to-text (its engines, models and scratch space). */
  stt: SpeechToText;
  home: string;
}

export interface WorkerOptions {
  /** As `status` and the chunk records show it. */
  name: string;
  /** The engine to use; the shared `stt.engine` setting when absent. */
  engine?: EngineId | 'auto';
  /** Chunks at once (capped by the engine's own limit). */
  concurrency: number;
  log: WorkerLog;
}

/** Speech-to-text failures another try would not change: the clip's caller is answered at once. */
const SETTLED_STT_CODES = new Set(['bad_media', 'no_audio', 'too_long', 'fetch_failed', 'blocked_address', 'engine_unavailable', 'checksum_mismatch']);

export class ClusterWorker {
  private engine: SpeechEngine | undefined;
  private stopping = false;
  private readonly inHand = new Set<Promise<unknown>>();
  /** Jobs in hand at a stop: finished within the grace, or handed back to the queue. */
  private readonly endedWhileStopping = { finished: 0, released: 0 };

  constructor(
    private readonly deps: WorkerDeps,
    private readonly options: WorkerOptions,
  ) {}

  /** Opens the engine (refusing to start without one) and starts taking jobs. */
  async start(): Promise<{ engine: string; chunkConcurrency: number }> {
    const engine = await this.deps.stt.openEngine(this.options.engine);
    this.engine = engine;
    const chunkConcurrency = Math.max(1, Math.min(this.options.concurrency, engine.maxConcurrency));
    const steps: StepDeps = { ...this.deps, worker: this.options.name, engine, log: this.options.log };
    await this.work<ChunkJob>(QUEUES.chunk, chunkConcurrency, (job, signal) => this.episodeStep(QUEUES.chunk, job, () => transcribeChunk(steps, job, signal), steps));
    await this.work<EpisodeJob>(QUEUES.prepare, 1, (job, signal) => this.episodeStep(QUEUES.prepare, job, () => prepareEpisode(steps, job, signal), steps));
    await this.work<EpisodeJob>(QUEUES.merge, 1, (job) => this.episodeStep(QUEUES.merge, job, () => mergeEpisode(steps, job), steps));
    await this.work<EpisodeJob>(QUEUES.failed, 1, (job) => refundDeadLetter(steps, job));
    await this.work<MediaJob>(QUEUES.media, 1, (job, signal) => this.media(job, signal));
    this.options.log('ready', { engine: engine.id, chunkConcurrency, queues: Object.values(QUEUES) });
    return { engine: engine.id, chunkConcurrency };
  }

  /**
   * Stops taking jobs and waits up to `graceMs` for those in hand to finish; pg-boss then fails
   * the ones still running, which releases them to another worker (a retry, from their last
   * finished chunk). Closes the engine and pg-boss; the store is the caller's to close.
   */
  async stop(graceMs: number): Promise<{ finished: number; released: number }> {
    this.stopping = true;
    const inHand = [...this.inHand];
    this.options.log('stopping', { inHand: inHand.length, graceSeconds: Math.round(graceMs / 1000) });
    await this.deps.boss.stop({ graceful: true, timeout: graceMs, close: true });
    await Promise.allSettled(inHand);
    await this.engine?.close();
    this.options.log('stopped', { ...this.endedWhileStopping });
    return { ...this.endedWhileStopping };
  }

  private async work<T extends object>(queue: string, localConcurrency: number, handler: (job: JobWithMetadata<T>, signal: AbortSignal) => Promise<unknown>): Promise<void> {
    await this.deps.boss.work<T, unknown, { localConcurrency: number; batchSize: 1; includeMetadata: true; pollingIntervalSeconds: number }>(
      queue,
      { localConcurrency, batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 1 },
      async ([job]) => {
        if (job === undefined) return undefined;
        const running = handler(job, job.signal);
        this.inHand.add(running);
        try {
          const result = await running;
          if (this.stopping) this.endedWhileStopping.finished++;
          return result;
        } catch (error) {
          // Failed by the stop's deadline (or failing on its own meanwhile): pg-boss retries it elsewhere.
          if (this.stopping) this.endedWhileStopping.released++;
          throw error;
        } finally {
          this.inHand.delete(running);
        }
      },
    );
  }

  /** Runs one step of an episode; decides what a failure means for the episode. */
  private async episodeStep(queue: string, job: JobWithMetadata<EpisodeJob>, step: () => Promise<void>, steps: StepDeps): Promise<void> {
    try {
      await step();
    } catch (error) {
      // Released by a stop, or taken from this worker (its heartbeat lapsed): another attempt follows.
      if (this.stopping || job.signal.aborted) {
        this.options.log('job.released', { queue, episode: job.data.episode, attempt: job.retryCount });
        throw error;
      }
      const final = error instanceof FinalFailure || (isSttError(error) && error.code !== 'engine_failed' && error.code !== 'cancelled');
      const lastTry = job.retryCount >= job.retryLimit;
      const message = failureReason(error);
      if (!final && !lastTry) {
        this.options.log('job.retry', { queue, episode: job.data.episode, attempt: job.retryCount, message });
        throw error;
      }
      await failEpisode(steps, queue, job, message, !final);
    }
  }

  private async media(job: JobWithMetadata<MediaJob>, signal: AbortSignal): Promise<MediaOutput> {
    const { data } = job;
    const started = Date.now();
    try {
      const result = await this.deps.stt.transcribeMedia(
        { url: data.url },
        {
          taskKey: data.taskKey,
          signal,
          workers: this.options.concurrency,
          ...(this.options.engine === undefined ? {} : { engine: this.options.engine }),
          ...(data.maxDurationSeconds === undefined ? {} : { maxDurationSeconds: data.maxDurationSeconds }),
          ...(data.maxDownloadBytes === undefined ? {} : { maxDownloadBytes: data.maxDownloadBytes }),
          ...(data.headers === undefined ? {} : { downloadHeaders: data.headers }),
          ...(data.language === undefined ? {} : { language: data.language }),
        },
      );
      this.options.log('media.done', { task: data.taskKey, seconds: Math.round(result.durationSeconds), ms: Date.now() - started });
      return { ok: true, text: result.text, segments: result.segments, durationSeconds: result.durationSeconds, engine: result.engine, chunksTotal: result.chunksTotal };
    } catch (error) {
      if (isSttError(error) && SETTLED_STT_CODES.has(error.code)) {
        this.options.log('media.refused', { task: data.taskKey, code: error.code, message: error.message });
        return { ok: false, code: error.code, message: error.message };
      }
      this.options.log('media.failed', { task: data.taskKey, message: failureReason(error) });
      throw error;
    }
  }
}
