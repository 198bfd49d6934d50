// What the engines are asked for a translation, a vocabulary and a loop retry. The openai engine
// talks to a loopback OpenAI-compatible server that records the endpoint and the form it got; the
// audio is a few seconds of PCM built here (what the pipeline hands an engine), so no decoder is
// needed. Whisper's half is the options it gives the addon (no model on CI machines to run it).
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PROMPT_MAX_TOKENS, estimateTokens } from '#shared/vocabulary';
import { OpenAiEngine } from '#service/stt/engines/openai';
import { PocketsphinxEngine, pocketsphinxProblem } from '#service/stt/engines/pocketsphinx';
import { whisperOptions, wordsFromTokens } from '#service/stt/engines/whisper';
import { chunkFingerprint, type SttError } from '#service/stt/index';
import { listen, type Loopback } from '../helpers/loopback';
import { openTestService } from '../helpers/stt';

const pocketsphinxMissing = await pocketsphinxProblem('en');

interface Received {
  path: string;
  fields: Record<string, string>;
}

let server: Loopback;
let received: Received[];
let translations: 'answer' | 'missing';

async function fieldsOf(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const form = await new Request('http://x/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: Buffer.concat(chunks) }).formData();
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === 'string') fields[key] = value;
  return fields;
}

beforeAll(async () => {
  server = await listen((req, res) => {
    void fieldsOf(req).then((fields) => {
      const path = req.url ?? '';
      received.push({ path, fields });
      if (path === '/v1/audio/translations' && translations === 'missing') return void res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"Not found"}}');
      const text = path === '/v1/audio/translations' ? ' Good morning, everyone.' : ' Guten Morgen zusammen.';
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ text, segments: [{ id: 0, start: 0, end: 1.5, text }] }));
    });
  });
});
beforeEach(() => {
  received = [];
  translations = 'answer';
});
afterAll(() => server.close());

const pcm = Buffer.alloc(2 * 16_000 * 2); // 2 s of silence: the server does not listen anyway
const engine = (language = 'de') => new OpenAiEngine({ baseUrl: `${server.url}/v1`, apiKey: null, model: 'whisper-1', language });
const run = { signal: new AbortController().signal, scratchDir: '/tmp' };

describe('openai engine: task, prompt, retry', () => {
  it('transcribes at /audio/transcriptions with the vocabulary as prompt, temperature 0', async () => {
    const segments = await engine().transcribe(pcm, { ...run, prompt: 'Kubernetes, OpenTelemetry.' });
    expect(segments).toEqual([{ text: 'Guten Morgen zusammen.', startMs: 0, endMs: 1500 }]);
    expect(received).toEqual([{ path: '/v1/audio/transcriptions', fields: expect.objectContaining({ prompt: 'Kubernetes, OpenTelemetry.', temperature: '0', language: 'de' }) as unknown }]);
  });

  it('translates at /audio/translations, without a language (the endpoint detects it)', async () => {
    const segments = await engine().transcribe(pcm, { ...run, task: 'translate', prompt: 'Kubernetes.' });
    expect(segments.map((s) => s.text)).toEqual(['Good morning, everyone.']);
    expect(received[0]?.path).toBe('/v1/audio/translations');
    expect(received[0]?.fields).toMatchObject({ model: 'whisper-1', prompt: 'Kubernetes.', response_format: 'verbose_json' });
    expect(received[0]?.fields).not.toHaveProperty('language');
  });

  it('sends a loop retry at its temperature', async () => {
    await engine().transcribe(pcm, { ...run, retry: { temperature: 0.4 } });
    expect(received[0]?.fields.temperature).toBe('0.4');
    expect(received[0]?.fields).not.toHaveProperty('prompt');
  });

  it('cuts a long prompt to what the API reads, at a word', async () => {
    const long = Array.from({ length: 300 }, (_, i) => `Term${i}`).join(', ');
    await engine().transcribe(pcm, { ...run, prompt: long });
    const sent = received[0]?.fields.prompt ?? '';
    expect(long.startsWith(sent)).toBe(true);
    expect(sent.length).toBeLessThan(long.length);
    expect(estimateTokens(sent)).toBeLessThanOrEqual(PROMPT_MAX_TOKENS);
  });

  it('says so when the server has no translations endpoint', async () => {
    translations = 'missing';
    const error = (await engine().transcribe(pcm, { ...run, task: 'translate' }).catch((e: unknown) => e)) as SttError;
    expect(error.code).toBe('engine_failed');
    expect(error.message).toMatch(/has no \/v1\/audio\/translations \(404\): this server does not translate/);
  });
});

