// `transcript-desk transcribe` as a user runs it: progress on stderr, the transcript in the asked
// format on stdout or in a file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { runCli } from '../helpers/cli';
import { cliGuardMs, speechGuardMs } from '../helpers/guards';
import { tempHome } from '../helpers/home';
import { passage, speak } from '../helpers/speech';
import { abortedWhenTestEnds } from '../helpers/teardown';
import { wordErrorRate } from '../helpers/wer';

let home: ReturnType<typeof tempHome>;
let file: string;
/** awb reads its passage: about 39 s, transcribed once per test. */
const GUARD_MS = speechGuardMs(39, { engineRtf: inject('engineRtf') });
beforeAll(() => {
  home = tempHome();
  file = speak(inject('speechCache'), 'awb');
});
afterAll(() => home.remove());

it('writes SRT to a file and shows progress on stderr', { timeout: GUARD_MS }, async () => {
  const out = join(home.dir, 'out.srt');
  const result = await runCli(home.dir, ['transcribe', file, '--engine', 'pocketsphinx', '--format', 'srt', '--out', out], {}, abortedWhenTestEnds());
  expect(result.code).toBe(0);
  expect(result.stdout).toBe('');
  expect(result.stderr).toMatch(/decoding audio\ntranscribing: 0\/1 chunks\ntranscribing: 1\/1 chunks\ndone: 1 chunk with pocketsphinx, 37\.\d s of audio\n/);
  const srt = readFileSync(out, 'utf8');
  expect(srt).toMatch(/^1\n00:00:0\d,\d{3} --> 00:00:\d\d,\d{3}\n/);
  const text = srt.split('\n').filter((l) => !/^\d+$/.test(l) && !l.includes('-->')).join(' ');
  expect(wordErrorRate(passage('awb'), text)).toBeLessThan(0.25);
  // A file of this machine goes into the desk's library, as a dropped one does.
  expect(result.stderr).toContain(`kept in the library (local file ${file}); --no-library skips this\n`);
  expect((await runCli(home.dir, ['db', 'stats'])).stdout).toMatch(/^transcripts +1 \(1 kept in the library\)$/m);
});

it('prints JSON with text and segments, and explains a bad input', { timeout: GUARD_MS + cliGuardMs(2) }, async () => {
  const json = await runCli(home.dir, ['transcribe', file, '--engine', 'pocketsphinx', '--format', 'json', '--no-library'], {}, abortedWhenTestEnds());
  expect(json.code).toBe(0);
  expect(json.stderr).not.toContain('kept in the library');
  const doc = JSON.parse(json.stdout) as { text: string; segments: { startMs: number }[] };
  expect(doc.segments.length).toBeGreaterThan(3);
  expect(wordErrorRate(passage('awb'), doc.text)).toBeLessThan(0.25);

  const bad = await runCli(home.dir, ['transcribe', join(home.dir, 'nothing.mp3')]);
  expect(bad.code).toBe(1);
  expect(bad.stderr).toMatch(/does not exist or cannot be read/);
  const engine = await runCli(home.dir, ['transcribe', file, '--engine', 'dragon']);
  expect(engine.code).not.toBe(0);
  expect(engine.stderr).toMatch(/expected auto or one of whisper, openai, pocketsphinx/);
});
