// The openai engine against a loopback OpenAI-compatible server that answers verbose_json the way
// the real API does (segment times in seconds), plus the quirks of other servers.
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import type { SttError } from '#service/stt/index';
import { listen, type Loopback } from '../helpers/loopback';
import { speak } from '../helpers/speech';
import { openTestService } from '../helpers/stt';

interface Received {
  authorization: string | undefined;
  fields: Record<string, string>;
  file: { name: string; type: string; head: string; size: number };
}

let server: Loopback;
let stt: Awaited<ReturnType<typeof openTestService>>;
let file: string;
let received: Received[];
let answers: { status: number; body: unknown; headers?: Record<string, string> }[];

/** What OpenAI's whisper-1 returns for response_format=verbose_json. */
const verboseJson = (segments: [number, number, string][], duration: number) => ({
  task: 'transcribe',
  language: 'english',
  duration,
  text: segments.map((s) => s[2]).join(''),
  segments: segments.map(([start, end, text], id) => ({ id, seek: 0, start, end, text, tokens: [50364, 440], temperature: 0, avg_logprob: -0.21, compression_ratio: 1.4, no_speech_prob: 0.01 })),
  usage: { type: 'duration', duration: Math.ceil(duration) },
});

async function readMultipart(req: IncomingMessage): Promise<Received> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const form = await new Request('http://x/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: Buffer.concat(chunks) }).formData();
  const fields: Record<string, string> = {};
  let upload: Received['file'] = { name: '', type: '', head: '', size: 0 };
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string') fields[key] = value;
    else upload = { name: value.name, type: value.type, head: Buffer.from(await value.slice(0, 4).arrayBuffer()).toString('latin1'), size: value.size };
  }
  return { authorization: req.headers.authorization, fields, file: upload };
}

beforeAll(async () => {
  file = speak(inject('speechCache'), 'kal16');
  server = await listen((req, res) => {
    if (req.method !== 'POST' || req.url !== '/v1/audio/transcriptions') return void res.writeHead(404).end('{"error":{"message":"Not found"}}');
    void readMultipart(req).then((r) => {
      received.push(r);
      const answer = answers.shift() ?? { status: 500, body: { error: { message: 'no answer queued' } } };
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(JSON.stringify(answer.body));
    });
  });
  stt = await openTestService();
  await stt.stt.settings.set('stt.openai.baseUrl', `${server.url}/v1`);
  await stt.stt.settings.set('stt.openai.apiKey', 'sk-test-123');
});
beforeEach(() => {
  received = [];
  answers = [];
});
afterAll(async () => {
  await stt.remove();
  await server.close();
});

describe('openai engine', () => {
  it('uploads each chunk as WAV with verbose_json and turns segment seconds into milliseconds', async () => {
    answers.push({ status: 200, body: verboseJson([[0, 2.48, ' Learning to cook is mostly'], [2.48, 5.12, ' a matter of practice.']], 36.9) });
    const result = await stt.stt.transcribeMedia({ file }, { engine: 'openai', language: 'en' });
    expect(result.engine).toBe('openai');
    expect(result.segments).toEqual([
      { text: 'Learning to cook is mostly', startMs: 0, endMs: 2480 },
      { text: 'a matter of practice.', startMs: 2480, endMs: 5120 },
    ]);
    expect(result.text).toBe('Learning to cook is mostly\na matter of practice.');
    const [request] = received;
    expect(request?.authorization).toBe('Bearer sk-test-123');
    expect(request?.fields).toMatchObject({ model: 'whisper-1', response_format: 'verbose_json', language: 'en', 'timestamp_granularities[]': 'segment' });
    expect(request?.file.head).toBe('RIFF');
    // 16 kHz mono 16-bit: 32,000 bytes a second plus the header.
    expect(Math.round((request?.file.size ?? 0) / 32_000)).toBe(37);
  });

  it('retries a 429 and a 503, honouring Retry-After, then succeeds', async () => {
    answers.push({ status: 429, body: { error: { message: 'Rate limit reached' } }, headers: { 'retry-after': '1' } }, { status: 503, body: { error: { message: 'overloaded' } } });
    answers.push({ status: 200, body: verboseJson([[0, 1, ' Hello.']], 36.9) });
    const started = performance.now();
    const result = await stt.stt.transcribeMedia({ file }, { engine: 'openai' });
    expect(result.text).toBe('Hello.');
    expect(received).toHaveLength(3);
    expect(performance.now() - started).toBeGreaterThan(900);
  });

  it('says when the key is refused, without retrying', async () => {
    answers.push({ status: 401, body: { error: { message: 'Incorrect API key provided: sk-test***123.', type: 'invalid_request_error', code: 'invalid_api_key' } } });
    const error = (await stt.stt.transcribeMedia({ file }, { engine: 'openai' }).catch((e: unknown) => e)) as SttError;
    expect(error.code).toBe('engine_failed');
    expect(error.message).toMatch(/refused the API key \(401: Incorrect API key provided/);
    expect(received).toHaveLength(1);
  });

  it('normalizes servers that answer nanoseconds (LocalAI) and drops blank-audio markers', async () => {
    answers.push({ status: 200, body: { text: 'Salt should be added. [BLANK_AUDIO]', segments: [{ id: 0, start: 9_640_000_000, end: 11_200_000_000, text: 'Salt should be added.' }, { id: 1, start: 12_000_000_000, end: 14_000_000_000, text: '[BLANK_AUDIO]' }] } });
    const result = await stt.stt.transcribeMedia({ file }, { engine: 'openai' });
    expect(result.segments).toEqual([{ text: 'Salt should be added.', startMs: 9640, endMs: 11_200 }]);
  });

  it('takes a text-only answer (gpt-4o-transcribe has no segments) as one segment', async () => {
    answers.push({ status: 200, body: { text: 'A good cook tastes the food.' } });
    const result = await stt.stt.transcribeMedia({ file }, { engine: 'openai' });
    expect(result.segments).toHaveLength(1);
    expect(result.segments[0]).toMatchObject({ text: 'A good cook tastes the food.', startMs: 0 });
    expect(result.segments[0]?.endMs).toBeGreaterThan(36_000);
  });
});