describe('other engines', () => {
  it('pocketsphinx refuses to translate instead of handing back English as heard', async () => {
    const error = (await new PocketsphinxEngine().transcribe(pcm, { ...run, task: 'translate' }).catch((e: unknown) => e)) as SttError;
    expect(error.code).toBe('engine_unavailable');
    expect(error.message).toMatch(/pocketsphinx cannot translate/);
  });

  it.skipIf(pocketsphinxMissing !== undefined)(`a translation asked of pocketsphinx is refused before the file is read${pocketsphinxMissing === undefined ? '' : ` (skipped: ${pocketsphinxMissing})`}`, async () => {
    const stt = await openTestService();
    try {
      // The file does not exist: a refusal that came after reading it would say bad_media.
      const error = (await stt.stt.transcribeMedia({ file: '/nonexistent/episode.mp3' }, { engine: 'pocketsphinx', task: 'translate' }).catch((e: unknown) => e)) as SttError;
      expect(error.code).toBe('engine_unavailable');
      expect(error.message).toMatch(/pocketsphinx engine cannot translate to English/);
    } finally {
      await stt.remove();
    }
  });

  it('whisper gets its translate flag, the prompt, and on a retry the temperature without carried context', () => {
    const words = { tokenTimestamps: true, maxLen: 1 };
    expect(whisperOptions({})).toEqual({ ...words, translate: false, temperature: 0 });
    expect(whisperOptions({ task: 'translate', prompt: 'Kubernetes.' })).toEqual({ ...words, translate: true, temperature: 0, prompt: 'Kubernetes.' });
    expect(whisperOptions({ prompt: 'Kubernetes.', retry: { temperature: 0.4 } })).toEqual({ ...words, translate: false, temperature: 0.4, maxContext: 0 });
  });

  it("whisper's one-token segments become words with their times: a token without a leading space goes on the word before", () => {
    const tokens = [
      { text: ' Kub', t0: 0, t1: 200 },
      { text: 'ern', t0: 200, t1: 300 },
      { text: 'etes', t0: 300, t1: 520 },
      { text: ',', t0: 520, t1: 530 },
      { text: ' it', t0: 600, t1: 700 },
      { text: "'s", t0: 700, t1: 760 },
      { text: ' [BLANK_AUDIO]', t0: 800, t1: 2000 },
      { text: 'fine', t0: 2000, t1: 2300 },
      { text: ' ', t0: 2300, t1: 2300 },
    ];
    expect(wordsFromTokens(tokens)).toEqual([
      { text: 'Kubernetes,', startMs: 0, endMs: 530 },
      { text: "it's", startMs: 600, endMs: 760 },
      { text: 'fine', startMs: 2000, endMs: 2300 },
    ]);
  });

  it('a translated or re-prompted run never reuses the chunks of a plain one', () => {
    const e = { fingerprint: 'whisper:/m/base.bin:auto', chunking: { targetSeconds: 300, windowSeconds: 30, overlapSeconds: 2, minPauseMs: 300 } };
    const plain = chunkFingerprint(e, 16_000, 'transcribe', undefined);
    expect(plain).toBe(`whisper:/m/base.bin:auto|16000|${JSON.stringify(e.chunking)}`);
    const others = [chunkFingerprint(e, 16_000, 'translate', undefined), chunkFingerprint(e, 16_000, 'transcribe', 'Kubernetes.'), chunkFingerprint(e, 16_000, 'transcribe', 'Kubernetes, Helm.')];
    expect(new Set([plain, ...others]).size).toBe(4);
  });
});
