// An episode's work on a team server, in three kinds of job (boss.ts):
//   prepare  one worker: the publisher's transcript, or download + decode + cut; it hands each
//            chunk's audio over through the store and sends one chunk job per chunk;
//   chunk    any worker: transcribes one chunk; the chunk that finishes last sends the merge;
//   merge    one worker: joins the chunks, settles every payer and files the episode.
// Each step ends in one store transaction that also settles its job (and sends the next ones):
// a chunk's result is never saved without its job completing, nor a job completed without its
// result. A step that finds its episode no longer processing (cancelled, failed by another chunk)
// completes without doing anything.
import { open } from 'node:fs/promises';
import type { JobWithMetadata, PgBoss } from 'pg-boss';
import { podcastPrice } from '../billing';
import { publishedTranscript } from '../podcast/publishedTranscript';
import type { ClusterStore } from '../store/cluster';
import type { EpisodeWork, FinishedEpisode } from '../store/port';
import { downloadMedia } from '../stt/audio/download';
import { BYTES_PER_SAMPLE, SAMPLE_RATE } from '../stt/audio/tools';
import { planChunks, type ChunkPlan } from '../stt/chunker';
import type { SpeechEngine } from '../stt/engines/engine';
import { groupWords, mergeChunks } from '../stt/merge';
import { transcribeChunk as guardedChunk } from '../stt/pipeline';
import { decodeForChunks } from '../stt/prepare';
import { createWorkDir } from '../stt/workdir';
import type { UpstreamClient } from '../upstream/client';
import { QUEUES } from './boss';
import type { ChunkJob, EpisodeJob } from './jobs';
import type { WorkerLog } from './workerLog';
import { speechProvenance } from '../stt/provenance';

const MAX_AUDIO_BYTES = 4 * 1024 ** 3;

export interface StepDeps {
  store: ClusterStore;
  boss: PgBoss;
  upstream: UpstreamClient;
  /** Where this worker keeps scratch files (its data home). */
  home: string;
  /** This worker's name, as `status` and the chunk records show it. */
  worker: string;
  /** The engine this worker opened at start. */
  engine: SpeechEngine;
  log: WorkerLog;
}

/** A failure no retry would change (the audio is not audio, the feed's transcript and audio are both gone). */
export class FinalFailure extends Error {
  override readonly name = 'FinalFailure';
}

/** The attempt a handler holds: settling by it leaves a job alone once another worker has it. */
const attemptOf = (job: { id: string; retryCount: number }) => ({ id: job.id, retryCount: job.retryCount });

/** The episode while it still wants work; logs and answers undefined when it does not. */
async function stillWanted(deps: StepDeps, step: string, key: string): Promise<EpisodeWork | undefined> {
  const episode = await deps.store.podcastWork.episode(key);
  if (episode?.status === 'processing') return episode;
  deps.log(`${step}.skipped`, { episode: key, reason: episode === undefined ? 'no such episode' : `the episode is ${episode.status}` });
  return undefined;
}

/** Settles the episode (every payer charged at the real price) and its job, together. */
async function finishEpisode(deps: StepDeps, queue: string, job: JobWithMetadata<EpisodeJob>, finished: FinishedEpisode): Promise<void> {
  const { episode: key, taskKey } = job.data;
  const settled = await deps.store.clusterTransaction(async (tx) => {
    const payers = await tx.podcastWork.finish(key, finished);
    await tx.sttTasks.forget(taskKey);
    await deps.boss.complete(queue, attemptOf(job), { payers: payers.length }, { db: tx.jobs });
    return payers;
  });
  deps.log('episode.done', { episode: key, source: finished.source, seconds: Math.round(finished.durationSeconds), chunks: finished.chunksTotal, charged: settled.map((p) => p.charged) });
}

