// Time limits in tests are hang guards, nothing more: they end a test that would otherwise never
// end. How fast something is belongs in bench/, which prints ratios against a baseline measured in
// the same run. So every limit here is at least ten times what its work takes on a slow machine of
// CI's kind (2 cores, or one under `taskset -c 0`; the speech engine at a real-time factor of 0.76
// was the slowest seen), and no test asserts a duration shorter than its guard.

/** The slowest real-time factor of `pocketsphinx_continuous` seen on a machine of CI's kind. */
export const SLOW_ENGINE_RTF = 0.8;

/**
 * Work that runs no speech engine (a server start, a few requests to the fixture upstream) takes
 * under 3 s on a slow machine: vitest's default `testTimeout` (vitest.config.mts) is this.
 */
export const PLAIN_GUARD_MS = 30_000;

/**
 * A podcast job that ends without speech-to-text (a publisher transcript, a failed download),
 * polled every second: 2–4 s here, under 6 s on a slow machine.
 */
export const POLLED_JOB_GUARD_MS = 60_000;

/**
 * One CLI command, or a `serve` until it listens, run through tsx: 1.2–2 s here (mostly loading
 * the CLI's modules), up to 6 s on a slow machine whose one core both test workers share.
 */
export const CLI_RUN_GUARD_MS = 60_000;

/** The hang guard of a test that runs `runs` CLI commands or server starts and otherwise only loopback requests. */
export const cliGuardMs = (runs: number) => runs * CLI_RUN_GUARD_MS;

/**
 * A hang guard for a test that runs the speech engine over `audioSeconds` of audio `passes` times
 * (a chunked run and a whole-file run are two passes): ten times the engine's work at the slower of
 * the slow machine's speed and the speed measured at the start of this run (`engineRtf`, 0 when
 * unmeasured), as if on one core, plus `overheadMs` for what else the test does (servers, requests).
 */
export function speechGuardMs(audioSeconds: number, { passes = 1, engineRtf = 0, overheadMs = PLAIN_GUARD_MS } = {}): number {
  const rtf = Math.max(SLOW_ENGINE_RTF, engineRtf);
  return Math.ceil(10 * audioSeconds * passes * rtf * 1000 + overheadMs);
}
