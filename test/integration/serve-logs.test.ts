// Issue 26 item 5: `serve` logs one access line per request (method, path, status, milliseconds,
// the key's id) through Fastify's pino, at the level and in the format asked for, and no line of
// it holds a key, a session token or a one-time sign-in link, whatever a client sends: a key in the
// Authorization header, in the query string, in the path (percent-encoded too), a failed sign-in
// to the API and to the desk, the desk's sign-in link sent as a request. The lines `serve` has
// always printed (`listening on`, the desk's link, `stopped`) are still there, as they were.
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_EVENTS_PATH, HTTP_SESSION_HEADER, HTTP_SESSION_PATH } from '#shared/contract/desk';
import { createKey, spawnCli, waitForOutput, type CreatedKey } from '../helpers/cli';
import { cliGuardMs } from '../helpers/guards';
import { tempHome } from '../helpers/home';
import { killGroup } from '../helpers/processes';
import { rawConnection, requestHead, responses } from '../helpers/rawHttp';
import { logSerializers } from '../../src-main/http/accessLog';
import { startApiServer } from '../../src-main/http/server';
import { openService } from '#service/open';


let home: ReturnType<typeof tempHome>;
let key: CreatedKey;
let ownerKey: string;
const sockets = new Set<Socket>();
const pgids: number[] = [];

beforeAll(async () => {
  home = tempHome();
  key = await createKey(home.dir, { credits: 10 });
  ownerKey = readFileSync(join(home.dir, 'owner-key'), 'utf8').trim();
}, cliGuardMs(1));
afterEach(() => {
  for (const socket of sockets) socket.destroy();
  for (const pgid of pgids.splice(0)) killGroup(pgid);
});
afterAll(() => home.remove());

interface Served {
  origin: string;
  /** The one-time sign-in link's token, from the `desk:` line. */
  login: string;
  /** What the server printed on stdout so far. */
  output(): string;
  /** SIGTERM, and everything the server printed on stdout by its exit. */
  stop(): Promise<string>;
}