export async function prepareEpisode(deps: StepDeps, job: JobWithMetadata<EpisodeJob>, signal: AbortSignal): Promise<void> {
  const { episode: key, taskKey } = job.data;
  const work = deps.store.podcastWork;
  const episode = await stillWanted(deps, 'prepare', key);
  if (episode === undefined) return;
  // Starts the episode's clock (the job record's startedAt). The pid is this machine's and means
  // nothing to the others: the queue, not the pid, says who holds the episode.
  await work.claim(key, process.pid, episode.runnerPid);

  if (episode.transcriptUrl !== null) {
    let published: Awaited<ReturnType<typeof publishedTranscript>>;
    try {
      published = await publishedTranscript(deps.upstream, episode, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      throw new FinalFailure(error instanceof Error ? error.message : String(error));
    }
    if (published.ok) return finishEpisode(deps, QUEUES.prepare, job, published.finished);
    deps.log('prepare.note', { episode: key, note: published.note });
  }
  if (episode.audioUrl === null) throw new FinalFailure('The episode has no audio file');

  const scratch = await createWorkDir(deps.home);
  try {
    const started = Date.now();
    const file = await downloadMedia(deps.upstream, episode.audioUrl, scratch.dir, { signal, maxBytes: MAX_AUDIO_BYTES });
    const audio = await decodeForChunks(file, scratch.dir, { signal });
    const { engine } = deps;
    const fingerprint = `${engine.fingerprint}|${audio.samples}|${JSON.stringify(engine.chunking)}`;
    const stored = await deps.store.sttTasks.get(taskKey);
    let plan: ChunkPlan;
    let finished: ReadonlySet<number>;
    if (stored !== undefined && stored.fingerprint === fingerprint) {
      // A prepare that ran before and died after cutting: its finished chunks stand.
      plan = JSON.parse(stored.plan) as ChunkPlan;
      finished = new Set(stored.chunks.keys());
    } else {
      plan = planChunks(audio.samples, audio.levels, engine.chunking);
      await deps.store.sttTasks.begin(taskKey, fingerprint, JSON.stringify(plan));
      finished = new Set();
    }
    const todo = plan.chunks.filter((c) => !finished.has(c.index));
    // Each chunk's audio is its own row, written before the jobs that read it exist.
    const pcm = await open(audio.pcmFile, 'r');
    try {
      for (const chunk of todo) {
        const bytes = (chunk.endSample - chunk.startSample) * BYTES_PER_SAMPLE;
        const buffer = Buffer.alloc(bytes);
        await pcm.read(buffer, 0, bytes, chunk.startSample * BYTES_PER_SAMPLE);
        await deps.store.chunkWork.putAudio(taskKey, chunk.index, buffer);
      }
    } finally {
      await pcm.close();
    }
    await deps.store.clusterTransaction(async (tx) => {
      await tx.podcastWork.setDuration(key, audio.seconds);
      await tx.podcastWork.setProgress(key, finished.size, plan.chunks.length);
      const next: EpisodeJob = { episode: key, taskKey };
      if (todo.length === 0) await deps.boss.send(QUEUES.merge, next, { singletonKey: key, db: tx.jobs });
      else await deps.boss.insert(QUEUES.chunk, todo.map((c) => ({ data: { ...next, index: c.index } satisfies ChunkJob })), { db: tx.jobs });
      await deps.boss.complete(QUEUES.prepare, attemptOf(job), { chunks: plan.chunks.length }, { db: tx.jobs });
    });
    deps.log('prepare.done', { episode: key, seconds: Math.round(audio.seconds), chunks: plan.chunks.length, reused: finished.size, ms: Date.now() - started });
  } finally {
    await scratch.remove();
  }
}

export async function transcribeChunk(deps: StepDeps, job: JobWithMetadata<ChunkJob>, signal: AbortSignal): Promise<void> {
  const { episode: key, taskKey, index } = job.data;
  if ((await stillWanted(deps, 'chunk', key)) === undefined) return;
  const { store, engine } = deps;
  if (await store.chunkWork.isFinished(taskKey, index)) {
    deps.log('chunk.skipped', { episode: key, chunk: index, reason: 'finished already' });
    return;
  }
  // The plan alone: the task's finished chunks (all their segments) are the merge's business.
  const planJson = await store.chunkWork.plan(taskKey);
  const plan = planJson === undefined ? undefined : (JSON.parse(planJson) as ChunkPlan);
  const chunk = plan?.chunks[index];
  if (plan === undefined || chunk === undefined) throw new FinalFailure(`Chunk ${index} of the episode is not in its plan`);
  const pcm = await store.chunkWork.audio(taskKey, index);
  if (pcm === undefined) throw new FinalFailure(`The audio of chunk ${index} is gone`);

  const startedAt = Date.now();
  deps.log('chunk.start', { episode: key, chunk: index, of: plan.chunks.length, attempt: job.retryCount });
  const scratch = await createWorkDir(deps.home);
  let segments;
  try {
    // The loop guard as on one machine (pipeline.ts): a looped chunk is run again once, or flagged.
    segments = await guardedChunk(engine, pcm, chunk, { signal, scratchDir: scratch.dir });
  } finally {
    await scratch.remove();
  }
  if (signal.aborted) throw new Error(String(signal.reason));
  const outcome = await store.clusterTransaction(async (tx) => {
    const episode = await tx.podcastWork.episode(key);
    // Under the store's lock: another attempt of this chunk (a worker thought dead) may have landed first.
    const kept = episode?.status === 'processing' && !(await tx.chunkWork.isFinished(taskKey, index));
    let done = 0;
    if (kept) {
      await tx.sttTasks.saveChunk(taskKey, index, segments);
      await tx.chunkWork.recordRun({ taskKey, index, worker: deps.worker, engine: engine.id, wordLevel: engine.wordLevel, attempt: job.retryCount, startedAt, finishedAt: Date.now() });
      await tx.chunkWork.dropAudio(taskKey, index);
      done = await tx.chunkWork.finishedCount(taskKey);
      await tx.podcastWork.setProgress(key, done, plan.chunks.length);
      if (done >= plan.chunks.length) await deps.boss.send(QUEUES.merge, { episode: key, taskKey } satisfies EpisodeJob, { singletonKey: key, db: tx.jobs });
    }
    await deps.boss.complete(QUEUES.chunk, attemptOf(job), { worker: deps.worker, kept }, { db: tx.jobs });
    return { kept, done };
  });
  deps.log(outcome.kept ? 'chunk.done' : 'chunk.dropped', { episode: key, chunk: index, done: outcome.done, of: plan.chunks.length, ms: Date.now() - startedAt });
}

export async function mergeEpisode(deps: StepDeps, job: JobWithMetadata<EpisodeJob>): Promise<void> {
  const { episode: key, taskKey } = job.data;
  if ((await stillWanted(deps, 'merge', key)) === undefined) return;
  const task = await deps.store.sttTasks.get(taskKey);
  if (task === undefined) throw new FinalFailure('The episode\'s chunks are gone');
  const plan = JSON.parse(task.plan) as ChunkPlan;
  const results = plan.chunks.flatMap((chunk) => {
    const segments = task.chunks.get(chunk.index);
    return segments === undefined ? [] : [{ chunk, segments }];
  });
  // Sent by the last chunk's commit, so all are there; if not, a retry finds them.
  if (results.length < plan.chunks.length) throw new Error(`Only ${results.length} of ${plan.chunks.length} chunks are finished`);
  const runs = (await deps.store.chunkWork.runs(taskKey)).filter((r) => r.index < plan.chunks.length);
  // Word by word only when every chunk's engine gave words (workers may run different engines).
  const wordLevel = runs.length === plan.chunks.length && runs.every((r) => r.wordLevel);
  const merged = mergeChunks(results, wordLevel);
  const segments = wordLevel ? groupWords(merged) : merged;
  const seconds = plan.samples / SAMPLE_RATE;
  await finishEpisode(deps, QUEUES.merge, job, {
    transcript: segments.map((s) => s.text).join('\n'),
    segments,
    source: 'ai',
    // Workers may run different engines: each one that transcribed a chunk is named; their models are not recorded per chunk.
    provenance: speechProvenance({ engine: [...new Set(runs.map((r) => r.engine))].sort().join('+') || 'unknown', model: null }, null),
    durationSeconds: seconds,
    chunksTotal: plan.chunks.length,
    chunksReused: 0,
    price: podcastPrice(seconds),
  });
}

/**
 * An episode's work failed for good: the episode fails, every payer is refunded, its chunks are
 * dropped, and the job is settled, in one transaction. `lastTry` fails the job (pg-boss keeps it
 * failed, and its dead-letter copy then finds the episode failed already); a failure no retry
 * would change completes it instead, so pg-boss does not retry it.
 */
export async function failEpisode(deps: StepDeps, queue: string, job: JobWithMetadata<EpisodeJob>, message: string, lastTry: boolean): Promise<void> {
  const { episode: key, taskKey } = job.data;
  await deps.store.clusterTransaction(async (tx) => {
    await tx.podcastWork.fail(key, message);
    await tx.sttTasks.forget(taskKey);
    if (lastTry) await deps.boss.fail(queue, attemptOf(job), { message }, { db: tx.jobs });
    else await deps.boss.complete(queue, attemptOf(job), { failed: message }, { db: tx.jobs });
  });
  deps.log('episode.failed', { episode: key, queue, message });
}

/** The dead-letter queue: a job that failed for good without its worker seeing it (the worker died on the last try). */
export async function refundDeadLetter(deps: StepDeps, job: JobWithMetadata<EpisodeJob>): Promise<void> {
  const cause = (job.sourceOutput as { message?: unknown } | null)?.message;
  const message = `The episode could not be transcribed${typeof cause === 'string' ? `: ${cause}` : ' (its worker stopped answering)'}`;
  await failEpisode(deps, QUEUES.failed, job, message, false);
}
