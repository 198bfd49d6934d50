// The browser-grade transport (impit) against a real loopback server: the address guard still
// refuses private addresses (directly and as a redirect hop, through the upstream client), the
// routing origin is reached and read like on undici (status, headers, cookies, a large streamed
// body, one decoding of a compressed body), abort and both timeouts hold, impit's errors read like
// Node's, the User-Agent agrees with the impersonated browser, and only the allow-listed platform
// hosts take this path.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LookupAddress } from 'node:dns';
import { gzipSync, zstdCompressSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openService } from '#service/open';
import { browserGradeTransport, needsBrowserGrade } from '#service/upstream/browserGrade';
import { UpstreamClient } from '#service/upstream/client';
import type { Resolver } from '#service/upstream/guardedLookup';
import { impitTransport } from '#service/upstream/impitTransport';
import { undiciTransport, type Transport, type TransportRequest } from '#service/upstream/transport';
import { BROWSER_USER_AGENT } from '#service/upstream/userAgents';
import { tempHome } from '../helpers/home';
import { listen, type Loopback } from '../helpers/loopback';

const BIG = 6 * 1024 * 1024;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
});

/** Every request the server saw, as its path. */
let seen: string[] = [];

function route(req: IncomingMessage, res: ServerResponse): void {
  const path = req.url ?? '/';
  seen.push(path);
  if (path.endsWith('/hello')) {
    res.writeHead(200, { 'content-type': 'text/plain', 'x-answer': '42', 'set-cookie': ['ttwid=1; Path=/', 'tt_csrf_token=2; Path=/'] });
    return void res.end('hello from loopback');
  }
  if (path.endsWith('/echo')) {
    res.writeHead(200, { 'content-type': 'application/json' });
    return void res.end(JSON.stringify(req.headers));
  }
  if (path.endsWith('/big')) {
    res.writeHead(200, { 'content-length': String(BIG) });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    const more = () => {
      while (sent < BIG) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', more);
      }
      res.end();
    };
    return more();
  }
  if (path.endsWith('/gzip')) {
    res.writeHead(200, { 'content-encoding': 'gzip' });
    return void res.end(gzipSync('decoded once (gzip)'));
  }
  if (path.endsWith('/x-gzip')) {
    res.writeHead(200, { 'content-encoding': 'x-gzip' });
    return void res.end(gzipSync('decoded once (x-gzip)'));
  }
  if (path.endsWith('/zstd')) {
    const body = zstdCompressSync('decoded once (zstd)');
    res.writeHead(200, { 'content-encoding': 'zstd', 'content-length': String(body.length) });
    return void res.end(body);
  }
  if (path.endsWith('/stalls')) {
    res.writeHead(200, { 'content-type': 'text/plain' });
    return void res.write('first chunk, then silence');
  }
  if (path.endsWith('/to-metadata')) {
    res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
    return void res.end();
  }
  if (path.endsWith('/to-loopback')) {
    res.writeHead(301, { location: 'http://[::1]:8080/admin' });
    return void res.end();
  }
  if (path.endsWith('/cut-off')) {
    res.writeHead(200, { 'content-length': '1000' });
    res.write('the first hundred bytes of a thousand');
    return void setTimeout(() => res.socket?.destroy(), 50);
  }
  if (path.endsWith('/never-answers')) return;
  res.writeHead(404);
  res.end();
}

async function server(): Promise<Loopback> {
  seen = [];
  const loopback = await listen(route);
  cleanups.push(() => loopback.close());
  return loopback;
}

function tracked<T extends Transport | UpstreamClient>(thing: T): T {
  cleanups.push(() => thing.close());
  return thing;
}

/** A resolver that answers from a table, like a DNS server the attacker controls. */
function fakeResolver(table: Record<string, string>): Resolver {
  return (hostname, _options, callback) => {
    const address = table[hostname];
    if (address === undefined) return callback(Object.assign(new Error(`no such host ${hostname}`), { code: 'ENOTFOUND' }), []);
    callback(null, [{ address, family: address.includes(':') ? 6 : 4 } satisfies LookupAddress]);
  };
}

