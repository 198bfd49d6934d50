// The loop guard inside the pipeline: a chunk whose output loops is run once more at a higher
// temperature and the clean answer kept; a chunk that loops again keeps its text, flagged, and the
// flag survives the chunk store (a resumed task still shows it). The engine is a fake because no
// real engine loops on demand; the store is the real SQLite one.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Segment } from '#shared/transcript';
import type { Chunk } from '#service/stt/chunker';
import type { EngineTranscribeOptions, SpeechEngine } from '#service/stt/engines/engine';
import { mergeChunks } from '#service/stt/merge';
import { runChunks } from '#service/stt/pipeline';
import { openTestService } from '../helpers/stt';

const CHUNK_SAMPLES = 160_000; // 10 s
const SENTENCES = ['Welcome to the show about cooking.', 'Today we talk about bread and how long it rises.', 'Thanks for listening, see you next week.'];
const LOOP = Array.from({ length: 40 }, (_, i) => ({ text: 'Today we talk about bread.', startMs: i * 200, endMs: i * 200 + 200 }));

interface Call {
  chunk: number;
  retry: EngineTranscribeOptions['retry'];
  prompt: string | undefined;
  task: EngineTranscribeOptions['task'];
}

/** Answers each chunk's sentence, except chunk 1's first `loops` runs, which loop. */
function fakeEngine(loops: number, loopRetry = true): SpeechEngine & { calls: Call[] } {
  const calls: Call[] = [];
  return {
    id: 'whisper',
    fingerprint: 'fake',
    model: null,
    sendsTo: null,
    chunking: { targetSeconds: 10, windowSeconds: 2, overlapSeconds: 0, minPauseMs: 100 },
    maxConcurrency: 2,
    wordLevel: false,
    translates: true,
    loopRetry,
    calls,
    transcribe(pcm: Buffer, options: EngineTranscribeOptions): Promise<Segment[]> {
      // Each chunk's samples hold its index (written below), so the fake knows which it was given.
      const chunk = pcm.readInt16LE(0);
      calls.push({ chunk, retry: options.retry, prompt: options.prompt, task: options.task });
      const runs = calls.filter((c) => c.chunk === chunk).length;
      if (chunk === 1 && runs <= loops) return Promise.resolve(LOOP);
      return Promise.resolve([{ text: SENTENCES[chunk] as string, startMs: 500, endMs: 3000 }]);
    },
    close: () => Promise.resolve(),
  };
}

const chunks: Chunk[] = [0, 1, 2].map((i) => ({ index: i, startSample: i * CHUNK_SAMPLES, endSample: (i + 1) * CHUNK_SAMPLES, cutStartMs: i * 10_000, cutEndMs: (i + 1) * 10_000 }));
let stt: Awaited<ReturnType<typeof openTestService>>;
let pcmFile: string;

beforeAll(async () => {
  stt = await openTestService();
  pcmFile = join(stt.home, 'chunks.pcm');
  const pcm = Buffer.alloc(3 * CHUNK_SAMPLES * 2);
  for (let i = 0; i < pcm.length / 2; i++) pcm.writeInt16LE(Math.floor(i / CHUNK_SAMPLES), i * 2);
  await writeFile(pcmFile, pcm);
});
afterAll(() => stt.remove());

async function run(engine: SpeechEngine, taskKey: string, finished = new Map<number, Segment[]>()) {
  if (finished.size === 0) await stt.store.sttTasks.begin(taskKey, 'fake', '{}');
  const results = await runChunks({
    taskKey,
    chunks,
    finished,
    pcmFile,
    engine,
    prompt: 'Kubernetes, OpenTelemetry.',
    task: 'translate',
    workers: 2,
    tasks: stt.store.sttTasks,
    scratchDir: stt.home,
    signal: new AbortController().signal,
    onChunkDone: () => undefined,
  });
  return mergeChunks(results, engine.wordLevel);
}

describe('loop guard in the pipeline', () => {
  it('runs a looped chunk once more, hotter, and keeps the clean answer', async () => {
    const engine = fakeEngine(1);
    const segments = await run(engine, 'loop-once');
    expect(segments.map((s) => s.text)).toEqual(SENTENCES);
    expect(segments.some((s) => s.suspect !== undefined)).toBe(false);
    // Exactly one retry, of the looped chunk, with a temperature; the vocabulary and task go to every run.
    expect(engine.calls.filter((c) => c.retry !== undefined)).toEqual([{ chunk: 1, retry: { temperature: 0.4 }, prompt: 'Kubernetes, OpenTelemetry.', task: 'translate' }]);
    expect(engine.calls).toHaveLength(4);
    expect(engine.calls.every((c) => c.prompt === 'Kubernetes, OpenTelemetry.' && c.task === 'translate')).toBe(true);
  });

  it('keeps a chunk that loops again, flagged with why, and the flag survives a resume', async () => {
    const engine = fakeEngine(2);
    const segments = await run(engine, 'loop-twice');
    expect(engine.calls.filter((c) => c.chunk === 1)).toHaveLength(2);
    const looped = segments.filter((s) => s.text === 'Today we talk about bread.');
    expect(looped).toHaveLength(40);
    for (const s of looped) expect(s.suspect).toMatch(/"today we talk about bread" repeats 40 times in a row.*second run at temperature 0\.4 looped too/);
    expect(segments.filter((s) => s.suspect === undefined).map((s) => s.text)).toEqual([SENTENCES[0], SENTENCES[2]]);

    // A restarted task reads its finished chunks from the store: the flag is still there, and no chunk runs again.
    const stored = await stt.store.sttTasks.get('loop-twice');
    const again = fakeEngine(0);
    const resumed = await run(again, 'loop-twice', stored?.chunks);
    expect(again.calls).toEqual([]);
    expect(resumed).toEqual(segments);
  });

  it('flags without a second run when the engine cannot answer differently', async () => {
    const engine = fakeEngine(5, false);
    const segments = await run(engine, 'loop-no-retry');
    expect(engine.calls.filter((c) => c.chunk === 1)).toHaveLength(1);
    expect(segments.find((s) => s.suspect !== undefined)?.suspect).toMatch(/whisper cannot be run differently, so it was not retried/);
  });
});
