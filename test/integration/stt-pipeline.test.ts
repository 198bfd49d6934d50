// The speech-to-text pipeline end to end with a real engine (pocketsphinx), real ffmpeg and a real
// SQLite file, on a minute and a half of flite speech in four voices: several voices, several chunks,
// the chunked transcript about as good as the whole file, cancel. (Resume after a crash:
// stt-restart.test.ts.) Nothing here depends on how fast the machine is: pocketsphinx gives the same
// words for the same audio on any machine, and the time limits are hang guards (guards.ts).
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { decodeToPcmFile } from '#service/stt/audio/decode';
import { EnergyMeter } from '#service/stt/audio/energy';
import { planChunks } from '#service/stt/chunker';
import { PocketsphinxEngine } from '#service/stt/engines/pocketsphinx';
import { findLoops } from '#service/stt/loopGuard';
import { mergeChunks } from '#service/stt/merge';
import { runChunks } from '#service/stt/pipeline';
import type { SttError, SttProgress } from '#service/stt/index';
import { createWorkDir } from '#service/stt/workdir';
import { speechGuardMs } from '../helpers/guards';
import { watchChildren } from '../helpers/processes';
import { FOUR_VOICES_CHUNKED_DIGEST, FOUR_VOICES_SECONDS as AUDIO_SECONDS, fourVoices, passage, speak, transcriptDigest } from '../helpers/speech';
import { openTestService, scratchLeft } from '../helpers/stt';
import { abortedWhenTestEnds } from '../helpers/teardown';
import { wordErrorRate, words } from '../helpers/wer';
import { sqliteLedgerOf } from '#service/open';

// Measured on this audio (pocketsphinx 5prealpha, Debian 12; the same on every run, as the engine
// is deterministic): whole file 0.147, chunked 0.147. The bound sits just above, so the chunked
// transcript is held to the whole file's quality without transcribing the whole file again on
// every run (that pass cost half a minute of CI for a number that never changes).
const WHOLE_FILE_WER = 0.147;
const CHUNKED_WER_BOUND = 0.17;

const cache = inject('speechCache');
const engineRtf = inject('engineRtf');
let stt: Awaited<ReturnType<typeof openTestService>>;
let episode: string;
let reference: string;

beforeAll(async () => {
  stt = await openTestService();
  await stt.stt.settings.set('stt.engine', 'pocketsphinx');
  ({ file: episode, text: reference } = fourVoices(cache));
});
afterAll(() => stt.remove());

describe('transcribeMedia with pocketsphinx', () => {
  it('transcribes four voices in parallel chunks as well as the engine does on the whole file', { timeout: speechGuardMs(AUDIO_SECONDS, { engineRtf }) }, async () => {
    const signal = abortedWhenTestEnds();

    // A heartbeat counts the event loop's turns between progress events: a decode or a chunk that
    // blocked the loop (the REST API and the desk share it) would show as a stage with none.
    let beats = 0;
    const heartbeat = setInterval(() => beats++, 5);
    const events: (SttProgress & { beats: number })[] = [];
    const result = await stt.stt.transcribeMedia({ file: episode }, { workers: 2, signal, onProgress: (p) => events.push({ ...p, beats }) }).finally(() => clearInterval(heartbeat));
    const chunkedWer = wordErrorRate(reference, result.text);
    console.log(`pocketsphinx WER: ${result.chunksTotal} chunks ${chunkedWer.toFixed(3)} (whole file, measured once: ${WHOLE_FILE_WER}); ${result.durationSeconds.toFixed(1)} s of audio; digest ${transcriptDigest(result)}`);

    expect(result.engine).toBe('pocketsphinx');
    // The very transcript a resumed run must give (stt-restart.test.ts holds it to this digest).
    expect(transcriptDigest(result)).toBe(FOUR_VOICES_CHUNKED_DIGEST);
    expect(chunkedWer).toBeLessThanOrEqual(CHUNKED_WER_BOUND);
    expect(result.durationSeconds).toBeGreaterThan(AUDIO_SECONDS - 5);
    expect(result.durationSeconds).toBeLessThan(AUDIO_SECONDS + 5);

    // Times: monotonic, within the audio, and usable as subtitles.
    let previous = 0;
    for (const s of result.segments) {
      expect(s.startMs).toBeGreaterThanOrEqual(previous);
      expect(s.endMs).toBeGreaterThanOrEqual(s.startMs);
      expect(s.endMs).toBeLessThanOrEqual(result.durationSeconds * 1000);
      previous = s.startMs;
    }
    expect(result.segments.length).toBeGreaterThan(5);
    // The loop guard takes real speech for what it is: nothing flagged, no loop across chunk seams either.
    expect(result.segments.filter((s) => s.suspect !== undefined)).toEqual([]);
    expect(findLoops(result.segments)).toEqual([]);

    // Progress: the total is known before any chunk is done, then each chunk counts once up to it.
    const transcribing = events.filter((e) => e.stage === 'transcribing');
    expect(transcribing[0]).toMatchObject({ stage: 'transcribing', chunksDone: 0, chunksTotal: result.chunksTotal });
    expect(result.chunksTotal).toBeGreaterThanOrEqual(3);
    expect(transcribing.map((e) => e.chunksDone)).toEqual(Array.from({ length: result.chunksTotal + 1 }, (_, i) => i));
    expect(transcribing.every((e) => e.chunksTotal === result.chunksTotal)).toBe(true);

    // The loop turned while ffmpeg decoded (between "decoding" and the plan) and while the chunks ran.
    const decoding = events.find((e) => e.stage === 'decoding');
    expect((transcribing[0]?.beats ?? 0) - (decoding?.beats ?? 0)).toBeGreaterThan(0);
    expect((transcribing.at(-1)?.beats ?? 0) - (transcribing[0]?.beats ?? 0)).toBeGreaterThan(0);
    expect(scratchLeft(stt.home)).toEqual([]);
  });

  it('cancel kills the busy workers instead of waiting for their chunks, and leaves no process or scratch file behind', { timeout: speechGuardMs(AUDIO_SECONDS, { engineRtf }) }, async () => {
    const mine = watchChildren();
    const controller = new AbortController();
    const ended = abortedWhenTestEnds();
    let busyAtCancel = -1;
    let finishedAtCancel = -1;
    const running = stt.stt.transcribeMedia(
      { file: episode },
      {
        workers: 2,
        taskKey: 'cancel-test',
        signal: AbortSignal.any([controller.signal, ended]),
        onProgress: (p) => {
          if (p.stage !== 'transcribing' || p.chunksDone !== 1 || busyAtCancel !== -1) return;
          busyAtCancel = 0;
          // Cancel as soon as a worker has taken up the next chunk: its engine process is running.
          const poll = setInterval(() => {
            const busy = mine.named('pocketsphinx_continuous').length;
            if (busy === 0) return;
            clearInterval(poll);
            busyAtCancel = busy;
            finishedAtCancel = sqliteLedgerOf(stt).sttTasks.get('cancel-test')?.chunks.size ?? 0;
            controller.abort();
          }, 10);
          ended.addEventListener('abort', () => clearInterval(poll));
        },
      },
    );
    const error = (await running.catch((e: unknown) => e)) as SttError;
    expect(error.code).toBe('cancelled');
    expect(busyAtCancel).toBeGreaterThan(0);
    // Nothing left running the moment the cancel is answered, and no chunk that was in progress at
    // the cancel was finished: the workers were killed, not waited for.
    expect(mine.named('pocketsphinx_continuous')).toEqual([]);
    expect(mine.named('ffmpeg')).toEqual([]);
    expect(scratchLeft(stt.home)).toEqual([]);
    expect(sqliteLedgerOf(stt).sttTasks.get('cancel-test')?.chunks.size).toBe(finishedAtCancel);
    // The chunk finished before the cancel is kept for a later run.
    expect(finishedAtCancel).toBeGreaterThanOrEqual(1);
  });
});

