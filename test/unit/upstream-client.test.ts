// The upstream client against real loopback servers: routing, redirects, retries, timeouts, caps,
// decompression, per-host concurrency (pacing: upstream-pacing.test.ts), cookies and proxies.
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { UpstreamClient } from '#service/upstream/client';
import type { UpstreamError } from '#service/upstream/errors';
import { routeUrl } from '#service/upstream/routing';
import { listen, readBody } from '../helpers/loopback';
import { closeUpstreams, failureOf, trackClient, trackServer, upstream } from '../helpers/upstreamClient';

afterEach(closeUpstreams);

describe('routing', () => {
  it('maps https://HOST/PATH?Q to <origin>/HOST/PATH?Q', () => {
    expect(routeUrl(new URL('https://www.youtube.com/youtubei/v1/player?prettyPrint=false'), new URL('http://127.0.0.1:9000')).href).toBe(
      'http://127.0.0.1:9000/www.youtube.com/youtubei/v1/player?prettyPrint=false',
    );
    expect(routeUrl(new URL('https://a.example:8443/x'), new URL('http://127.0.0.1:9000/base/')).href).toBe('http://127.0.0.1:9000/base/a.example:8443/x');
  });

  it('sends the same method, headers and body to the routed origin', async () => {
    let seen: { method?: string; url?: string; body?: string; type?: string } = {};
    const { client } = await upstream((req, res) => {
      void readBody(req).then((body) => {
        seen = { method: req.method, url: req.url, body, type: req.headers['content-type'] };
        res.end('{"ok":true}');
      });
    });
    const response = await client.request({ url: 'https://www.youtube.com/youtubei/v1/player?prettyPrint=false', method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"videoId":"x"}' });
    expect(response.json()).toEqual({ ok: true });
    expect(seen).toEqual({ method: 'POST', url: '/www.youtube.com/youtubei/v1/player?prettyPrint=false', body: '{"videoId":"x"}', type: 'application/json' });
  });
});

describe('redirects', () => {
  it('follows long chains across hosts, relative and absolute, and reports the final URL', async () => {
    const hops = 16;
    const { client } = await upstream((req, res) => {
      const n = Number(/hop(\d+)/.exec(req.url ?? '')?.[1] ?? 0);
      if (n < hops) {
        res.writeHead(302, { location: n % 2 === 0 ? `https://tracker${n + 1}.example/hop${n + 1}/audio.mp3` : `/hop${n + 1}` });
        return res.end();
      }
      res.end('audio');
    });
    const response = await client.request({ url: 'https://dts.podtrac.example/hop0' });
    expect(response.text()).toBe('audio');
    expect(response.redirects).toHaveLength(hops);
    expect(response.url).toMatch(/hop16/);
  });

  it('stops after the redirect limit', async () => {
    const { client } = await upstream((_req, res) => {
      res.writeHead(301, { location: 'https://loop.example/again' });
      res.end();
    });
    expect((await failureOf(client.request({ url: 'https://loop.example/start', maxRedirects: 5 }))).failure).toBe('too_many_redirects');
  });

  it.each([
    'http://127.0.0.1:1/secret',
    'http://[::ffff:127.0.0.1]/',
    'http://[::7f00:1]/secret', // IPv4-compatible 127.0.0.1 (F6)
    'http://[::a9fe:a9fe]/latest/meta-data/', // IPv4-compatible 169.254.169.254 (F6)
    'http://[64:ff9b::a9fe:a9fe]/latest/meta-data/', // NAT64 of the metadata address
    'http://localhost/',
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.5/router',
  ])(
    'refuses a hop to %s',
    async (target) => {
      let hits = 0;
      const { client } = await upstream((_req, res) => {
        hits++;
        res.writeHead(302, { location: target });
        res.end();
      });
      const error = await failureOf(client.request({ url: 'https://feeds.example/feed.xml' }));
      expect(error.failure).toBe('blocked_address');
      expect(hits).toBe(1);
    },
  );

  it('refuses non-http schemes in a redirect', async () => {
    const { client } = await upstream((_req, res) => {
      res.writeHead(302, { location: 'file:///etc/passwd' });
      res.end();
    });
    expect((await failureOf(client.request({ url: 'https://feeds.example/feed.xml' }))).failure).toBe('bad_url');
  });

  it('drops Authorization on a cross-origin redirect', async () => {
    const auth: (string | undefined)[] = [];
    const { client } = await upstream((req, res) => {
      auth.push(req.headers.authorization);
      if (req.url?.startsWith('/api.example/')) {
        res.writeHead(302, { location: 'https://cdn.example/file' });
        return res.end();
      }
      res.end('ok');
    });
    await client.request({ url: 'https://api.example/x', headers: { Authorization: 'Bearer secret' } });
    expect(auth).toEqual(['Bearer secret', undefined]);
  });
});

describe('retries', () => {
  it('retries 5xx and succeeds', async () => {
    let hits = 0;
    const { client } = await upstream((_req, res) => {
      hits++;
      res.statusCode = hits < 3 ? 503 : 200;
      res.end(hits < 3 ? 'busy' : 'fine');
    });
    const response = await client.request({ url: 'https://flaky.example/' });
    expect([response.status, response.text(), hits]).toEqual([200, 'fine', 3]);
  });

  it('honours a short Retry-After on 429', async () => {
    const times: number[] = [];
    const { client } = await upstream((_req, res) => {
      times.push(Date.now());
      if (times.length === 1) {
        res.writeHead(429, { 'retry-after': '1' });
        return res.end();
      }
      res.end('ok');
    });
    expect((await client.request({ url: 'https://limited.example/' })).status).toBe(200);
    expect((times[1] as number) - (times[0] as number)).toBeGreaterThanOrEqual(950);
  });

  // An hour's Retry-After against vitest's 30 s hang guard: waiting it out fails the test.
  it('gives a long Retry-After back at once instead of stalling', async () => {
    let hits = 0;
    const { client } = await upstream((_req, res) => {
      hits++;
      res.writeHead(429, { 'retry-after': '3600' });
      res.end();
    });
    const response = await client.request({ url: 'https://limited.example/' });
    expect([response.status, response.headers['retry-after'], hits]).toEqual([429, '3600', 1]);
  });

  it('gives up after the attempts and returns the last 5xx', async () => {
    let hits = 0;
    const { client } = await upstream((_req, res) => {
      hits++;
      res.statusCode = 500;
      res.end('down');
    });
    const response = await client.request({ url: 'https://down.example/' });
    expect([response.status, hits]).toEqual([500, 3]);
  });

  // Hang guard 15 s, under the client's 20 s default deadline: a failure that waited for the
  // deadline instead of reporting the refusal fails the test.
  it('fails fast and clearly on a closed port', { timeout: 15_000 }, async () => {
    const closed = await listen(() => undefined);
    await closed.close();
    const client = new UpstreamClient({ override: new URL(closed.url) });
    trackClient(client);
    const error = await failureOf(client.request({ url: 'https://www.youtube.com/' }));
    expect(error.failure).toBe('network');
    expect(error.message).toMatch(/refused/);
  });

  it('retries a body cut off mid-way, then reports it', async () => {
    let hits = 0;
    const { client } = await upstream((req, res) => {
      hits++;
      res.writeHead(200, { 'content-length': '1000' });
      res.write('only part');
      setTimeout(() => req.socket.destroy(), 20);
    });
    const error = await failureOf(client.request({ url: 'https://cut.example/' }));
    expect(error.failure).toBe('network');
    expect(hits).toBe(3);
  });
});

describe('timeouts and size caps', () => {
  it('times out waiting for headers', async () => {
    const { client } = await upstream(() => undefined);
    const error = await failureOf(client.request({ url: 'https://slow.example/', headersTimeoutMs: 200, retry: false }));
    expect(error.failure).toBe('timeout');
  });

  it('times out on a body that stalls', async () => {
    const { client } = await upstream((_req, res) => {
      res.writeHead(200);
      res.write('start');
    });
    const error = await failureOf(client.request({ url: 'https://slow.example/', bodyTimeoutMs: 200, retry: false }));
    expect(error.failure).toBe('timeout');
  });

  it('enforces the whole-request deadline across retries', async () => {
    let hits = 0;
    const { client } = await upstream((_req, res) => {
      hits++;
      res.statusCode = 503;
      res.end();
    });
    const error = await failureOf(client.request({ url: 'https://slow.example/', timeoutMs: 300, retry: { attempts: 10, baseDelayMs: 400 } }));
    expect(error.failure).toBe('timeout');
    // Backoff waits at least 200 ms, then 400 ms, …: ten attempts need seconds, and the 300 ms
    // deadline leaves room for two at most, on any machine (a slower one only makes fewer).
    expect(hits).toBeLessThanOrEqual(2);
  });

  it('refuses a body over the cap, declared or streamed', async () => {
    const { client } = await upstream((req, res) => {
      if (req.url?.includes('declared')) res.setHeader('content-length', String(5000));
      res.end('x'.repeat(5000));
    });
    expect((await failureOf(client.request({ url: 'https://big.example/declared', maxBytes: 1000 }))).failure).toBe('too_large');
    expect((await failureOf(client.request({ url: 'https://big.example/chunked', maxBytes: 1000 }))).failure).toBe('too_large');
  });

  it('decompresses gzip and br, and caps what decompression yields (no zip bombs)', async () => {
    const text = 'caption line\n'.repeat(100);
    const bomb = gzipSync(Buffer.alloc(50 * 1024 * 1024));
    const { client } = await upstream((req, res) => {
      if (req.url?.includes('bomb')) {
        res.writeHead(200, { 'content-encoding': 'gzip' });
        return res.end(bomb);
      }
      const br = req.url?.includes('br');
      res.writeHead(200, { 'content-encoding': br ? 'br' : 'gzip' });
      res.end(br ? brotliCompressSync(text) : gzipSync(text));
    });
    expect((await client.request({ url: 'https://z.example/gz' })).text()).toBe(text);
    expect((await client.request({ url: 'https://z.example/br' })).text()).toBe(text);
    expect(bomb.length).toBeLessThan(100_000);
    expect((await failureOf(client.request({ url: 'https://z.example/bomb', maxBytes: 1024 * 1024 }))).failure).toBe('too_large');
  });
});

describe('per-host concurrency', () => {
  it('keeps at most 4 requests in flight per host, and does not hold other hosts back', async () => {
    // The upstream answers a batch only once `batch` requests wait at once (whatever the machine's
    // speed), or after 2 s, so a client that holds requests back shows a lower peak, not a hang.
    let batch = 4;
    let inFlight = 0;
    let peak = 0;
    let waiting: (() => void)[] = [];
    const { client } = await upstream((_req, res) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      const answer = () => {
        clearTimeout(fallback);
        inFlight--;
        res.end('ok');
      };
      const fallback = setTimeout(answer, 2000);
      waiting.push(answer);
      if (waiting.length >= batch) {
        const now = waiting;
        waiting = [];
        for (const release of now) release();
      }
    });
    await Promise.all(Array.from({ length: 12 }, () => client.request({ url: 'https://one.example/' })));
    expect(peak).toBe(4);
    peak = 0;
    batch = 8;
    await Promise.all(Array.from({ length: 8 }, (_, i) => client.request({ url: `https://host${i % 2}.example/` })));
    expect(peak).toBe(8);
  });
});

