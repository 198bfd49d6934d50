// Runs the chunks of a plan through an engine in parallel, persisting each finished chunk so that
// a restarted task picks up where it stopped. Engines do their work off the main thread (child
// processes, native threads, HTTP), so the event loop only schedules and stores.
import { open } from 'node:fs/promises';
import type { Segment } from '#shared/transcript';
import type { SttTaskStore } from '../store/port';
import { BYTES_PER_SAMPLE } from './audio/tools';
import { chunkStartMs, type Chunk } from './chunker';
import type { EngineTranscribeOptions, SpeechEngine } from './engines/engine';
import { cancelled } from './errors';
import { findLoops, flagLoops, loopedWords, type LoopFinding } from './loopGuard';
import type { ChunkResult } from './merge';

export interface ChunkProgress {
  chunksDone: number;
  chunksTotal: number;
}

export interface RunChunksInput {
  taskKey: string;
  chunks: Chunk[];
  /** Chunks finished by an earlier run of the same task. */
  finished: Map<number, Segment[]>;
  pcmFile: string;
  engine: SpeechEngine;
  /** The vocabulary prompt and the task (TranscribeOptions in index.ts), the same for every chunk. */
  prompt?: string;
  task?: EngineTranscribeOptions['task'];
  workers: number;
  tasks: SttTaskStore;
  scratchDir: string;
  signal: AbortSignal;
  onChunkDone: (progress: ChunkProgress) => void;
}

/** An engine's segments moved to absolute time and kept inside the chunk's audio. */
export function placeSegments(segments: Segment[], chunk: Chunk): Segment[] {
  const offset = chunkStartMs(chunk);
  const end = Math.round((chunk.endSample * 1000) / 16_000);
  return segments.map((s) => {
    const startMs = Math.min(end, Math.max(offset, offset + s.startMs));
    return { text: s.text, startMs, endMs: Math.min(end, Math.max(startMs, offset + s.endMs)), ...(s.suspect === undefined ? {} : { suspect: s.suspect }) };
  });
}

/** How a looped chunk is run again: hot enough to leave the loop, cool enough to stay on the words. */
export const LOOP_RETRY = { temperature: 0.4 } as const;

/** What a run asks of the engine besides the audio (EngineTranscribeOptions without the per-call parts). */
export type ChunkRunOptions = Pick<EngineTranscribeOptions, 'signal' | 'scratchDir' | 'prompt' | 'task'>;

/**
 * One chunk through the engine, placed in absolute time, with the loop guard (loopGuard.ts): output
 * that looped is run once more with LOOP_RETRY, and the one with fewer looped words is kept. Loops
 * left in it are kept as written and flagged `suspect` with the reason; the flag lives in the
 * segment JSON the chunk store already keeps, so a resumed task still shows it.
 */
export async function transcribeChunk(engine: SpeechEngine, pcm: Buffer, chunk: Chunk, options: ChunkRunOptions): Promise<Segment[]> {
  const first = placeSegments(await engine.transcribe(pcm, options), chunk);
  const loops = findLoops(first);
  if (loops.length === 0) return first;
  if (!engine.loopRetry) return flagLoops(first, withNote(loops, `${engine.id} cannot be run differently, so it was not retried`));
  if (options.signal.aborted) throw cancelled(options.signal);
  const second = placeSegments(await engine.transcribe(pcm, { ...options, retry: LOOP_RETRY }), chunk);
  const again = findLoops(second);
  if (again.length === 0) return second;
  const [segments, findings] = loopedWords(again) < loopedWords(loops) ? [second, again] : [first, loops];
  return flagLoops(segments, withNote(findings, `a second run at temperature ${LOOP_RETRY.temperature} looped too`));
}

const withNote = (findings: LoopFinding[], note: string) => findings.map((f) => ({ ...f, reason: `${f.reason} (${note})` }));

export async function runChunks(input: RunChunksInput): Promise<ChunkResult[]> {
  const { chunks, finished, engine, tasks, taskKey } = input;
  const results: ChunkResult[] = chunks.filter((c) => finished.has(c.index)).map((c) => ({ chunk: c, segments: finished.get(c.index) as Segment[] }));
  const queue = chunks.filter((c) => !finished.has(c.index));
  // The first failure stops the other workers too: one broken chunk fails the task, fast.
  const stop = new AbortController();
  const signal = AbortSignal.any([input.signal, stop.signal]);
  const pcm = await open(input.pcmFile, 'r');
  let done = results.length;

  async function worker(): Promise<void> {
    for (let chunk = queue.shift(); chunk !== undefined; chunk = queue.shift()) {
      if (signal.aborted) throw cancelled(input.signal);
      const bytes = (chunk.endSample - chunk.startSample) * BYTES_PER_SAMPLE;
      const buffer = Buffer.alloc(bytes);
      await pcm.read(buffer, 0, bytes, chunk.startSample * BYTES_PER_SAMPLE);
      const segments = await transcribeChunk(engine, buffer, chunk, {
        signal,
        scratchDir: input.scratchDir,
        ...(input.prompt === undefined ? {} : { prompt: input.prompt }),
        ...(input.task === undefined ? {} : { task: input.task }),
      });
      if (signal.aborted) throw cancelled(input.signal);
      await tasks.saveChunk(taskKey, chunk.index, segments);
      results.push({ chunk, segments });
      input.onChunkDone({ chunksDone: ++done, chunksTotal: chunks.length });
    }
  }

  const count = Math.max(1, Math.min(input.workers, engine.maxConcurrency, queue.length || 1));
  const settled = await Promise.allSettled(
    Array.from({ length: count }, () =>
      worker().catch((error: unknown) => {
        stop.abort();
        throw error;
      }),
    ),
  );
  await pcm.close();
  if (input.signal.aborted) throw cancelled(input.signal);
  // Report the failure that started it, not the cancellations it caused in the other workers.
  const failure = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected' && !(s.reason instanceof Error && s.reason.name === 'SttError' && (s.reason as { code?: string }).code === 'cancelled'));
  const first = failure ?? settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (first !== undefined) throw first.reason;
  return results;
}
