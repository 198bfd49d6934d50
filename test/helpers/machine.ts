// How fast this machine runs the speech engine today. Machines of one kind differ by 3× from day to
// day, mostly in how fast the engine runs while plain JavaScript keeps its speed, so the tests size
// their hang guards from this number (test/helpers/guards.ts) and the test run prints it first
// (scripts/machine.ts), so a slow machine is visible in a red run's log.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CLIP_TEXT } from '../upstream/media';

/** Seconds of speech the engine is timed on: the fixture clip's text, padded or trimmed to this. */
export const PROBE_SECONDS = 10;

/**
 * The real-time factor of `pocketsphinx_continuous` (wall seconds per second of audio, start-up
 * included) on ten seconds of flite speech, or the reason it could not be measured.
 */
export function measureEngineRtf(): { rtf: number } | { problem: string } {
  const dir = mkdtempSync(join(tmpdir(), 'td-machine-'));
  try {
    const raw = join(dir, 'raw.wav');
    const wav = join(dir, 'probe.wav');
    const made = spawnSync('flite', ['-voice', 'rms', '-t', CLIP_TEXT, '-o', raw]);
    if (made.error !== undefined || made.status !== 0) return { problem: 'flite is not installed' };
    // Exactly PROBE_SECONDS at the rate the pipeline decodes to: trimmed, or padded with silence.
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', raw, '-af', `apad=whole_dur=${PROBE_SECONDS}`, '-t', String(PROBE_SECONDS), '-ac', '1', '-ar', '16000', wav]);
    const started = performance.now();
    const run = spawnSync('pocketsphinx_continuous', ['-infile', wav, '-logfn', '/dev/null'], { encoding: 'utf8' });
    const seconds = (performance.now() - started) / 1000;
    if (run.error !== undefined) return { problem: 'pocketsphinx_continuous is not installed' };
    if (run.status !== 0) return { problem: `pocketsphinx_continuous exited with ${run.status}` };
    return { rtf: seconds / PROBE_SECONDS };
  } catch (error) {
    return { problem: (error as Error).message.split('\n')[0] ?? 'unknown' };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One line about the machine: cores, Node, and the engine's speed measured just now. */
export function machineLine(engine = measureEngineRtf()): string {
  const usable = availableParallelism();
  const total = cpus().length;
  const cores = usable === total ? `${total} cores` : `${usable} of ${total} cores usable`;
  const speed = 'rtf' in engine ? `pocketsphinx real-time factor ${engine.rtf.toFixed(2)} on a ${PROBE_SECONDS} s clip` : `pocketsphinx not measured (${engine.problem})`;
  return `machine: ${cores}, Node ${process.version}, ${speed}`;
}
