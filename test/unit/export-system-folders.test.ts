// F3: an export into /proc used to spin `mkdirSync(…, {recursive: true})` forever (procfs answers
// ENOENT for the folder and EEXIST for its parent), freezing the process and ignoring SIGTERM. The
// export runs in a child process here, so the old behaviour fails this test by its hang guard
// instead of freezing vitest.
import { once } from 'node:events';
import { symlinkSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { spawnTs } from '../helpers/cli';
import { CLI_RUN_GUARD_MS } from '../helpers/guards';
import { tempHome } from '../helpers/home';
import { killGroup } from '../helpers/processes';

const PROBE = resolve(__dirname, '../helpers/exportProbe.ts');

let home: ReturnType<typeof tempHome>;
beforeEach(() => {
  home = tempHome();
});
afterEach(() => home.remove());

interface ProbeLine {
  folder?: string;
  result?: { ok: boolean; error?: { code: string; message: string } };
  ms?: number;
  stillAnswers?: boolean;
}

/** Runs the probe; a process that has not finished within the guard is killed and the test fails. */
async function probe(folders: string[]): Promise<ProbeLine[]> {
  const child = spawnTs(PROBE, [join(home.dir, 'data'), ...folders], {});
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  let hung = false;
  const guard = setTimeout(() => {
    hung = true;
    killGroup(child.pid as number);
  }, CLI_RUN_GUARD_MS);
  try {
    const [code] = (await once(child, 'close')) as [number | null];
    if (hung) throw new Error(`the export never answered (killed after ${CLI_RUN_GUARD_MS} ms); it printed: ${stdout}`);
    if (code !== 0) throw new Error(`the probe exited with ${code}: ${stderr}`);
    return stdout.trim().split('\n').map((line) => JSON.parse(line) as ProbeLine);
  } finally {
    clearTimeout(guard);
    killGroup(child.pid as number);
  }
}

it(
  'refuses /proc, and a link into it, at once, and the process keeps answering',
  async () => {
    const link = join(home.dir, 'into-proc');
    symlinkSync('/proc/self', link);
    const lines = await probe(['/proc/self/x', join(link, 'x'), '/proc/self/x/y/z']);
    expect(lines.slice(0, 3).map((l) => l.folder)).toEqual(['/proc/self/x', join(link, 'x'), '/proc/self/x/y/z']);
    for (const line of lines.slice(0, 3)) {
      expect(line.result).toEqual({ ok: false, error: { code: 'invalid_input', message: expect.stringMatching(/system folder/) as string } });
      // The functional bound: the refusal comes at once (< 1 s), not after a guard.
      expect(line.ms).toBeLessThan(1000);
    }
    expect(lines[3]).toEqual({ stillAnswers: true });
  },
  CLI_RUN_GUARD_MS + 10_000,
);
