// Runs local media jobs one file after another, each with the speech-to-text pipeline's
// `stt.workers` chunks at once. Nothing is charged: the file is the person's own and the engine
// runs here (or at the endpoint the person configured, which the card names before it starts).
//
// A job's finished chunks are its speech-to-text task's (`media:<id>`), kept by the store as each
// one ends. So a pause, a crash or a quit loses at most the chunks in flight: Resume, or the next
// start of the app (running jobs are queued again, marked `interrupted`), goes on from the rest.
import { rm } from 'node:fs/promises';
import { ENDED_MEDIA_STATUSES, type MediaJob } from '#shared/contract/media';
import { DeskError } from '#shared/contract/result';
import { keepLocalTranscript, localFileIdentity } from '#service/localTranscripts';
import type { SpeechToText, SttProgress } from '#service/stt/index';
import type { MediaJobChange, Store } from '#service/store/port';
import type { Clock } from '../clock';

export interface MediaRunnerOptions {
  store: Store;
  stt: SpeechToText;
  clock: Clock;
  /** Jobs changed: their records as they are now. */
  onChanged: (jobs: MediaJob[]) => void;
  onRemoved: (ids: string[]) => void;
  /** A transcript went into the library. */
  onLibraryChanged: () => void;
  /**
   * Whether jobs left running or queued are taken up at the start (default true). False where the
   * app on the same data home may be transcribing them (DeskOptions.backgroundWork): this runner
   * then starts only what is added or resumed through it.
   */
  resume?: boolean;
}

/** The speech-to-text task a job's finished chunks are kept under. */
export const mediaTaskKey = (id: string): string => `media:${id}`;

/** Progress is written at most this often (and at every finished chunk). */
const PROGRESS_WRITE_MS = 500;

interface Current {
  id: string;
  controller: AbortController;
  /** Why it is being stopped; a stop for no reason is the app closing. */
  reason?: 'pause' | 'cancel';
  settled: Promise<void>;
}

export class MediaRunner {
  private current: Current | undefined;
  private closed = false;
  private pumping = false;
  private readonly ready: Promise<void>;

  constructor(private readonly options: MediaRunnerOptions) {
    if (options.resume === false) {
      this.ready = Promise.resolve();
      return;
    }
    this.ready = options.store.mediaJobs.requeueRunning().then((jobs) => {
      if (jobs.length > 0) {
        console.error(`transcript-desk: ${jobs.length} local file(s) were being transcribed when the app stopped; they go on from their finished chunks`);
        options.onChanged(jobs);
      }
    });
    void this.pump();
  }

  async add(jobs: readonly MediaJob[]): Promise<void> {
    await this.ready;
    for (const job of jobs) await this.options.store.mediaJobs.add(job);
    this.options.onChanged([...jobs]);
    void this.pump();
  }

  async list(): Promise<MediaJob[]> {
    await this.ready;
    return this.options.store.mediaJobs.list();
  }

  async pause(id: string): Promise<MediaJob> {
    const job = await this.existing(id);
    if (this.current?.id === id) {
      await this.stopCurrent('pause');
      return this.existing(id);
    }
    if (job.status !== 'queued') throw new DeskError('refused', `Only a queued or running file can be paused; this one is ${job.status}`);
    return this.change(id, { status: 'paused' });
  }

  async resume(id: string): Promise<MediaJob> {
    const job = await this.existing(id);
    if (job.status !== 'paused' && job.status !== 'failed' && job.status !== 'cancelled') throw new DeskError('refused', `Only a paused, failed or cancelled file can be resumed; this one is ${job.status}`);
    const resumed = await this.change(id, { status: 'queued', error: null, interrupted: false });
    void this.pump();
    return resumed;
  }

  async cancel(id: string): Promise<MediaJob> {
    const job = await this.existing(id);
    if (this.current?.id === id) {
      await this.stopCurrent('cancel');
      return this.existing(id);
    }
    if (ENDED_MEDIA_STATUSES.has(job.status)) throw new DeskError('refused', `This file has already ended (${job.status})`);
    await this.options.store.sttTasks.forget(mediaTaskKey(id));
    return this.change(id, { status: 'cancelled', stage: null, finishedAt: this.options.clock.now() });
  }

  /** Removes an ended job's card. An upload that never made a transcript goes with it; a transcribed one stays for the library's player. */
  async dismiss(id: string): Promise<boolean> {
    const job = await this.options.store.mediaJobs.get(id);
    if (job === undefined) return false;
    if (!ENDED_MEDIA_STATUSES.has(job.status)) throw new DeskError('refused', 'Pause or cancel the file before dismissing its card');
    await this.options.store.mediaJobs.remove(id);
    await this.options.store.sttTasks.forget(mediaTaskKey(id));
    if (job.uploaded && job.transcriptKey === null) await rm(job.path, { force: true });
    this.options.onRemoved([id]);
    return true;
  }

