// The speech-to-text pipeline hands a run's task (whisper's translate) to the engine for every
// chunk, and nothing when none was asked: the part of "Transcribe again … translate" that runs
// without ffmpeg (the decode and the real engines are the stt-* integration tests').
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { EngineTranscribeOptions, SpeechEngine } from '#service/stt/engines/engine';
import { runChunks } from '#service/stt/pipeline';
import type { SttTaskStore } from '#service/store/port';

const dir = mkdtempSync(join(tmpdir(), 'td-task-'));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function tasksSeen(task?: 'transcribe' | 'translate'): Promise<(string | undefined)[]> {
  const pcmFile = join(dir, 'two-seconds.pcm');
  writeFileSync(pcmFile, Buffer.alloc(2 * 16_000 * 2));
  const seen: (string | undefined)[] = [];
  const engine = {
    maxConcurrency: 1,
    transcribe: (_pcm: Buffer, options: EngineTranscribeOptions) => {
      seen.push(options.task);
      return Promise.resolve([{ text: 'words', startMs: 0, endMs: 500 }]);
    },
  } as unknown as SpeechEngine;
  const tasks = { saveChunk: () => Promise.resolve() } as unknown as SttTaskStore;
  const chunks = [0, 1].map((index) => ({ index, startSample: index * 16_000, endSample: (index + 1) * 16_000, cutStartMs: index * 1000, cutEndMs: (index + 1) * 1000 }));
  await runChunks({ taskKey: 't', chunks, finished: new Map(), pcmFile, engine, workers: 1, tasks, scratchDir: dir, signal: new AbortController().signal, onChunkDone: () => undefined, ...(task === undefined ? {} : { task }) });
  return seen;
}

it('gives the engine the task of the run on every chunk, and none when none was asked', async () => {
  expect(await tasksSeen('translate')).toEqual(['translate', 'translate']);
  expect(await tasksSeen()).toEqual([undefined, undefined]);
});