describe('cookies and user agents', () => {
  it('sends imported Netscape cookies only where they belong, and keeps Set-Cookie', async () => {
    const seen: Record<string, string | undefined> = {};
    const { client } = await upstream((req, res) => {
      seen[req.url ?? ''] = req.headers.cookie;
      if (req.url?.includes('/set')) res.setHeader('set-cookie', 'fresh=1; Path=/; Domain=instagram.com');
      res.end('ok');
    });
    const report = client.cookies.importNetscape(
      'reels',
      ['# Netscape HTTP Cookie File', '.instagram.com\tTRUE\t/\tTRUE\t4102444800\tsessionid\tabc123', '#HttpOnly_.instagram.com\tTRUE\t/\tTRUE\t0\tcsrftoken\txyz', 'broken line', ''].join('\n'),
    );
    expect(report).toEqual({ imported: 2, skipped: 1 });
    await client.request({ url: 'https://www.instagram.com/set', scope: 'reels' });
    await client.request({ url: 'https://www.instagram.com/api/v1/media/1/info/', scope: 'reels' });
    await client.request({ url: 'https://www.youtube.com/', scope: 'reels' });
    await client.request({ url: 'https://www.instagram.com/x', scope: 'longform' });
    expect(seen['/www.instagram.com/set']).toBe('sessionid=abc123; csrftoken=xyz');
    expect(seen['/www.instagram.com/api/v1/media/1/info/']).toContain('fresh=1');
    expect(seen['/www.youtube.com/']).toBeUndefined();
    expect(seen['/www.instagram.com/x']).toBeUndefined();
  });

  it('sends a browser User-Agent and accepts compression by default', async () => {
    let headers: Record<string, string | string[] | undefined> = {};
    const { client } = await upstream((req, res) => {
      headers = req.headers;
      res.end();
    });
    await client.request({ url: 'https://www.tiktok.com/', scope: 'shortform' });
    expect(headers['user-agent']).toMatch(/^Mozilla\/5\.0 .*Safari/);
    expect(headers['accept-encoding']).toMatch(/gzip/);
  });
});