/** `serve --ui` as a user runs it, on the shared home, with no internet (nothing here fetches). */
async function serve(args: string[]): Promise<Served> {
  const child = spawnCli(['serve', '--ui', '--port', '0', ...args], { TRANSCRIPT_DESK_HOME: home.dir, TRANSCRIPT_DESK_UPSTREAM: 'http://127.0.0.1:9' });
  pgids.push(child.pid as number);
  const { match: link, output } = await waitForOutput(child, /^desk: (http:\/\/\S+)$/m, 'serve --ui (needs `npm run build`)');
  const url = new URL(link);
  return {
    origin: url.origin,
    login: url.hash.replace(/^#login=/, ''),
    output,
    async stop() {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
      return output();
    },
  };
}

/** Every kind of request that could put a secret into a log; returns how many requests it made. */
async function hostileRequests(served: Served, accessLines = true): Promise<{ count: number; secrets: string[] }> {
  const { origin } = served;
  const bearer = { authorization: `Bearer ${key.key}` };
  const desk = (body: unknown) => fetch(`${origin}${HTTP_SESSION_PATH}`, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const statuses: number[] = [];
  const status = async (answer: Promise<Response>) => {
    const response = await answer;
    await response.arrayBuffer();
    statuses.push(response.status);
  };
  await status(fetch(`${origin}/api/balance`, { headers: bearer }));
  await status(fetch(`${origin}/api/balance?key=${key.key}&api_key=${key.key}`));
  await status(fetch(`${origin}/api/${key.key}/transcript`, { method: 'POST', headers: bearer, body: '{}' }));
  await status(fetch(`${origin}/api/${encodeURIComponent(key.key).replaceAll('_', '%5F')}/transcript`, { method: 'POST', headers: bearer, body: '{}' }));
  await status(fetch(`${origin}/api/balance`, { headers: { authorization: 'Bearer sk_live_notAKeyOfThisInstall' } }));
  await status(desk({ key: 'sk_live_notTheOwnerKey' }));
  const signedIn = await desk({ key: ownerKey });
  const session = ((await signedIn.json()) as { value: { token: string } }).value.token;
  statuses.push(signedIn.status);
  await status(fetch(`${origin}/app/rpc/balance.get`, { method: 'POST', headers: { origin, 'content-type': 'application/json', [HTTP_SESSION_HEADER]: session }, body: '{}' }));
  // The sign-in link as a request line: a browser keeps the fragment, a hand-made request may not.
  const raw = await rawConnection(origin, sockets);
  raw.socket.write(requestHead(origin, 'GET', `/app/#login=${served.login}`, { connection: 'close' }));
  statuses.push((await responses(raw, 1))[0]?.status ?? 0);
  await status(desk({ login: served.login }));
  await status(desk({ login: served.login })); // used already: refused
  // The desk's event stream, left by its page: the line comes when the server notices, as a 499.
  const leaving = new AbortController();
  const stream = await fetch(`${origin}${HTTP_EVENTS_PATH}`, { headers: { [HTTP_SESSION_HEADER]: session }, signal: leaving.signal });
  statuses.push(stream.status);
  leaving.abort();
  if (accessLines) await expect.poll(() => served.output()).toContain(HTTP_EVENTS_PATH);
  expect(statuses).toEqual([200, 401, 404, 404, 401, 401, 200, 200, 200, 200, 401, 200]);
  return { count: statuses.length, secrets: [key.key, ownerKey, served.login, session, key.key.slice(16), ownerKey.slice(16)] };
}

const BANNER = /^(listening on |owner key file: |desk: |desk sign-in key: |stopping: |stopped$)/;

describe('serve --log-format json', () => {
  it('writes one JSON access line per request, and no key, token or sign-in link in any line', { timeout: cliGuardMs(2) }, async () => {
    const served = await serve(['--log-format', 'json']);
    const { count, secrets } = await hostileRequests(served);
    const stdout = await served.stop();
    const lines = stdout.split('\n').filter((l) => l !== '');
    const logLines = lines.filter((l) => !BANNER.test(l));
    // Everything else parses as JSON: the format holds for every line, not only access lines.
    const records = logLines.map((l) => JSON.parse(l) as Record<string, unknown>);
    const access = records.filter((r) => 'status' in r);
    expect(access).toHaveLength(count);
    for (const line of access) expect(line).toMatchObject({ level: 30, method: expect.stringMatching(/^(GET|POST)$/) as string, path: expect.stringMatching(/^\//) as string, status: expect.any(Number) as number, ms: expect.any(Number) as number });
    expect(access.map((r) => [r.method, r.path, r.status, r.key ?? null])).toEqual([
      ['GET', '/api/balance', 200, key.prefix.slice(8)],
      ['GET', '/api/balance', 401, null],
      ['POST', '/api/[key]/transcript', 404, key.prefix.slice(8)],
      ['POST', '/api/[key]/transcript', 404, key.prefix.slice(8)],
      ['GET', '/api/balance', 401, null],
      ['POST', HTTP_SESSION_PATH, 401, null],
      ['POST', HTTP_SESSION_PATH, 200, null],
      ['POST', '/app/rpc/balance.get', 200, null],
      ['GET', '/app/', 200, null],
      ['POST', HTTP_SESSION_PATH, 200, null],
      ['POST', HTTP_SESSION_PATH, 401, null],
      ['GET', HTTP_EVENTS_PATH, 499, null],
    ]);
    for (const line of logLines) {
      expect(line).not.toContain('sk_live_');
      for (const secret of secrets) expect(line).not.toContain(secret);
    }
    // The lines scripts read are unchanged; `desk sign-in key:` shows the key only on a terminal,
    // and this stdout is a pipe, as under a supervisor that keeps it as a log: no line holds a key.
    expect(lines.filter((l) => BANNER.test(l)).map((l) => l.replace(/:.*/, ':'))).toEqual(['listening on http:', 'owner key file:', 'desk:', 'desk sign-in key:', 'stopping:', 'stopped']);
    expect(lines.find((l) => l.startsWith('desk sign-in key: '))).toBe('desk sign-in key: not printed, as stdout is not a terminal (print it: transcript-desk owner-key)');
    expect(stdout).not.toContain('sk_live_');
    expect(stdout).toMatch(/\nstopped\n$/);
  });
});

describe('serve --log-level error', () => {
  it('prints no access line', { timeout: cliGuardMs(2) }, async () => {
    const served = await serve(['--log-level', 'error']);
    await hostileRequests(served, false);
    const stdout = await served.stop();
    expect(stdout.split('\n').filter((l) => l !== '' && !BANNER.test(l))).toEqual([]);
    expect(stdout).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/m);
  });
});

describe('serve --log-format pretty', () => {
  it('writes one readable line per request, with the key by its id', { timeout: cliGuardMs(2) }, async () => {
    const served = await serve(['--log-format', 'pretty']);
    const { count, secrets } = await hostileRequests(served);
    const stdout = await served.stop();
    const logLines = stdout.split('\n').filter((l) => l !== '' && !BANNER.test(l));
    const access = logLines.filter((l) => / (GET|POST) \//.test(l));
    expect(access).toHaveLength(count);
    expect(access[0]).toMatch(new RegExp(`^\\[[\\d:.]+\\] INFO: GET /api/balance 200 [\\d.]+ ms key ${key.prefix.slice(8)}$`));
    for (const line of logLines) {
      expect(line).not.toContain('sk_live_');
      for (const secret of secrets) expect(line).not.toContain(secret);
    }
  });
});

describe('an unexpected error', () => {
  it('is logged at error with its stack, and the client gets a plain 500', async () => {
    const errorHome = tempHome();
    const opened = await openService(errorHome.dir, {}, {});
    const out = new PassThrough();
    let written = '';
    out.on('data', (d: Buffer) => (written += d.toString()));
    const server = await startApiServer(opened.service, '127.0.0.1', 0, { logger: pino({ level: 'info', serializers: logSerializers }, out) });
    try {
      // The ledger closed under a running server: every request now fails inside the service.
      await opened.close();
      const answer = await fetch(`${server.url}/api/balance`, { headers: { authorization: `Bearer ${opened.owner.key}` } });
      expect(answer.status).toBe(500);
      expect(await answer.json()).toEqual({ error: 'Internal error' });
      const records = () => written.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as { level: number; msg: string; err?: { stack?: string }; status?: number });
      // Fastify's own `Server listening at`, then the error, then the request's access line.
      await expect.poll(() => records().length).toBe(3);
      const [, error, access] = records();
      expect(error).toMatchObject({ level: 50, msg: 'unexpected error while answering a request' });
      expect(error?.err?.stack).toMatch(/\n\s+at /);
      expect(access).toMatchObject({ level: 30, status: 500, path: '/api/balance' });
      expect(written).not.toContain('sk_live_');
    } finally {
      await server.close();
      errorHome.remove();
    }
  });
});
