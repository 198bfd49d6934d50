// Speech for the speech-to-text tests and benches, made at run time by flite from known texts.
// Generated files are cached in the directory given (tests: the one vitest's global setup provides
// for the run, via inject('speechCache')), so each voice is spoken once per run.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { join, resolve } from 'node:path';

export const VOICES = ['rms', 'slt', 'awb', 'kal16'] as const;
export type Voice = (typeof VOICES)[number];

const FIXTURES = resolve(__dirname, '../fixtures/speech');

/** The text a voice reads (each voice its own passage). */
export const passage = (voice: Voice) => readFileSync(join(FIXTURES, `${voice}.txt`), 'utf8').trim();

/** The first `sentences` sentences of a voice's passage (a shorter read of the same text). */
export const opening = (voice: Voice, sentences: number) =>
  passage(voice)
    .split(/(?<=[.!?])\s+/)
    .slice(0, sentences)
    .join(' ');

/** A 16 kHz mono WAV of `voice` reading `text` (its own passage by default). */
export function speak(dir: string, voice: Voice, text = passage(voice), name: string = voice): string {
  mkdirSync(dir, { recursive: true });
  const out = join(dir, `${name}.wav`);
  if (existsSync(out)) return out;
  const raw = `${out}.${process.pid}.flite.wav`;
  execFileSync('flite', ['-voice', voice, '-t', text, '-o', raw]);
  // flite's voices differ in sample rate; resample to what the pipeline decodes to anyway.
  const tmp = `${out}.${process.pid}.tmp.wav`;
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', raw, '-ac', '1', '-ar', '16000', tmp]);
  renameSync(tmp, out); // atomic: parallel test files never read half a file
  return out;
}

/** Files joined into one (e.g. several voices, or speech with silence between). */
export function concat(dir: string, name: string, files: string[], format = 'wav'): string {
  const out = join(dir, `${name}.${format}`);
  if (existsSync(out)) return out;
  const tmp = `${out}.${process.pid}.tmp.${format}`;
  const inputs = files.flatMap((f) => ['-i', f]);
  const filter = `${files.map((_, i) => `[${i}:a]`).join('')}concat=n=${files.length}:v=0:a=1[a]`;
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...inputs, '-filter_complex', filter, '-map', '[a]', '-ac', '1', '-ar', '16000', tmp]);
  renameSync(tmp, out);
  return out;
}

/**
 * About 85 s of speech, three pocketsphinx chunks: each voice reads the first four sentences of its
 * passage. The audio of the pipeline and resume tests; `text` is what is said.
 */
export const FOUR_VOICES_SECONDS = 85;
export function fourVoices(dir: string): { file: string; text: string } {
  const file = concat(dir, 'four-voices-opening', VOICES.map((voice) => speak(dir, voice, opening(voice, 4), `${voice}-opening`)));
  return { file, text: VOICES.map((voice) => opening(voice, 4)).join(' ') };
}

export function ffmpeg(args: string[]): void {
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
}

/**
 * What pocketsphinx makes of fourVoices() in chunks (text and timed segments), as a SHA-256:
 * measured once, the same on every run (the engine is deterministic). A run resumed after a crash
 * must give exactly this (stt-restart.test.ts), without a second, uninterrupted run to compare with.
 * Re-measured when each line began to carry its words' times (issue 18); the text did not change.
 */
export const FOUR_VOICES_CHUNKED_DIGEST = '8dc7fc5e91ef95f0bc639f2173d660a29afba034dd5123b7419aab08ebbae0c7';
export const transcriptDigest = (result: { text: string; segments: readonly unknown[] }) => createHash('sha256').update(JSON.stringify({ text: result.text, segments: result.segments })).digest('hex');
