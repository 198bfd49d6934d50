// The OpenAI-compatible engine on a company network: a hosted endpoint is reached through the
// proxy that HTTPS_PROXY / HTTP_PROXY name (real HTTP through a real proxy on loopback), not when
// NO_PROXY covers it, and never for a loopback endpoint. And its waits: Retry-After as an HTTP date.
import { networkInterfaces } from 'node:os';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SttError } from '#service/stt/errors';
import { OpenAiEngine } from '#service/stt/engines/openai';
import { listen, readBody, type Loopback } from '../helpers/loopback';
import { startProxy, type TestProxy } from '../helpers/proxy';

/** A name that looks like a hosted API and resolves nowhere: only the proxy can reach it. */
const HOSTED = 'stt.example.test';
const PROXY_VARIABLES = ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy'];

interface Received {
  host: string | undefined;
  authorization: string | undefined;
}

let endpoint: Loopback;
let proxy: TestProxy;
let received: Received[];
let answers: { status: number; body: unknown; headers?: Record<string, string> }[];
const savedEnv = new Map<string, string | undefined>();

/** This machine's first non-loopback IPv4 address: a host that is not loopback-looking and that it can reach directly. */
function lanAddress(): string {
  const address = Object.values(networkInterfaces())
    .flat()
    .find((a) => a !== undefined && a.family === 'IPv4' && !a.internal)?.address;
  if (address === undefined) throw new Error('this machine has no non-loopback IPv4 address to test NO_PROXY with');
  return address;
}

beforeAll(async () => {
  endpoint = await listen((req, res) => {
    void readBody(req).then(() => {
      received.push({ host: req.headers.host, authorization: req.headers.authorization });
      const answer = answers.shift() ?? { status: 200, body: { text: ' Through.', segments: [{ start: 0, end: 0.5, text: ' Through.' }] } };
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      res.end(JSON.stringify(answer.body));
    });
  });
  // Reachable on every interface, so the NO_PROXY test can call it by this machine's LAN address.
  endpoint.server.close();
  await new Promise<void>((resolve) => endpoint.server.listen(endpoint.port, '0.0.0.0', resolve));
  // The proxy sends the hosted name (any port) to the endpoint, and refuses everything else.
  proxy = await startProxy((host) => (host === HOSTED || host === lanAddress() ? { host: '127.0.0.1', port: endpoint.port } : undefined));
});
afterAll(async () => {
  await proxy.close();
  await endpoint.close();
});
beforeEach(() => {
  received = [];
  answers = [];
  proxy.seen.length = 0;
  for (const name of PROXY_VARIABLES) {
    savedEnv.set(name, process.env[name]);
    delete process.env[name];
  }
});
afterEach(() => {
  for (const [name, value] of savedEnv) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

/** One second of silence through a fresh engine (it reads the environment when it is made, as each transcription does). */
async function transcribe(baseUrl: string): Promise<{ text: string[]; error?: SttError }> {
  const engine = new OpenAiEngine({ baseUrl, apiKey: 'sk-test-proxy', model: 'whisper-1', language: 'en' });
  try {
    const segments = await engine.transcribe(Buffer.alloc(32_000), { signal: AbortSignal.timeout(60_000), scratchDir: '/tmp' });
    return { text: segments.map((s) => s.text) };
  } catch (error) {
    return { text: [], error: error as SttError };
  } finally {
    await engine.close();
  }
}

describe('openai engine behind a proxy', () => {
  it('sends a hosted endpoint’s request through HTTP_PROXY, key and all', async () => {
    process.env.HTTP_PROXY = proxy.url;
    const result = await transcribe(`http://${HOSTED}:8000/v1`);
    expect(result).toEqual({ text: ['Through.'] });
    expect(proxy.seen).toEqual([{ method: 'POST', target: `http://${HOSTED}:8000/v1/audio/transcriptions` }]);
    expect(received).toEqual([{ host: `${HOSTED}:8000`, authorization: 'Bearer sk-test-proxy' }]);
  });

  it('tunnels an https endpoint through HTTPS_PROXY with CONNECT', async () => {
    process.env.HTTPS_PROXY = proxy.url;
    const result = await transcribe(`https://${HOSTED}/v1`);
    // The endpoint on the far side speaks plain HTTP, so TLS fails after the tunnel: what matters is that the proxy was asked.
    expect(proxy.seen[0]).toEqual({ method: 'CONNECT', target: `${HOSTED}:443` });
    expect(result.error?.message).toMatch(/could not be reached/);
  });

  it('goes direct when NO_PROXY covers the host', async () => {
    const lan = lanAddress();
    process.env.HTTP_PROXY = proxy.url;
    process.env.HTTPS_PROXY = proxy.url;
    process.env.NO_PROXY = `localhost,${lan}`;
    const result = await transcribe(`http://${lan}:${endpoint.port}/v1`);
    expect(result).toEqual({ text: ['Through.'] });
    expect(proxy.seen).toEqual([]);
    expect(received).toEqual([{ host: `${lan}:${endpoint.port}`, authorization: 'Bearer sk-test-proxy' }]);
  });

  it('goes through the proxy for the same address when NO_PROXY does not cover it', async () => {
    const lan = lanAddress();
    process.env.HTTP_PROXY = proxy.url;
    process.env.NO_PROXY = 'localhost,other.example';
    expect(await transcribe(`http://${lan}:${endpoint.port}/v1`)).toEqual({ text: ['Through.'] });
    expect(proxy.seen).toEqual([{ method: 'POST', target: `http://${lan}:${endpoint.port}/v1/audio/transcriptions` }]);
  });

  it('never proxies a loopback endpoint, whatever the environment says', async () => {
    process.env.HTTP_PROXY = proxy.url;
    process.env.HTTPS_PROXY = proxy.url;
    expect(await transcribe(`http://127.0.0.1:${endpoint.port}/v1`)).toEqual({ text: ['Through.'] });
    expect(await transcribe(`http://localhost:${endpoint.port}`)).toEqual({ text: ['Through.'] });
    expect(proxy.seen).toEqual([]);
    expect(received).toHaveLength(2);
  });
});

describe('openai engine waits', () => {
  it('waits out a Retry-After given as an HTTP date', async () => {
    // Whole seconds: 4 s ahead is at least 3 s of wait (the old loop read a date as no value and waited 2 s).
    answers.push({ status: 429, body: { error: { message: 'Rate limit reached' } }, headers: { 'retry-after': new Date(Date.now() + 4000).toUTCString() } });
    const started = performance.now();
    expect(await transcribe(`http://127.0.0.1:${endpoint.port}/v1`)).toEqual({ text: ['Through.'] });
    expect(performance.now() - started).toBeGreaterThan(2900);
    expect(received).toHaveLength(2);
  });

  it('does not wait out a Retry-After past a minute: it fails at once and says how long', async () => {
    answers.push({ status: 429, body: { error: { message: 'Rate limit reached' } }, headers: { 'retry-after': new Date(Date.now() + 300_000).toUTCString() } });
    const result = await transcribe(`http://127.0.0.1:${endpoint.port}/v1`);
    expect(result.error?.message).toMatch(/is rate-limiting \(429: Rate limit reached\) and asks to wait (299|300) s/);
    expect(received).toHaveLength(1);
  });
});