const request = (url: string, extra: Partial<TransportRequest> = {}): TransportRequest => ({
  url: new URL(url),
  method: 'GET',
  headers: {},
  signal: new AbortController().signal,
  headersTimeoutMs: 10_000,
  bodyTimeoutMs: 10_000,
  guarded: false,
  ...extra,
});

async function textOf(body: AsyncIterable<unknown>): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

describe('impit transport: the address guard', () => {
  it('refuses a guarded request to a literal loopback or private address before anything is sent', async () => {
    const loopback = await server();
    const transport = tracked(impitTransport());
    await expect(transport.send(request(`${loopback.url}/hello`, { guarded: true }))).rejects.toMatchObject({ code: 'ERR_BLOCKED_ADDRESS', message: '127.0.0.1 resolves to 127.0.0.1, which is not a public address' });
    await expect(transport.send(request(`http://[::1]:${loopback.port}/hello`, { guarded: true }))).rejects.toMatchObject({ code: 'ERR_BLOCKED_ADDRESS' });
    expect(seen).toEqual([]);
  });

  it('refuses a guarded request whose host name resolves to a private address', async () => {
    const transport = tracked(impitTransport({ resolve: fakeResolver({ 'www.tiktok.com': '10.0.0.5' }) }));
    await expect(transport.send(request('https://www.tiktok.com/@scout/video/7106594312292453675', { guarded: true }))).rejects.toMatchObject({
      code: 'ERR_BLOCKED_ADDRESS',
      message: 'www.tiktok.com resolves to 10.0.0.5, which is not a public address',
    });
  });

  it('through the upstream client: an allow-listed host resolving to a private address is refused with a precise message', async () => {
    const resolve = fakeResolver({ 'www.instagram.com': '192.168.1.10' });
    const client = tracked(new UpstreamClient({ transport: browserGradeTransport({ browser: impitTransport({ resolve }), plain: undiciTransport({ resolve }) }) }));
    await expect(client.request({ url: 'https://www.instagram.com/reel/C1a2b3c4d5e/', retry: false })).rejects.toMatchObject({
      failure: 'blocked_address',
      message: 'refused to contact www.instagram.com: www.instagram.com resolves to 192.168.1.10, which is not a public address',
    });
  });

  it('through the upstream client: a redirect hop to a private address is refused and never contacted', async () => {
    const loopback = await server();
    const client = tracked(new UpstreamClient({ override: new URL(loopback.url), transport: browserGradeTransport({ browser: impitTransport(), plain: undiciTransport() }) }));
    await expect(client.request({ url: 'https://www.tiktok.com/@scout/video/1/to-metadata', retry: false })).rejects.toMatchObject({ failure: 'blocked_address', message: expect.stringContaining('169.254.169.254 is not a public address') as string });
    await expect(client.request({ url: 'https://kick.com/api/v2/clips/clip_01/to-loopback', retry: false })).rejects.toMatchObject({ failure: 'blocked_address', message: expect.stringContaining('::1 is not a public address') as string });
    // The first hops went through (impit, to the routing origin); the private targets were never asked.
    expect(seen).toEqual(['/www.tiktok.com/@scout/video/1/to-metadata', '/kick.com/api/v2/clips/clip_01/to-loopback']);
  });
});