describe('proxies', () => {
  afterEach(() => {
    delete process.env.HTTP_PROXY;
    delete process.env.NO_PROXY;
  });

  it('sends requests through HTTP_PROXY unless NO_PROXY says otherwise', async () => {
    const proxied: string[] = [];
    const proxy = await listen((req, res) => {
      proxied.push(req.url ?? '');
      res.end('via proxy');
    });
    trackServer(proxy);
    const { client } = await upstream((_req, res) => res.end('direct'));
    process.env.HTTP_PROXY = proxy.url;
    expect((await client.request({ url: 'https://www.youtube.com/a' })).text()).toBe('via proxy');
    expect(proxied[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/www\.youtube\.com\/a$/);
    process.env.NO_PROXY = '127.0.0.1';
    expect((await client.request({ url: 'https://www.youtube.com/b' })).text()).toBe('direct');
  });
});

describe('streams', () => {
  it('streams a body in chunks and caps it', async () => {
    const { client } = await upstream((_req, res) => {
      res.writeHead(200, { 'content-length': String(300_000) });
      res.end(Buffer.alloc(300_000, 1));
    });
    const stream = await client.stream({ url: 'https://media.example/a.mp3' });
    expect(stream.contentLength).toBe(300_000);
    let total = 0;
    for await (const chunk of stream.body) total += chunk.length;
    expect(total).toBe(300_000);
    const capped = await client.stream({ url: 'https://media.example/a.mp3', maxBytes: 100_000 }).catch((e: UpstreamError) => e);
    expect((capped as UpstreamError).failure).toBe('too_large');
  });

  it('limits a stream by its deadline until the headers only: a long download keeps going while bytes flow', async () => {
    const { client } = await upstream((_req, res) => {
      res.writeHead(200);
      let sent = 0;
      const timer = setInterval(() => {
        res.write(Buffer.alloc(1000));
        if (++sent === 15) {
          clearInterval(timer);
          res.end();
        }
      }, 100);
    });
    const stream = await client.stream({ url: 'https://media.example/long.mp3', timeoutMs: 500 });
    let total = 0;
    for await (const chunk of stream.body) total += chunk.length;
    expect(total).toBe(15_000);
  });
});
