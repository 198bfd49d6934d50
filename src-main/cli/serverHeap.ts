// How V8 sizes the heap of `serve`. Under bench/memory's load (800 fresh transcripts of real
// length, then 2,000 cache hits at 32 connections) the server's live heap after a full GC stays at
// 28–33 MB, yet with Node 24's defaults its RSS peaked at 304–385 MB (built JavaScript, no
// launcher; plain Node serving the same traffic: 200–244 MB). Two defaults let garbage pile up:
//
// - The young generation. V8 in Node 24 lets each of its two semi-spaces grow to 64 MB on a 64-bit
//   machine without pointer compression (Node 20 stopped at 16 MB), and a busy server reaches
//   that maximum: V8 enlarges it whenever the bytes that survived scavenges since the last
//   enlargement pass its size, and 32 requests in flight each hold an ~80 KB answer across
//   scavenges. That was 128 MB of the peak; at 16 MB per semi-space it is 32 MB. Smaller is not
//   better: at 8 MB, answers in flight are promoted early and the old generation grows instead.
// - The old generation. After each full GC V8 lets it grow to the live size times a factor it
//   picks from how fast its GC runs against the program, up to 4×, and on a busy machine it picks
//   high: with the young generation capped alone, 106 MB of old space held 28 MB of live objects
//   and peaks still reached 228–307 MB. A fixed factor of 1.5 keeps it near the live size at the
//   price of more frequent full GCs, which bench/memory does not show: the server's CPU seconds for
//   the same work stayed within run-to-run noise, where a factor of 1.3 cost a fifth to a half more.
//
// With both: 194–205 MB. Neither caps the heap: it still grows to whatever a burst keeps alive, up
// to Node's own limit. An operator's own choice (on the node command line, or the semi-space in
// NODE_OPTIONS) is kept.
import { setFlagsFromString } from 'node:v8';

export const SEMI_SPACE_FLAG = '--max-semi-space-size=16';
export const HEAP_GROWING_FLAG = '--heap-growing-percent=50';

/** Whether an argument sets V8's flag `name`: V8 takes dashes or underscores, `=value` or the value next. */
const sets = (name: string) => (arg: string) => {
  const dashed = arg.replace(/_/g, '-');
  return dashed === `--${name}` || dashed.startsWith(`--${name}=`);
};
const namesSemiSpace = sets('max-semi-space-size');
const namesHeapGrowing = sets('heap-growing-percent');

/**
 * The command line (after the node binary) to start again with for the semi-space size, or
 * undefined when this process already has one: ours after the restart, or the operator's.
 */
export function argvWithSemiSpace(execArgv: readonly string[], argv: readonly string[], nodeOptions: string | undefined): string[] | undefined {
  if (execArgv.some(namesSemiSpace) || (nodeOptions ?? '').split(/\s+/).some(namesSemiSpace)) return undefined;
  return [SEMI_SPACE_FLAG, ...execArgv, ...argv.slice(1)];
}

/**
 * The semi-space size is read once, when V8 sets up the heap, so it must be on the command line.
 * serve is started by npm, the package's bin (a shebang cannot portably pass flags), a service
 * manager or a container; rather than relying on each of them, it replaces itself with the same
 * command plus the flag: execve keeps the PID (what a supervisor signals and waits on) and leaves
 * no process behind. Only stdin, stdout and stderr survive it, so this runs before anything is
 * opened. It costs one more Node start plus loading what the bundle loads before this module
 * (0.1–0.7 s); a launcher that passes the flag itself saves that. Not on Windows or in Electron
 * (no execve); if the restart fails, serving goes on without.
 */
function restartWithSemiSpace(): void {
  if (process.execve === undefined || process.versions.electron !== undefined) return;
  // A parent talking to us over an IPC channel (fork) would lose it: execve closes that descriptor.
  if (process.env.NODE_CHANNEL_FD !== undefined) return;
  const argv = argvWithSemiSpace(process.execArgv, process.argv, process.env.NODE_OPTIONS);
  if (argv === undefined) return;
  try {
    process.execve(process.execPath, [process.execPath, ...argv]);
  } catch (error) {
    process.stderr.write(`transcript-desk: could not restart with ${SEMI_SPACE_FLAG} (${(error as Error).message}); serving without it\n`);
  }
}

/**
 * The growing factor is read at every full GC, so it can be set from here. Not on the restart's
 * command line: V8 may rename its internal flags, and Node refuses to start on an unknown one
 * where setFlagsFromString only prints a line.
 */
function slowOldGenerationGrowth(): void {
  if (!process.execArgv.some(namesHeapGrowing)) setFlagsFromString(HEAP_GROWING_FLAG);
}

/** Both, first thing in `serve` (serverHeapAtStart.ts). */
export function sizeServerHeap(): void {
  restartWithSemiSpace();
  slowOldGenerationGrowth();
}
