// whisper.cpp through @fugood/whisper.node on real speech. No model can be downloaded on the test
// machines, so these run only where WHISPER_MODEL names a ggml file (e.g. ggml-base.en.bin).
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fourVoices } from '../helpers/speech';
import { openTestService } from '../helpers/stt';
import { abortedWhenTestEnds } from '../helpers/teardown';
import { wordErrorRate } from '../helpers/wer';

const model = process.env.WHISPER_MODEL;
const ready = model !== undefined && existsSync(model);
if (!ready) console.warn(`whisper tests skipped: set WHISPER_MODEL to a ggml model file to run them${model === undefined ? '' : ` (${model} does not exist)`}`);

describe.skipIf(!ready)('whisper engine (WHISPER_MODEL)', () => {
  let stt: Awaited<ReturnType<typeof openTestService>>;
  beforeAll(async () => {
    stt = await openTestService();
    await stt.stt.settings.set('stt.whisper.modelPath', model);
  });
  afterAll(() => stt.remove());

  // Hang guard: whisper's base model on CPU runs at a real-time factor of 0.3–1 on two slow cores;
  // 600 s is about ten times the slow end for this audio.
  it('transcribes four voices with timed segments, chosen automatically once a model is set', { timeout: 600_000 }, async () => {
    const { file, text } = fourVoices(inject('speechCache'));
    const result = await stt.stt.transcribeMedia({ file }, { language: 'en', signal: abortedWhenTestEnds() });
    const wer = wordErrorRate(text, result.text);
    console.log(`whisper WER on flite speech: ${wer.toFixed(3)}`);
    expect(result.engine).toBe('whisper');
    // Whisper does far better than pocketsphinx on clean synthetic speech.
    expect(wer).toBeLessThan(0.15);
    let previous = 0;
    for (const s of result.segments) {
      expect(s.startMs).toBeGreaterThanOrEqual(previous);
      expect(s.endMs).toBeLessThanOrEqual(result.durationSeconds * 1000);
      previous = s.startMs;
    }
  });
});
