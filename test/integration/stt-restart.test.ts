// Kill the process in the middle of a transcription (SIGKILL, like a crash or a power cut), start
// it again: it finishes without transcribing the finished chunks again, and the transcript is the
// same as that of a run that was never interrupted.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { resolve } from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { Ledger } from '../../src-main/service/ledger/index';
import { ledgerFile } from '../../src-main/service/home';
import type { TranscriptionResult } from '../../src-main/service/stt/index';
import { concat, speak, VOICES } from '../helpers/speech';
import { openTestService, scratchLeft } from '../helpers/stt';

const RUNNER = resolve(__dirname, '../helpers/sttRunner.ts');
const ROOT = resolve(__dirname, '../..');
let stt: ReturnType<typeof openTestService>;
let file: string;
const running: ChildProcess[] = [];

beforeAll(() => {
  const cache = inject('speechCache');
  file = concat(cache, 'four-voices', VOICES.map((v) => speak(cache, v)));
  stt = openTestService();
  stt.stt.settings.set('stt.engine', 'pocketsphinx');
});
afterAll(() => {
  // Never leave a runner (or its engine processes) behind, whatever happened above.
  for (const child of running) if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  stt.remove();
});

/** The runner in its own process group, so killing the group kills its engine processes too. */
function startRunner(): { child: ChildProcess; lines: string[]; waitFor(pattern: RegExp): Promise<string> } {
  const child = spawn(process.execPath, ['--import', 'tsx', RUNNER, stt.home, file, 'episode:restart', '1'], { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
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

it('a killed transcription resumes from its finished chunks and gives the same transcript', { timeout: 180_000 }, async () => {
  const first = startRunner();
  await first.waitFor(/^progress 2 \d+$/);
  const exited = once(first.child, 'exit');
  process.kill(-(first.child.pid as number), 'SIGKILL');
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

  const clean = await stt.stt.transcribeMedia({ file }, { taskKey: 'episode:clean', workers: 2 });
  expect(resumed.chunksTotal).toBe(clean.chunksTotal);
  expect(resumed.text).toBe(clean.text);
  expect(resumed.segments).toEqual(clean.segments);
});