  /** Stops the running file without marking it: the next start of the app goes on from its chunks. */
  async close(): Promise<void> {
    this.closed = true;
    const current = this.current;
    if (current === undefined) return;
    current.controller.abort();
    await current.settled;
  }

  private async existing(id: string): Promise<MediaJob> {
    await this.ready;
    const job = await this.options.store.mediaJobs.get(id);
    if (job === undefined) throw new DeskError('not_found', 'This file is not on the desk any more');
    return job;
  }

  private async change(id: string, change: MediaJobChange): Promise<MediaJob> {
    const job = await this.options.store.mediaJobs.update(id, change);
    if (job === undefined) throw new DeskError('not_found', 'This file is not on the desk any more');
    this.options.onChanged([job]);
    return job;
  }

  private async stopCurrent(reason: 'pause' | 'cancel'): Promise<void> {
    const current = this.current;
    if (current === undefined) return;
    current.reason = reason;
    current.controller.abort();
    await current.settled;
  }

  /** Starts the oldest queued file when none runs. */
  private async pump(): Promise<void> {
    if (this.pumping || this.closed || this.current !== undefined) return;
    this.pumping = true;
    try {
      await this.ready;
      if (this.closed || this.current !== undefined) return;
      const next = (await this.options.store.mediaJobs.list()).find((job) => job.status === 'queued');
      if (next === undefined) return;
      const controller = new AbortController();
      const current: Current = { id: next.id, controller, settled: Promise.resolve() };
      this.current = current;
      current.settled = this.run(next, current)
        .catch((error: unknown) => console.error('transcript-desk: a local file\'s outcome could not be recorded:', error))
        .finally(() => {
          if (this.current === current) this.current = undefined;
          void this.pump();
        });
    } finally {
      this.pumping = false;
    }
  }

  private async run(queued: MediaJob, current: Current): Promise<void> {
    const { store, stt, clock } = this.options;
    const signal = current.controller.signal;
    let runStart = clock.now();
    let job = await this.change(queued.id, { status: 'running', stage: 'decoding', startedAt: queued.startedAt ?? runStart, runningSince: runStart, error: null });
    // Writes go one after another; each moves the run's time into runMs, so a crash loses only
    // the time since the last one (a restart does not count the hours the app was off).
    let writes = Promise.resolve();
    const write = (change: MediaJobChange) => {
      writes = writes.then(async () => {
        const now = clock.now();
        const updated = await store.mediaJobs.update(job.id, { ...change, runMs: job.runMs + (now - runStart), runningSince: change.runningSince === null ? null : now });
        runStart = now;
        if (updated !== undefined) {
          job = updated;
          this.options.onChanged([updated]);
        }
      });
      return writes;
    };
    let lastWrite = 0;
    let kept: number | undefined;
    const onProgress = (progress: SttProgress) => {
      if (progress.stage === 'downloading') return;
      const change: MediaJobChange = { stage: progress.stage, progress: { chunksDone: progress.chunksDone, chunksTotal: progress.chunksTotal } };
      if (progress.engine !== undefined) change.engine = progress.engine;
      if (progress.stage === 'transcribing' && kept === undefined) {
        kept = progress.chunksDone;
        change.chunksKept = kept;
      }
      const now = clock.now();
      const chunkEnded = progress.chunksDone !== job.progress.chunksDone || progress.chunksTotal !== job.progress.chunksTotal;
      if (!chunkEnded && progress.stage === job.stage && now - lastWrite < PROGRESS_WRITE_MS) return;
      lastWrite = now;
      void write(change);
    };
    try {
      const result = await stt.transcribeMedia({ file: job.path }, { taskKey: mediaTaskKey(job.id), signal, onProgress });
      await writes;
      const identity = await localFileIdentity(job.path);
      const transcriptKey = await keepLocalTranscript(store, { identity, name: job.name, title: job.title, video: job.video, text: result.text, segments: result.segments, durationSeconds: result.durationSeconds, engine: result.engine, model: result.model });
      await write({
        status: 'done',
        stage: null,
        runningSince: null,
        finishedAt: clock.now(),
        transcriptKey,
        engine: result.engine,
        chunksKept: result.chunksReused,
        progress: { chunksDone: result.chunksTotal, chunksTotal: result.chunksTotal },
        durationSeconds: job.durationSeconds ?? result.durationSeconds,
      });
      this.options.onLibraryChanged();
    } catch (error) {
      await writes;
      if (current.reason === 'pause') await write({ status: 'paused', stage: null, runningSince: null });
      else if (current.reason === 'cancel') {
        await store.sttTasks.forget(mediaTaskKey(job.id));
        await write({ status: 'cancelled', stage: null, runningSince: null, finishedAt: clock.now() });
      } else if (signal.aborted) {
        // The app is closing: the job stays `running` with its time counted, and the next start
        // queues it again from its finished chunks.
        await write({ runningSince: null });
      } else {
        await write({ status: 'failed', stage: null, runningSince: null, finishedAt: clock.now(), error: error instanceof Error ? error.message : String(error) });
      }
    }
  }
}
