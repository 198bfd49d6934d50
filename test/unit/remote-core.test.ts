// RemoteCore's answers to a server that does not answer as the spec says: never a throw, always a
// refusal that names the server and what came instead. A tiny loopback server plays each part.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseForPlatform, type ParsedItem } from '#shared/url/parse';
import { RemoteCore } from '#service/remote/remoteCore';

let server: Server;
let base: string;
const KEY = 'sk_live_abcdefgh12345678';

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '';
    if (path === '/api/balance') return res.writeHead(200, { 'content-type': 'application/json', 'x-ratelimit-limit': '120', 'x-ratelimit-remaining': '7', 'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 30) }).end('{"credits":5,"plan":"pro"}');
    if (path.startsWith('/api/longform/')) return res.writeHead(500, { 'content-type': 'text/plain' }).end('oops, a proxy page');
    if (path.startsWith('/api/shortform/')) return res.writeHead(200, { 'content-type': 'application/json' }).end('{"transcript": 42, "credits": 3}');
    if (path.startsWith('/api/reels/')) return res.writeHead(200, { 'content-type': 'application/json' }).end(`{"success":true,"transcripts":[{"id":"1","shortcode":"x","text":"${'a'.repeat(4096)}"}],"credits":1}`);
    if (path.startsWith('/api/professional/')) return res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '17' }).end('{"error":"Rate limit exceeded. Try again later."}');
    if (path.startsWith('/api/podcast/jobs/')) return res.writeHead(302, { location: 'http://elsewhere.example/' }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const item = (platform: Parameters<typeof parseForPlatform>[0], url: string) => parseForPlatform(platform, url) as ParsedItem;

describe('RemoteCore against a server that misbehaves', () => {
  it('admits with the balance read, and paces by the server’s rate headers', async () => {
    const core = new RemoteCore({ server: base });
    const admitted = await core.admitKey(KEY, 'test');
    expect(admitted).toMatchObject({ ok: true, caller: { plan: 'pro', keyPrefix: KEY.slice(0, 16) }, rate: { limit: 120, remaining: 7 } });
  });

  it('a non-JSON error page, a body of the wrong shape, an answer over the cap, a redirect: 502 refusals naming the server', async () => {
    const core = new RemoteCore({ server: base, maxBytes: 1024 });
    const admitted = await core.admitKey(KEY, 'test');
    if (!admitted.ok) throw new Error('not admitted');
    const { caller } = admitted;
    const server = base.replace(/\/$/, '');
    expect(await core.fetchTranscript(caller, { platform: 'longform', item: item('longform', 'https://youtu.be/dQw4w9WgXcQ') })).toEqual({
      kind: 'refused', status: 502, error: 'Team server error', message: `The team server ${server} answered HTTP 500 with “oops, a proxy page”, not the API's error body`,
    });
    const wrongShape = await core.fetchTranscript(caller, { platform: 'shortform', item: item('shortform', 'https://www.tiktok.com/@a/video/7300000000000000001') });
    expect(wrongShape).toMatchObject({ kind: 'refused', status: 502, error: 'Team server error' });
    expect(wrongShape.kind === 'refused' && wrongShape.message).toMatch(/answered HTTP 200 with a shortform transcript that does not read as the API's: transcript /);
    const big = await core.fetchTranscript(caller, { platform: 'reels', item: item('reels', 'https://www.instagram.com/reel/ABCdef123/') });
    expect(big).toEqual({ kind: 'refused', status: 502, error: 'Team server unreachable', message: `The team server ${server} could not be reached: its answer is larger than 1024 bytes` });
    const redirected = await core.job(caller, 'job-1');
    expect(redirected).toMatchObject({ kind: 'refused', status: 502, error: 'Team server error' });
  });

  it('the server’s 429 with its Retry-After; transcribeAudio refused; cached() asks nothing', async () => {
    const core = new RemoteCore({ server: base });
    const admitted = await core.admitKey(KEY, 'test');
    if (!admitted.ok) throw new Error('not admitted');
    const limited = await core.fetchTranscript(admitted.caller, { platform: 'professional', item: item('professional', 'https://www.linkedin.com/posts/someone_slug-activity-7200000000000000000-abcd') });
    expect(limited).toEqual({ kind: 'refused', status: 429, error: 'Rate limit exceeded. Try again later.', retryAfterMs: 17_000 });
    expect(await core.transcribeAudio(admitted.caller, 'shortform', item('shortform', 'https://www.tiktok.com/@a/video/7300000000000000001'), new AbortController().signal)).toMatchObject({ status: 501, error: 'Not offered by a team server' });
    expect(await core.cached()).toBeUndefined();
  });
});