describe('impit transport: reading answers', () => {
  it('reaches the routing origin unguarded and reads status, headers, every Set-Cookie and the body', async () => {
    const loopback = await server();
    const transport = tracked(impitTransport());
    const answer = await transport.send(request(`${loopback.url}/www.tiktok.com/hello`));
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({ 'content-type': 'text/plain', 'x-answer': '42', 'set-cookie': ['ttwid=1; Path=/', 'tt_csrf_token=2; Path=/'] });
    expect(await textOf(answer.body)).toBe('hello from loopback');
  });

  it('streams a large body in many chunks', async () => {
    const loopback = await server();
    const transport = tracked(impitTransport());
    const answer = await transport.send(request(`${loopback.url}/big`));
    expect(answer.headers['content-length']).toBe(String(BIG));
    let bytes = 0;
    let chunks = 0;
    for await (const chunk of answer.body as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      chunks++;
    }
    expect(bytes).toBe(BIG);
    expect(chunks).toBeGreaterThan(1);
  });

  it('decodes a compressed body exactly once, whoever decodes it, and drops the headers that described the wire', async () => {
    const loopback = await server();
    const transport = tracked(impitTransport());
    for (const coding of ['gzip', 'x-gzip', 'zstd']) {
      const answer = await transport.send(request(`${loopback.url}/${coding}`));
      expect(await textOf(answer.body)).toBe(`decoded once (${coding})`);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers['content-length']).toBeUndefined();
    }
  });

  it('the client counts decoded bytes against its cap', async () => {
    const loopback = await server();
    const client = tracked(new UpstreamClient({ override: new URL(loopback.url), transport: browserGradeTransport({ browser: impitTransport(), plain: undiciTransport() }) }));
    await expect(client.request({ url: 'https://www.youtube.com/api/timedtext/big', maxBytes: 1024 * 1024, retry: false })).rejects.toMatchObject({ failure: 'too_large' });
    expect((await client.request({ url: 'https://www.youtube.com/api/timedtext/gzip' })).text()).toBe('decoded once (gzip)');
  });

  it('honours an abort before the headers and while the body streams', async () => {
    const loopback = await server();
    const transport = tracked(impitTransport());
    const early = new AbortController();
    const pending = transport.send(request(`${loopback.url}/never-answers`, { signal: early.signal }));
    setTimeout(() => early.abort(new Error('cancelled by the user')), 100);
    await expect(pending).rejects.toThrow('cancelled by the user');

    const late = new AbortController();
    // A body timeout longer than the test's own: only the abort can end this read.
    const answer = await transport.send(request(`${loopback.url}/stalls`, { signal: late.signal, bodyTimeoutMs: 120_000 }));
    const reading = textOf(answer.body);
    setTimeout(() => late.abort(new Error('cancelled mid-body')), 100);
    await expect(reading).rejects.toThrow();
  });

  it('times out a silent server before the headers and a body that stops arriving', async () => {
    const loopback = await server();
    const transport = tracked(impitTransport());
    await expect(transport.send(request(`${loopback.url}/never-answers`, { headersTimeoutMs: 200 }))).rejects.toMatchObject({ code: 'UND_ERR_HEADERS_TIMEOUT' });
    const answer = await transport.send(request(`${loopback.url}/stalls`, { bodyTimeoutMs: 200 }));
    await expect(textOf(answer.body)).rejects.toMatchObject({ code: 'UND_ERR_BODY_TIMEOUT' });
  });

  it("reports impit's network errors in the client's words", async () => {
    const loopback = await server();
    const cutOff = await tracked(impitTransport()).send(request(`${loopback.url}/cut-off`));
    await expect(textOf(cutOff.body)).rejects.toMatchObject({ code: 'UND_ERR_SOCKET', message: expect.not.stringContaining('\n') as string });
    const port = loopback.port;
    await loopback.close();
    const transport = tracked(impitTransport());
    await expect(transport.send(request(`http://127.0.0.1:${port}/`))).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    const client = tracked(new UpstreamClient({ override: new URL(`http://127.0.0.1:${port}`), transport: browserGradeTransport({ browser: impitTransport(), plain: undiciTransport() }) }));
    await expect(client.request({ url: 'https://rumble.com/v4abcd-clip.html', retry: false })).rejects.toThrow('rumble.com refused the connection');
  });
});

