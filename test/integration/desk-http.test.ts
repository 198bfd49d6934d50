// The browser build's transport on the real server: a session token from the one-time link or the
// owner key, sent in a header (no cookie), Origin and Host checks, throttled sign-in, RPC and SSE;
// the REST API unchanged.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HTTP_SESSION_HEADER } from '#shared/contract/desk';
import { SignInThrottle } from '../../src-main/http/signInThrottle';
import { runCli } from '../helpers/cli';
import { startDeskServer, type DeskServer } from '../helpers/deskServer';
import { cliGuardMs } from '../helpers/guards';
import { tempHome } from '../helpers/home';

let home: ReturnType<typeof tempHome>;
let desk: DeskServer;
let origin: string;

beforeAll(async () => {
  home = tempHome();
  // Failed sign-ins here are about answers, not volume: the throttle has a server of its own below.
  desk = await startDeskServer(home.dir, { throttle: new SignInThrottle({ maxFailures: 100 }) });
  origin = desk.origin;
});
afterAll(async () => {
  await desk.close();
  home.remove();
});

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

const signIn = (body: unknown, from = origin, server = desk) => fetch(`${server.origin}/app/session`, { method: 'POST', headers: { origin: from, 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('session', () => {
  it('a login token opens one session, once; the answer is a token and sets no cookie', async () => {
    const login = desk.sessions.mintLoginToken();
    const first = await signIn({ login });
    expect(first.status).toBe(200);
    expect(first.headers.get('set-cookie')).toBeNull();
    const { value } = (await first.json()) as { value: { token: string } };
    expect(value.token).toMatch(/^[\w-]{43}$/);
    expect((await desk.rpc('balance.get', value.token)).status).toBe(200);
    const again = await signIn({ login });
    expect(again.status).toBe(401);
    expect(await again.json()).toMatchObject({ ok: false, error: { code: 'unauthorized', message: expect.stringMatching(/already used/) as unknown } });
  });

  it('the page is served with its security headers and no token in any address', async () => {
    const page = await fetch(`${origin}/app/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(page.headers.get('set-cookie')).toBeNull();
  });

  it('the owner key signs in; another key does not; another origin may not try', async () => {
    expect((await signIn({ key: 'sk_live_nope' })).status).toBe(401);
    for (const junk of [null, [], 'sk_live_x', { key: 5 }]) expect((await signIn(junk)).status).toBe(401);
    expect((await signIn({ key: desk.opened.owner.key }, 'http://127.0.0.1:1')).status).toBe(403);
    const right = await signIn({ key: desk.opened.owner.key });
    expect(right.status).toBe(200);
    const { value } = (await right.json()) as { value: { token: string } };
    expect((await desk.rpc('balance.get', value.token)).status).toBe(200);
  });
});

describe('sign-in throttle', () => {
  let throttled: DeskServer;
  let now = Date.UTC(2026, 10, 22, 12, 0, 0);
  let throttledHome: ReturnType<typeof tempHome>;
  beforeAll(async () => {
    throttledHome = tempHome();
    throttled = await startDeskServer(throttledHome.dir, { throttle: new SignInThrottle({ now: () => now }) });
  });
  afterAll(async () => {
    await throttled.close();
    throttledHome.remove();
  });

  it('five failures a minute from one machine, then 429 with Retry-After even for the right key; a minute later it works', async () => {
    const attempt = (body: unknown) => signIn(body, throttled.origin, throttled);
    // Wrong keys and made-up login tokens count alike.
    for (const body of [{ key: 'sk_live_a' }, { login: 'guess1' }, { key: 'sk_live_b' }, { login: 'guess2' }]) expect((await attempt(body)).status).toBe(401);
    now += 30_000;
    expect((await attempt({ key: 'sk_live_c' })).status).toBe(401);
    const refused = await attempt({ key: throttled.opened.owner.key });
    expect(refused.status).toBe(429);
    // The oldest failure is 30 s old: it leaves the window in 30 s.
    expect(refused.headers.get('retry-after')).toBe('30');
    expect(await refused.json()).toMatchObject({ ok: false, error: { code: 'refused', message: 'Too many failed sign-ins from this address: try again in 30 s' } });
    now += 30_000;
    expect((await attempt({ key: throttled.opened.owner.key })).status).toBe(200);
  });

  it('another loopback address is the same machine, and counts against the same budget', async () => {
    now += 120_000;
    const from = (localAddress: string, key: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request(`${throttled.origin}/app/session`, { method: 'POST', localAddress, headers: { origin: throttled.origin, 'content-type': 'application/json' } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end(JSON.stringify({ key }));
      });
    for (const address of ['127.0.0.2', '127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6']) expect(await from(address, 'sk_live_wrong')).toBe(401);
    expect(await from('127.0.0.7', throttled.opened.owner.key)).toBe(429);
  });
});

describe('RPC', () => {
  it('no session → 401; wrong or missing Origin → 403; foreign Host → 403; then the answer', async () => {
    const token = await desk.signedIn();
    expect(await (await desk.rpc('queue.list', undefined)).json()).toMatchObject({ ok: false, error: { code: 'unauthorized' } });
    expect((await desk.rpc('queue.list', undefined)).status).toBe(401);
    expect((await desk.rpc('queue.list', token, '{}', { origin: 'http://evil.example' })).status).toBe(403);
    expect(await rawStatus('/app/rpc/queue.list', { [HTTP_SESSION_HEADER]: token })).toBe(403);
    expect((await desk.rpc('queue.list', 'forged')).status).toBe(401);
    // DNS rebinding: a page of evil.example resolved to 127.0.0.1, so Origin and Host agree with each other.
    expect(await rawStatus('/app/rpc/queue.list', { [HTTP_SESSION_HEADER]: token, origin: 'http://evil.example:1', host: 'evil.example:1' })).toBe(403);
    const ok = await desk.rpc('queue.list', token);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ ok: true, value: { items: [], state: { phase: 'idle' } } });
  });

  it('a session token in a cookie is not a session', async () => {
    const token = await desk.signedIn();
    expect((await desk.rpc('queue.list', undefined, '{}', { cookie: `td_session=${token}` })).status).toBe(401);
  });

  it('bad JSON, bad payloads and unknown operations are answers, never 500s; a 2 MB enqueue fits', async () => {
    const token = await desk.signedIn();
    expect(await (await desk.rpc('queue.enqueue', token, '{nope')).json()).toEqual({ ok: false, error: { code: 'invalid_input', message: 'The request body is not JSON' } });
    expect(await (await desk.rpc('queue.enqueue', token, '{"entries":5}')).json()).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const unknown = await desk.rpc('queue.explode', token);
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toMatchObject({ ok: false });
    const entries = Array.from({ length: 20_000 }, (_, i) => ({ url: `https://www.youtube.com/watch?v=okBULK${String(i).padStart(5, '0')}` }));
    const big = await desk.rpc('queue.enqueue', token, JSON.stringify({ entries }));
    expect(big.status).toBe(200);
    expect(((await big.json()) as { value: { items: unknown[] } }).value.items).toHaveLength(20_000);
  });

  it('events arrive over SSE for a signed-in page only', async () => {
    const token = await desk.signedIn();
    expect((await fetch(`${origin}/app/events`)).status).toBe(401);
    expect((await fetch(`${origin}/app/events`, { headers: { cookie: `td_session=${token}` } })).status).toBe(401);
    expect((await fetch(`${origin}/app/events`, { headers: { [HTTP_SESSION_HEADER]: token, 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    const controller = new AbortController();
    const stream = await fetch(`${origin}/app/events`, { headers: { [HTTP_SESSION_HEADER]: token }, signal: controller.signal });
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
    await desk.rpc('queue.enqueue', token, JSON.stringify({ entries: [{ url: 'https://www.tiktok.com/@a/video/7350000000000000099' }] }));
    let text = '';
    while (!text.includes('event: queue.changed')) text += new TextDecoder().decode((await reader.read()).value);
    expect(text).toMatch(/event: queue\.changed\ndata: \{"upserted":\[\{"id":/);
    controller.abort();
  });
});

describe('the REST API is unchanged', () => {
  it('still wants its key, and a session token is not one', async () => {
    const token = await desk.signedIn();
    const response = await fetch(`${origin}/api/balance`, { headers: { [HTTP_SESSION_HEADER]: token } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Missing API key' });
    const withKey = await fetch(`${origin}/api/balance`, { headers: { authorization: `Bearer ${desk.opened.owner.key}` } });
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