describe('cuts inside speech (constructed)', () => {
  /** rms reads its passage: about 43 s, cut every 9 s. */
  const CONSTRUCTED_SECONDS = 43;
  /** pocketsphinx on the whole of rms's passage, measured once (word count and WER against the text). */
  const RMS_WHOLE_FILE = { words: 142, wer: 0.094 };

  it('loses and duplicates no word where chunks overlap', { timeout: speechGuardMs(CONSTRUCTED_SECONDS, { engineRtf }) }, async () => {
    const signal = abortedWhenTestEnds();
    const text = passage('rms');
    const file = speak(cache, 'rms');
    const work = await createWorkDir(stt.home);
    try {
      const meter = new EnergyMeter();
      const pcmFile = join(work.dir, 'audio.pcm');
      const { samples } = await decodeToPcmFile(file, pcmFile, { signal, onPcm: (b) => meter.push(b) });
      // No pause qualifies and the window is one frame: every cut lands exactly on its target, mid-word.
      const plan = planChunks(samples, meter.finish(), { targetSeconds: 9, windowSeconds: 0.02, overlapSeconds: 2.4, minPauseMs: 60_000 });
      expect(plan.chunks.length).toBeGreaterThanOrEqual(4);
      const engine = new PocketsphinxEngine();
      sqliteLedgerOf(stt).sttTasks.begin('constructed', 'x', JSON.stringify(plan));
      const results = await runChunks({ taskKey: 'constructed', chunks: plan.chunks, finished: new Map(), pcmFile, engine, workers: 2, tasks: stt.store.sttTasks, scratchDir: work.dir, signal, onChunkDone: () => undefined });
      const merged = mergeChunks(results, true);

      // Recognition near a cut may differ from the whole-file pass either way (the whole-file pass
      // is not always the better one), so judge against the known text: a duplicated overlap adds
      // about six words per cut, a lost one removes as many. The whole-file numbers are measured
      // once (the engine is deterministic: the same on every run), not transcribed again each run.
      const chunkedWer = wordErrorRate(text, merged.map((w) => w.text).join(' '));
      console.log(`hard cuts: ${plan.chunks.length - 1} cuts, WER ${chunkedWer.toFixed(3)} (whole file, measured once: ${RMS_WHOLE_FILE.wer}), ${merged.length} words (whole file ${RMS_WHOLE_FILE.words}, text ${words(text).length})`);
      expect(Math.abs(merged.length - RMS_WHOLE_FILE.words)).toBeLessThanOrEqual(plan.chunks.length - 1);
      // 9-second chunks cut mid-word lose language-model context: measured +0.065 WER against the
      // whole file (the real chunker cuts in pauses every ~30 s and loses 0.006).
      expect(chunkedWer).toBeLessThanOrEqual(RMS_WHOLE_FILE.wer + 0.08);
      // And nothing doubled anywhere: the reference has no word said twice in a row.
      const out = words(merged.map((w) => w.text).join(' '));
      expect(out.filter((w, i) => w === out[i - 1])).toEqual([]);
    } finally {
      await work.remove();
    }
  });
});
