// The signal handling of `serve` (cli/stopSignals.ts) with a stand-in for exit and the clock: what
// the process tests (serve-stop.test.ts) cannot provoke, a stop that hangs or fails.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SAME_STOP_MS, STOP_LIMIT_MS, stopOnSignals, type StopIo } from '../../src-main/cli/stopSignals';

let uninstall: (() => void) | undefined;
afterEach(() => {
  uninstall?.();
  uninstall = undefined;
  vi.useRealTimers();
});

/** Handlers whose stop is `stop`; exit codes and log lines are recorded, not acted on. */
function install(stop: () => Promise<void>) {
  let now = 0;
  const seen = { lines: [] as string[], exits: [] as number[], lastResort: 0 };
  const io: StopIo = {
    log: (line) => void seen.lines.push(line),
    // Recorded; the code under test returns right after calling it.
    exit: (code) => {
      seen.exits.push(code);
      return undefined as never;
    },
    now: () => now,
  };
  uninstall = stopOnSignals({ stop, lastResort: () => void (seen.lastResort += 1) }, io);
  const signal = (name: NodeJS.Signals, atMs: number) => {
    now = atMs;
    process.emit(name, name);
  };
  return { seen, signal };
}

describe('stopOnSignals', () => {
  it('a stop that hangs: the ledger is closed anyway and the exit is 1, before the 10 s promised', () => {
    vi.useFakeTimers();
    const { seen, signal } = install(() => new Promise(() => undefined));
    signal('SIGTERM', 0);
    vi.advanceTimersByTime(STOP_LIMIT_MS - 1);
    expect(seen.exits).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual({ lines: ['stopping: SIGTERM received; answering requests in flight, then exiting', 'stopping: not done after 9.5 s; closing the ledger and exiting anyway'], exits: [1], lastResort: 1 });
    expect(STOP_LIMIT_MS).toBeLessThan(10_000);
  });

  it('a stop that fails: the ledger is closed anyway and the exit is 1', async () => {
    const { seen, signal } = install(() => Promise.reject(new Error('the disk is full')));
    signal('SIGINT', 0);
    await vi.waitFor(() => expect(seen.exits).toEqual([1]));
    expect(seen.lines.at(-1)).toBe('stopping failed: the disk is full');
    expect(seen.lastResort).toBe(1);
  });

  it('a clean stop exits 0 once; signals during it are the same stop within a second, then exit at once', async () => {
    let finish: () => void = () => undefined;
    const { seen, signal } = install(() => new Promise((resolve) => (finish = resolve)));
    signal('SIGINT', 0);
    signal('SIGINT', SAME_STOP_MS - 1); // npm passing on the terminal's Ctrl-C
    expect(seen.exits).toEqual([]);
    signal('SIGINT', SAME_STOP_MS);
    expect(seen.exits).toEqual([130]);
    expect(seen.lines.at(-1)).toBe('stopping: second SIGINT, exiting at once');
    finish();
    await vi.waitFor(() => expect(seen.exits).toEqual([130, 0]));
    expect(seen.lines.at(-1)).toBe('stopped');
  });
});
