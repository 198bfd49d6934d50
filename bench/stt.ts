// Speech-to-text throughput and memory. Prints, from one run:
//  - the engine's own CLI on the whole 10-minute episode (the baseline),
//  - the pipeline with 1 worker and with every core, as real-time factors and ratios to the baseline,
//  - the pipeline process's peak RSS on a 10-minute and a 60-minute episode (target: within 15 %).
// Episodes are flite speech (four voices) joined with ffmpeg into podcast-like MP3s.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openService } from '#service/open';
import { concat, ffmpeg, passage, speak, VOICES } from '../test/helpers/speech';

const dir = mkdtempSync(join(tmpdir(), 'td-bench-stt-'));
const cores = availableParallelism();
const seconds = (file: string) => Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' }));

function episodes(): { ten: string; sixty: string } {
  const parts: string[] = [];
  VOICES.forEach((voice, i) => {
    const other = VOICES[(i + 1) % VOICES.length] as (typeof VOICES)[number];
    parts.push(speak(dir, voice), speak(dir, voice, passage(other), `${voice}-reads-${other}`));
  });
  const five = concat(dir, 'five', parts);
  const tenWav = concat(dir, 'ten', [five, five]);
  const ten = join(dir, 'ten.mp3');
  ffmpeg(['-i', tenWav, '-c:a', 'libmp3lame', '-b:a', '64k', ten]);
  const sixty = join(dir, 'sixty.mp3');
  ffmpeg(['-stream_loop', '5', '-i', ten, '-c', 'copy', sixty]);
  return { ten, sixty };
}

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await run();
  return { ms: performance.now() - started, value };
}

function pocketsphinxWhole(wav: string): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn('pocketsphinx_continuous', ['-infile', wav, '-time', 'yes', '-logfn', '/dev/null'], { stdio: ['ignore', 'ignore', 'ignore'] });
    child.once('error', fail);
    child.once('close', (code) => (code === 0 ? done() : fail(new Error(`pocketsphinx exit ${code}`))));
  });
}

/** The pipeline in a child process, to read that process's peak RSS. */
function runnerPeakRss(home: string, file: string): Promise<number> {
  return new Promise((done, fail) => {
    const runner = resolve(__dirname, '../test/helpers/sttRunner.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', runner, home, file, `bench:${file}`, String(cores)], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.once('close', (code) => {
      const kb = Number(/^maxrss (\d+)$/m.exec(out)?.[1]);
      if (code === 0 && Number.isFinite(kb)) done(kb / 1024);
      else fail(new Error(`runner exited ${code}`));
    });
  });
}

async function main(): Promise<void> {
  const { ten, sixty } = episodes();
  const tenSeconds = seconds(ten);
  const home = join(dir, 'home');
  const opened = await openService(home);
  await opened.stt.settings.set('stt.engine', 'pocketsphinx');
  try {
    const wav = join(dir, 'ten-16k.wav');
    ffmpeg(['-i', ten, '-ac', '1', '-ar', '16000', wav]);
    const baseline = await timed(() => pocketsphinxWhole(wav));
    const one = await timed(() => opened.stt.transcribeMedia({ file: ten }, { workers: 1, taskKey: 'bench-1' }));
    const all = await timed(() => opened.stt.transcribeMedia({ file: ten }, { workers: cores, taskKey: 'bench-all' }));
    const rtf = (ms: number) => ms / 1000 / tenSeconds;
    console.log(`episode: ${(tenSeconds / 60).toFixed(1)} min of flite speech (MP3), ${cores} cores, pocketsphinx`);
    console.log(`baseline  pocketsphinx_continuous, whole file : RTF ${rtf(baseline.ms).toFixed(3)} (${(baseline.ms / 1000).toFixed(1)} s)`);
    console.log(`pipeline  1 worker  (${one.value.chunksTotal} chunks)            : RTF ${rtf(one.ms).toFixed(3)}  = ${(baseline.ms / one.ms).toFixed(2)}x the baseline's speed`);
    console.log(`pipeline  ${cores} workers (${all.value.chunksTotal} chunks)            : RTF ${rtf(all.ms).toFixed(3)}  = ${(baseline.ms / all.ms).toFixed(2)}x the baseline's speed, ${(one.ms / all.ms).toFixed(2)}x 1 worker`);
  } finally {
    await opened.close();
  }
  const rssTen = await runnerPeakRss(home, ten);
  const rssSixty = await runnerPeakRss(home, sixty);
  console.log(`peak RSS of the pipeline process: 10 min ${rssTen.toFixed(0)} MiB, ${(seconds(sixty) / 60).toFixed(0)} min ${rssSixty.toFixed(0)} MiB, ratio ${(rssSixty / rssTen).toFixed(2)} (target ≤ 1.15)`);
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => rmSync(dir, { recursive: true, force: true }));