describe('browser-grade routing and the User-Agent', () => {
  it('sends the allow-listed platform hosts with the impersonated browser, whose User-Agent matches its handshake', async () => {
    const loopback = await server();
    const client = tracked(new UpstreamClient({ override: new URL(loopback.url), transport: browserGradeTransport({ browser: impitTransport(), plain: undiciTransport() }) }));
    const sent = (await client.request({ url: 'https://www.tiktok.com/@scout/echo', scope: 'shortform' })).json() as Record<string, string>;
    expect(sent['user-agent']).toBe(BROWSER_USER_AGENT);
    // The client hints name the same Chrome as the User-Agent: nothing disagrees with the fingerprint.
    const major = /Chrome\/(\d+)/.exec(BROWSER_USER_AGENT)?.[1];
    expect(sent['sec-ch-ua']).toContain(`"Google Chrome";v="${major}"`);
    expect(sent['sec-ch-ua-platform']).toBe('"Windows"');
    expect(sent['accept-encoding']).toContain('zstd');
  });

  it("keeps a fetcher's own User-Agent (YouTube's InnerTube clients name theirs)", async () => {
    const loopback = await server();
    const client = tracked(new UpstreamClient({ override: new URL(loopback.url), transport: browserGradeTransport({ browser: impitTransport(), plain: undiciTransport() }) }));
    const android = 'com.google.android.youtube/20.10.38 (Linux; U; Android 11) gzip';
    const sent = (await client.request({ url: 'https://www.youtube.com/youtubei/v1/echo', scope: 'longform', headers: { 'User-Agent': android, accept: 'application/json' } })).json() as Record<string, string>;
    expect(sent['user-agent']).toBe(android);
    expect(sent.accept).toBe('application/json');
  });

  it('sends media, CDN and podcast hosts through undici (no browser client hints), by the logical host', async () => {
    const loopback = await server();
    const client = tracked(new UpstreamClient({ override: new URL(loopback.url), transport: browserGradeTransport({ browser: impitTransport(), plain: undiciTransport() }) }));
    for (const url of ['https://v16-webapp.tiktokcdn.com/echo', 'https://scontent.cdninstagram.com/echo', 'https://feeds.example-podcasts.com/echo']) {
      const sent = (await client.request({ url })).json() as Record<string, string>;
      expect(sent['sec-ch-ua']).toBeUndefined();
      expect(sent['user-agent']).toBe(BROWSER_USER_AGENT);
    }
    expect(needsBrowserGrade(new URL('https://vm.tiktok.com/ZMabc123/'))).toBe(true);
    expect(needsBrowserGrade(new URL('https://www.youtube.com/api/timedtext?v=x'))).toBe(true);
    expect(needsBrowserGrade(new URL('https://rr3---sn-4g5e6nze.googlevideo.com/videoplayback'))).toBe(false);
    expect(needsBrowserGrade(new URL('https://www.youtube.com.evil.example/'))).toBe(false);
  });

  it('is what the headless service (serve, the CLI) uses: platform pages with the browser, the rest with undici', async () => {
    const loopback = await server();
    const home = tempHome();
    const opened = await openService(home.dir, {}, { TRANSCRIPT_DESK_UPSTREAM: loopback.url });
    cleanups.push(async () => {
      await opened.close();
      await Promise.resolve();
      home.remove();
    });
    const page = (await opened.upstream.request({ url: 'https://www.instagram.com/echo', scope: 'reels' })).json() as Record<string, string>;
    expect(page['sec-ch-ua']).toContain('Google Chrome');
    const media = (await opened.upstream.request({ url: 'https://scontent.cdninstagram.com/echo', scope: 'media' })).json() as Record<string, string>;
    expect(media['sec-ch-ua']).toBeUndefined();
  });

  it('falls back to undici with one warning when impit cannot load on this machine', async () => {
    const loopback = await server();
    const warn = vi.fn();
    const browser = impitTransport({ load: () => Promise.reject(new Error('no prebuilt binary for this platform')) });
    const client = tracked(new UpstreamClient({ override: new URL(loopback.url), transport: browserGradeTransport({ browser, plain: undiciTransport(), warn }) }));
    for (let i = 0; i < 2; i++) {
      const sent = (await client.request({ url: 'https://kick.com/api/v2/echo' })).json() as Record<string, string>;
      expect(sent['sec-ch-ua']).toBeUndefined();
    }
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('no prebuilt binary for this platform');
  });
});
