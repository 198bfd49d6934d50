// CMU PocketSphinx through Debian's `pocketsphinx_continuous`: the offline fallback that needs no
// model download. Each chunk runs in its own process, so chunks run in parallel on every core and
// a cancel is a SIGKILL.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { access, constants, rm, writeFile } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import type { Segment } from '#shared/transcript';
import { wavHeader } from '../audio/tools';
import { cancelled, SttError } from '../errors';
import type { EngineTranscribeOptions, SpeechEngine } from './engine';

const BINARY = 'pocketsphinx_continuous';
/** Debian's pocketsphinx-en-us package; the binary's compiled-in default model. */
const DEFAULT_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us/en-us';

export const POCKETSPHINX_INSTALL_HINT = 'install pocketsphinx and its US English model (Debian/Ubuntu: apt install pocketsphinx pocketsphinx-en-us)';

export const POCKETSPHINX_CANNOT_TRANSLATE = 'pocketsphinx cannot translate (it only writes US English speech as heard): translate with whisper or an OpenAI-compatible endpoint';

export async function onPath(binary: string): Promise<string | undefined> {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir === '') continue;
    const candidate = join(dir, binary);
    if (await access(candidate, constants.X_OK).then(() => true, () => false)) return candidate;
  }
  return undefined;
}

/** Why pocketsphinx cannot run here, or undefined when it can. */
export async function pocketsphinxProblem(language: string): Promise<string | undefined> {
  if (language !== 'auto' && language !== 'en') return `pocketsphinx has only a US English model; the language is set to ${language}`;
  if ((await onPath(BINARY)) === undefined) return `${BINARY} is not installed: ${POCKETSPHINX_INSTALL_HINT}`;
  if (!(await access(DEFAULT_MODEL_DIR).then(() => true, () => false))) return `the pocketsphinx US English model is missing (${DEFAULT_MODEL_DIR}): ${POCKETSPHINX_INSTALL_HINT}`;
  return undefined;
}

// `word start end posterior`, one line per word with -time yes; hypothesis lines have no numbers.
const WORD_LINE = /^(\S+) (\d+(?:\.\d+)?) (\d+(?:\.\d+)?) [\d.]+$/;
// Sentence markers, silence and fillers ([NOISE], ++BREATH++) are not words.
const NOT_A_WORD = /^(<s>|<\/s>|<sil>|\[.*\]|\+\+.*\+\+)$/;

export function parsePocketsphinxTimes(stdout: string): Segment[] {
  const out: Segment[] = [];
  for (const line of stdout.split('\n')) {
    const m = WORD_LINE.exec(line.trim());
    if (m === null) continue;
    const word = (m[1] as string).replace(/\(\d+\)$/, ''); // alternate pronunciations: word(2)
    if (NOT_A_WORD.test(word)) continue;
    out.push({ text: word, startMs: Math.round(Number(m[2]) * 1000), endMs: Math.round(Number(m[3]) * 1000) });
  }
  return out;
}

export class PocketsphinxEngine implements SpeechEngine {
  readonly id = 'pocketsphinx' as const;
  readonly fingerprint = 'pocketsphinx:en-us';
  readonly model = 'en-us';
  readonly sendsTo = null;
  // Short chunks cost little here (0.3 s start-up each) and spread evenly over the cores.
  readonly chunking = { targetSeconds: 30, windowSeconds: 8, overlapSeconds: 2, minPauseMs: 150 };
  readonly maxConcurrency = 64;
  readonly wordLevel = true;
  // No translate mode, no prompt, and no sampling temperature: the same audio always gives the same
  // words, so a looped chunk is flagged, never run again.
  readonly translates = false;
  readonly loopRetry = false;

  async transcribe(pcm: Buffer, { signal, scratchDir, task }: EngineTranscribeOptions): Promise<Segment[]> {
    if (signal.aborted) throw cancelled(signal);
    if (task === 'translate') throw new SttError('engine_unavailable', POCKETSPHINX_CANNOT_TRANSLATE);
    const wav = join(scratchDir, `ps-${randomUUID()}.wav`);
    await writeFile(wav, Buffer.concat([wavHeader(pcm.length), pcm]));
    try {
      return parsePocketsphinxTimes(await this.run(wav, signal));
    } finally {
      await rm(wav, { force: true });
    }
  }

  private run(wav: string, signal: AbortSignal): Promise<string> {
    return new Promise((resolve, reject) => {
      const child = spawn(BINARY, ['-infile', wav, '-time', 'yes', '-logfn', '/dev/null'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => {
        if (stderr.length < 4096) stderr += d.toString();
      });
      const kill = () => child.kill('SIGKILL');
      signal.addEventListener('abort', kill, { once: true });
      child.once('error', (error: NodeJS.ErrnoException) => {
        signal.removeEventListener('abort', kill);
        reject(error.code === 'ENOENT' ? new SttError('engine_unavailable', `${BINARY} is not installed: ${POCKETSPHINX_INSTALL_HINT}`) : error);
      });
      child.once('close', (code) => {
        signal.removeEventListener('abort', kill);
        if (signal.aborted) reject(cancelled(signal));
        else if (code === 0) resolve(stdout);
        else reject(new SttError('engine_failed', `pocketsphinx failed (exit ${code})${stderr.trim() ? `: ${stderr.trim().split('\n').at(-1)}` : ''}`));
      });
    });
  }

  async close(): Promise<void> {}
}
