// The browser build's transport on the real server: session from the one-time link or the owner
// key, HttpOnly SameSite=Strict cookie, Origin and Host checks, RPC and SSE; the REST API unchanged.
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDesk, type Desk } from '../../src-main/desk/index';
import { registerAppRoutes } from '../../src-main/http/appRoutes';
import { startApiServer, type RunningServer } from '../../src-main/http/server';
import { SessionStore } from '../../src-main/http/session';
import { openService, type OpenedService } from '../../src-main/service/open';
import { runCli } from '../helpers/cli';
import { cliGuardMs } from '../helpers/guards';
import { tempHome } from '../helpers/home';

let home: ReturnType<typeof tempHome>;
let opened: OpenedService;
let desk: Desk;
let sessions: SessionStore;
let server: RunningServer;
let origin: string;

beforeAll(async () => {
  home = tempHome();
  const renderer = join(home.dir, 'renderer');
  mkdirSync(join(renderer, 'assets'), { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>desk</title>');
  writeFileSync(join(renderer, 'assets', 'app.js'), 'console.log(1)');
  opened = openService(home.dir, {}, {});
  desk = createDesk(opened, { home: home.dir, defaultExportFolder: join(home.dir, 'out') });
  sessions = new SessionStore(opened.owner.key);
  server = await startApiServer(opened.service, '127.0.0.1', 0, {
    selfAuthenticated: { prefix: '/app', register: (app) => registerAppRoutes(app, { desk, sessions, rendererDir: renderer, allowRemote: false }) },
  });
  origin = server.url;
});
afterAll(async () => {
  await server.close();
  await desk.close();
  opened.close();
  home.remove();
});

const rpc = (op: string, headers: Record<string, string>, body = '{}') => fetch(`${origin}/app/rpc/${op}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
/** node:http, because fetch will not send a Host header of our choosing. */
function rawStatus(path: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end('{}');
  });
}
const cookieFrom = (response: Response) => /td_session=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0];

async function signedIn(): Promise<string> {
  const response = await fetch(`${origin}/app/?session=${sessions.mintLoginToken()}`, { redirect: 'manual' });
  const cookie = cookieFrom(response);
  if (cookie === undefined) throw new Error('no session cookie');
  return cookie;
}

describe('session', () => {
  it('the one-time link sets an HttpOnly SameSite=Strict cookie once, and strips the token from the address', async () => {
    const token = sessions.mintLoginToken();
    const first = await fetch(`${origin}/app/?session=${token}`, { redirect: 'manual' });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/app/');
    expect(first.headers.get('set-cookie')).toMatch(/^td_session=[\w-]{43}; HttpOnly; SameSite=Strict; Path=\/app$/);
    expect(first.headers.get('referrer-policy')).toBe('no-referrer');
    const again = await fetch(`${origin}/app/?session=${token}`, { redirect: 'manual' });
    expect(again.status).toBe(200);
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(again.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('the owner key signs in; another key does not', async () => {
    const wrong = await fetch(`${origin}/app/session`, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify({ key: 'sk_live_nope' }) });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${origin}/app/session`, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify({ key: opened.owner.key }) });
    expect(right.status).toBe(200);
    const cookie = cookieFrom(right) ?? '';
    expect((await rpc('balance.get', { cookie, origin })).status).toBe(200);
  });
});

describe('RPC', () => {
  it('no cookie → 401; wrong or missing Origin → 403; foreign Host → 403; then the answer', async () => {
    const cookie = await signedIn();
    expect(await (await rpc('queue.list', { origin })).json()).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    expect((await rpc('queue.list', { origin })).status).toBe(401);
    expect((await rpc('queue.list', { cookie, origin: 'http://evil.example' })).status).toBe(403);
    expect((await rpc('queue.list', { cookie })).status).toBe(403);
    expect((await rpc('queue.list', { cookie: 'td_session=forged', origin })).status).toBe(401);
    // DNS rebinding: a page of evil.example resolved to 127.0.0.1, so Origin and Host agree with each other.
    expect(await rawStatus('/app/rpc/queue.list', { cookie, origin: 'http://evil.example:1', host: 'evil.example:1' })).toBe(403);
    const ok = await rpc('queue.list', { cookie, origin });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ ok: true, value: { items: [], state: { phase: 'idle' } } });
  });

  it('bad JSON and bad payloads are answers, never 500s; a 2 MB enqueue fits', async () => {
    const cookie = await signedIn();
    expect(await (await rpc('queue.enqueue', { cookie, origin }, '{nope')).json()).toEqual({ ok: false, error: { code: 'invalid_input', message: 'The request body is not JSON' } });
    expect(await (await rpc('queue.enqueue', { cookie, origin }, '{"entries":5}')).json()).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const entries = Array.from({ length: 20_000 }, (_, i) => ({ url: `https://www.youtube.com/watch?v=okBULK${String(i).padStart(5, '0')}` }));
    const big = await rpc('queue.enqueue', { cookie, origin }, JSON.stringify({ entries }));
    expect(big.status).toBe(200);
    expect(((await big.json()) as { value: { items: unknown[] } }).value.items).toHaveLength(20_000);
  });

  it('events arrive over SSE for a signed-in page only', async () => {
    const cookie = await signedIn();
    expect((await fetch(`${origin}/app/events`)).status).toBe(401);
    expect((await fetch(`${origin}/app/events`, { headers: { cookie, 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    const controller = new AbortController();
    const stream = await fetch(`${origin}/app/events`, { headers: { cookie }, signal: controller.signal });
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    await rpc('queue.enqueue', { cookie, origin }, JSON.stringify({ entries: [{ url: 'https://www.tiktok.com/@a/video/7350000000000000099' }] }));
    let text = '';
    while (!text.includes('event: queue.changed')) text += new TextDecoder().decode((await reader.read()).value);
    expect(text).toMatch(/event: queue\.changed\ndata: \{"upserted":\[\{"id":/);
    controller.abort();
  });
});

describe('the REST API is unchanged', () => {
  it('still wants its key, and a session cookie is not one', async () => {
    const cookie = await signedIn();
    const response = await fetch(`${origin}/api/balance`, { headers: { cookie } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Missing API key' });
    const withKey = await fetch(`${origin}/api/balance`, { headers: { authorization: `Bearer ${opened.owner.key}` } });
    expect(withKey.status).toBe(200);
  });
});

describe('serve --ui', () => {
  it('refuses a non-loopback address without --allow-remote-ui', { timeout: cliGuardMs(1) }, async () => {
    const other = tempHome();
    const result = await runCli(other.dir, ['serve', '--ui', '--host', '0.0.0.0', '--port', '0']);
    other.remove();
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/serve --ui listens on loopback only; 0\.0\.0\.0 is not\. Add --allow-remote-ui/);
  });
});
