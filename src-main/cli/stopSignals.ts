// How `serve` reacts to SIGTERM and SIGINT: the first runs the clean stop, and the process exits 0
// once it is done; a second one exits at once. What a supervisor, a container runtime, `kill PID`
// or Ctrl-C sends all ends here.
import { constants } from 'node:os';

/**
 * The whole stop, whatever the clients do, under the 10 s promised: the HTTP drain cuts off what
 * is still running after DEFAULT_DRAIN_MS (8 s, http/drain.ts), and the rest takes milliseconds.
 * Past this, something of ours hangs (a child process that ignores its abort): the ledger is
 * closed anyway and the exit is 1. The systemd unit's TimeoutStopSec (15 s) and the container's
 * stop grace period (15 s) sit above it.
 */
export const STOP_LIMIT_MS = 9500;

/**
 * A signal this soon after the first is the same request delivered twice, not a second one: a
 * Ctrl-C reaches both npm and the server, and npm passes its copy on; `kill` to a process group
 * reaches the server and its launcher, which passes its copy on too.
 */
export const SAME_STOP_MS = 1000;

export interface StopHandlers {
  /** The clean stop; resolves when everything is closed. */
  stop(signal: NodeJS.Signals): Promise<void>;
  /** What must happen even when the stop hangs (closing the ledger); never throws. */
  lastResort(): void;
  /** How long the clean stop may take before lastResort; STOP_LIMIT_MS by default. */
  limitMs?: number;
}

export interface StopIo {
  log(line: string): void;
  exit(code: number): never;
  now(): number;
}

const processIo: StopIo = {
  log: (line) => process.stdout.write(`${line}\n`),
  exit: (code) => process.exit(code),
  now: () => Date.now(),
};

/**
 * Installs the handlers; returns what removes them. A second signal, a second or more after the
 * first, exits at once with 128 + its number (130 for SIGINT, 143 for SIGTERM), the code a shell
 * gives a process the signal ended: the stop was not clean, though nothing is lost (the ledger's
 * WAL replays at the next start, and parked jobs resume).
 */
export function stopOnSignals(handlers: StopHandlers, io: StopIo = processIo): () => void {
  let firstAt: number | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (firstAt !== undefined) {
      if (io.now() - firstAt < SAME_STOP_MS) return;
      io.log(`stopping: second ${signal}, exiting at once`);
      return io.exit(128 + constants.signals[signal]);
    }
    firstAt = io.now();
    io.log(`stopping: ${signal} received; answering requests in flight, then exiting`);
    const limitMs = handlers.limitMs ?? STOP_LIMIT_MS;
    const watchdog = setTimeout(() => {
      io.log(`stopping: not done after ${limitMs / 1000} s; closing the ledger and exiting anyway`);
      handlers.lastResort();
      io.exit(1);
    }, limitMs);
    handlers.stop(signal).then(
      () => {
        clearTimeout(watchdog);
        io.log('stopped');
        io.exit(0);
      },
      (error: unknown) => {
        clearTimeout(watchdog);
        io.log(`stopping failed: ${error instanceof Error ? error.message : String(error)}`);
        handlers.lastResort();
        io.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  return () => {
    process.off('SIGTERM', onSignal);
    process.off('SIGINT', onSignal);
  };
}
