// Kill the process in the middle of a transcription (SIGKILL, like a crash or a power cut), start
// it again: it finishes without transcribing the finished chunks again, and the transcript is the
// same as that of a run that was never interrupted (its digest, measured once: helpers/speech.ts).
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { Ledger } from '#service/ledger/index';
import { ledgerFile } from '#service/home';
import type { TranscriptionResult } from '#service/stt/index';
import { spawnTs } from '../helpers/cli';
import { speechGuardMs } from '../helpers/guards';
import { killGroup } from '../helpers/processes';
import { FOUR_VOICES_CHUNKED_DIGEST, FOUR_VOICES_SECONDS, fourVoices, transcriptDigest } from '../helpers/speech';
import { openTestService, scratchLeft } from '../helpers/stt';

const RUNNER = resolve(__dirname, '../helpers/sttRunner.ts');
let stt: Awaited<ReturnType<typeof openTestService>>;
let file: string;
const running: ChildProcess[] = [];

beforeAll(async () => {
  const cache = inject('speechCache');
  file = fourVoices(cache).file;
  stt = await openTestService();
  await stt.stt.settings.set('stt.engine', 'pocketsphinx');
});
afterAll(async () => {
  // Never leave a runner (or its engine processes) behind, whatever happened above.
  for (const child of running) killGroup(child.pid as number);
  await stt.remove();
});

/** The runner in its own process group, so killing the group kills its engine processes too. */
function startRunner(): { child: ChildProcess; lines: string[]; waitFor(pattern: RegExp): Promise<string> } {
  const child = spawnTs(RUNNER, [stt.home, file, 'episode:restart', '1'], {});
  running.push(child);
  const lines: string[] = [];
  let buffered = '';
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  child.stdout?.on('data', (d: Buffer) => {
    buffered += d.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop() ?? '';
    for (const line of parts) {
      lines.push(line);
      for (const w of waiters.filter((w) => w.pattern.test(line))) w.resolve(line);
    }
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const waitFor = (pattern: RegExp) =>
    new Promise<string>((done, fail) => {
      const seen = lines.find((l) => pattern.test(l));
      if (seen !== undefined) return done(seen);
      waiters.push({ pattern, resolve: done });
      child.once('exit', (code) => fail(new Error(`runner exited (${code}) before ${pattern}: ${stderr}`)));
    });
  return { child, lines, waitFor };
}

// Hang guard: the audio about once with the killed run and its resumption.
it('a killed transcription resumes from its finished chunks and gives the same transcript', { timeout: speechGuardMs(FOUR_VOICES_SECONDS, { engineRtf: inject('engineRtf') }) }, async () => {
  const first = startRunner();
  await first.waitFor(/^progress 2 \d+$/);
  const exited = once(first.child, 'exit');
  killGroup(first.child.pid as number);
  await exited;

  const ledger = Ledger.open(ledgerFile(stt.home));
  const doneBeforeRestart = ledger.sttTasks.get('episode:restart')?.chunks.size ?? 0;
  ledger.close();
  const total = Number(/ (\d+)$/.exec(first.lines.at(-1) ?? '')?.[1]);
  expect(doneBeforeRestart).toBeGreaterThanOrEqual(2);
  expect(doneBeforeRestart).toBeLessThan(total);
  expect(scratchLeft(stt.home)).toHaveLength(1); // the killed run's scratch directory, swept at the next start

  const second = startRunner();
  const resultLine = await second.waitFor(/^result /);
  const resumed = JSON.parse(resultLine.slice('result '.length)) as TranscriptionResult;
  const progress = second.lines.filter((l) => l.startsWith('progress')).map((l) => Number(l.split(' ')[1]));
  // It started from the finished chunks and transcribed only the others, one progress step each.
  expect(resumed.chunksReused).toBe(doneBeforeRestart);
  expect(progress[0]).toBe(doneBeforeRestart);
  expect(progress).toEqual(Array.from({ length: total - doneBeforeRestart + 1 }, (_, i) => doneBeforeRestart + i));
  expect(scratchLeft(stt.home)).toEqual([]);

  // The same transcript as a run never interrupted: the one stt-pipeline.test.ts gets, by its digest.
  expect(transcriptDigest(resumed)).toBe(FOUR_VOICES_CHUNKED_DIGEST);
});
