// Black-box tests of the spec's REST API: a real `transcript-desk serve` process on loopback, keys
// made with the real CLI, plain HTTP. Only statuses that need no upstream are covered here.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerFile } from '#service/home';
import { createKey, runCli, startServer, type CreatedKey, type ServerProcess } from '../helpers/cli';
import { cliGuardMs } from '../helpers/guards';
import { tempHome } from '../helpers/home';
import { call, post, type Reply } from '../helpers/http';

let home: ReturnType<typeof tempHome>;
let server: ServerProcess;
let plus: CreatedKey;
let free: CreatedKey;
let legacy: CreatedKey;
let empty: CreatedKey;

const YT = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

/** Every response, errors included, carries the three rate-limit headers (spec §8). */
function expectRateHeaders(reply: Reply): void {
  expect(reply.headers.get('x-ratelimit-limit')).toBe('120');
  expect(Number(reply.headers.get('x-ratelimit-remaining'))).toBeGreaterThanOrEqual(0);
  const reset = Number(reply.headers.get('x-ratelimit-reset'));
  const now = Date.now() / 1000;
  expect(reset).toBeGreaterThan(now - 1);
  expect(reset).toBeLessThanOrEqual(Math.ceil(now) + 60);
  expect(reply.headers.get('content-type')).toMatch(/^application\/json/);
  expect(reply.text).not.toMatch(/\n\s+at /); // no stack traces, ever
}

async function balanceOf(key: CreatedKey): Promise<number> {
  const reply = await call(server.url, 'GET', '/api/balance', { key: key.key });
  return reply.body.credits as number;
}

beforeAll(async () => {
  home = tempHome();
  [plus, free, legacy, empty] = await Promise.all([
    createKey(home.dir, { plan: 'plus', credits: 50 }),
    createKey(home.dir, { plan: 'free', credits: 10 }),
    createKey(home.dir, { plan: 'credits', credits: 10 }),
    createKey(home.dir, { plan: 'free', credits: 0 }),
  ]);
  server = await startServer(home.dir);
});

afterAll(async () => {
  await server.stop();
  home.remove();
});

describe('GET /api/balance', () => {
  it('returns credits and plan', async () => {
    const reply = await call(server.url, 'GET', '/api/balance', { key: plus.key });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ credits: 50, plan: 'plus' });
    expectRateHeaders(reply);
  });

  it('answers 200 with 0 credits for an empty account, never 403', async () => {
    const reply = await call(server.url, 'GET', '/api/balance', { key: empty.key });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ credits: 0, plan: 'free' });
  });
});

describe('401', () => {
  it.each([
    ['no header', undefined],
    ['not Bearer', `Token ${'sk_live_abc'}`],
    ['lower-case bearer', 'bearer sk_live_abc'],
    ['wrong key prefix', 'Bearer sk_test_abcdef'],
    ['empty bearer', 'Bearer '],
  ])('Missing API key: %s', async (_name, authorization) => {
    for (const [method, path] of [['GET', '/api/balance'], ['POST', '/api/longform/transcript'], ['GET', '/api/podcast/jobs/x']] as const) {
      const reply = await call(server.url, method, path, { authorization, body: method === 'POST' ? JSON.stringify({ url: YT }) : undefined });
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ error: 'Missing API key' });
      expectRateHeaders(reply);
    }
  });

  it('Invalid API key for a key that never existed', async () => {
    const reply = await call(server.url, 'GET', '/api/balance', { authorization: 'Bearer sk_live_0000000000000000000000000000000000000000000' });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ error: 'Invalid API key' });
    expectRateHeaders(reply);
  });

  it('Invalid API key for a revoked key, which worked before', { timeout: cliGuardMs(2) }, async () => {
    const key = await createKey(home.dir, { plan: 'pro', credits: 5 });
    expect((await call(server.url, 'GET', '/api/balance', { key: key.key })).status).toBe(200);
    expect((await runCli(home.dir, ['keys', 'revoke', key.prefix])).code).toBe(0);
    const reply = await post(server.url, '/api/longform/transcript', key.key, { url: YT });
    expect(reply.status).toBe(401);
    expect(reply.body).toEqual({ error: 'Invalid API key' });
  });

  it('comes before body checks: a malformed body from nobody is still 401', async () => {
    const reply = await call(server.url, 'POST', '/api/longform/transcript', { body: '{not json' });
    expect(reply.status).toBe(401);
  });
});

describe('400', () => {
  const cases: [string, string][] = [
    ['missing url', JSON.stringify({})],
    ['null url', JSON.stringify({ url: null })],
    ['numeric url', JSON.stringify({ url: 42 })],
    ['object url', JSON.stringify({ url: { href: YT } })],
    ['array url', JSON.stringify({ url: [YT] })],
    ['invalid JSON', '{"url": '],
    ['JSON that is not an object', JSON.stringify([YT])],
    ['empty body', ''],
    ['wrong shape', JSON.stringify({ url: 'https://www.youtube.com/@mkbhd' })],
    ['another platform', JSON.stringify({ url: 'https://www.tiktok.com/@scout2015/video/6718335390845095173' })],
    ['javascript: URL', JSON.stringify({ url: 'javascript:alert(1)' })],
  ];

  it.each(cases)('Invalid URL: %s', async (_name, body) => {
    const before = await balanceOf(plus);
    const reply = await call(server.url, 'POST', '/api/longform/transcript', { key: plus.key, body });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('Invalid URL');
    expect(typeof reply.body.message).toBe('string');
    expectRateHeaders(reply);
    expect(await balanceOf(plus)).toBe(before);
  });

  it.each([
    ['clips_a', 'https://kick.com/spreen', 'Invalid URL. Please provide a valid Kick clip URL.'],
    ['kick', 'https://kick.com/spreen/videos/0b9cbb2c-59e4-4d4c-a1ed-6f0e5f0e2f0a', 'Invalid URL. Please provide a valid Kick clip URL.'],
    ['clips_b', 'https://www.twitch.tv/videos/2217181435', 'Invalid URL. Please provide a valid Twitch clip URL.'],
    ['twitch', 'https://clips.twitch.tv/embed?clip=FaintLightGullWholeWheat', 'Invalid URL. Please provide a valid Twitch clip URL.'],
    ['social', 'https://www.facebook.com/watch/', 'Invalid URL'],
    ['professional', 'https://www.linkedin.com/in/satyanadella/', 'Invalid URL'],
    ['openvideo', 'https://rumble.com/embed/vb0ofn/', 'Invalid URL'],
    ['microblog', 'https://x.com/NASA', 'Invalid URL'],
    ['reels', 'https://www.instagram.com/natgeo/', 'Invalid URL'],
    ['shortform', 'https://www.tiktok.com/@scout2015', 'Invalid URL'],
    ['podcast', 'https://podcasts.apple.com/us/podcast/the-daily/id1200361736', 'Invalid URL'],
  ])('platform text on /api/%s/transcript for %s', async (platform, url, text) => {
    const reply = await post(server.url, `/api/${platform}/transcript`, plus.key, { url });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe(text);
    expectRateHeaders(reply);
  });

  it('a clip endpoint keeps its platform text for a missing url too', async () => {
    const reply = await post(server.url, '/api/clips_a/transcript', plus.key, {});
    expect(reply.body.error).toBe('Invalid URL. Please provide a valid Kick clip URL.');
  });
});

describe('402', () => {
  it.each([
    ['free', () => free],
    ['credits', () => legacy],
  ])('upgrade_required for a %s key submitting a podcast', async (_plan, key) => {
    const reply = await post(server.url, '/api/podcast/transcript', key().key, { url: 'https://podcasts.apple.com/us/podcast/x/id1200361736?i=1000482637777' });
    expect(reply.status).toBe(402);
    expect(reply.body.error).toBe('upgrade_required');
    expectRateHeaders(reply);
  });

  it('the URL is checked first: a show URL from a free key is 400', async () => {
    const reply = await post(server.url, '/api/podcast/transcript', free.key, { url: 'https://podcasts.apple.com/us/podcast/x/id1200361736' });
    expect(reply.status).toBe(400);
  });
});

describe('403', () => {
  it('no_credits when a transcript call finds an empty balance, on every sync platform', async () => {
    for (const [platform, url] of [
      ['longform', YT],
      ['clips_b', 'https://clips.twitch.tv/FaintLightGullWholeWheat'],
    ]) {
      const reply = await post(server.url, `/api/${platform}/transcript`, empty.key, { url });
      expect(reply.status).toBe(403);
      expect(reply.body.error).toBe('no_credits');
      expectRateHeaders(reply);
    }
  });
});

describe('404', () => {
  it('Job not found for an unknown id', async () => {
    const reply = await call(server.url, 'GET', '/api/podcast/jobs/job_does_not_exist', { key: plus.key });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ error: 'Job not found' });
    expectRateHeaders(reply);
  });

  it("Job not found for another account's job, which its owner can read", { timeout: cliGuardMs(1) }, async () => {
    const owner = await createKey(home.dir, { plan: 'pro', credits: 30 });
    const db = new Database(ledgerFile(home.dir));
    const accountId = (db.prepare('SELECT account_id FROM api_keys WHERE prefix = ?').get(owner.prefix) as { account_id: number }).account_id;
    const now = Date.now();
    db.prepare("INSERT INTO podcast_episodes (episode_key, status, title, show_title, artwork_url, duration_seconds, chunks_done, chunks_total, created_at) VALUES ('1000482637777', 'processing', 'Ep', 'Show', 'https://a/b.jpg', 1800, 1, 4, ?)").run(now);
    db.prepare("INSERT INTO podcast_jobs (id, account_id, episode_key, reserved, status, created_at) VALUES ('job_foreign', ?, '1000482637777', 10, 'processing', ?)").run(accountId, now);
    db.close();

    const foreign = await call(server.url, 'GET', '/api/podcast/jobs/job_foreign', { key: plus.key });
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ error: 'Job not found' });
    const own = await call(server.url, 'GET', '/api/podcast/jobs/job_foreign', { key: owner.key });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ jobId: 'job_foreign', status: 'processing', progress: { chunksDone: 1, chunksTotal: 4 }, completedAt: null });
  });

  it('unknown platforms and paths answer JSON 404s', async () => {
    for (const [method, path] of [['POST', '/api/myspace/transcript'], ['GET', '/api/nothing'], ['GET', '/api/longform/transcript']] as const) {
      const reply = await call(server.url, method, path, { key: plus.key, body: method === 'POST' ? '{}' : undefined });
      expect(reply.status).toBe(404);
      expect(typeof reply.body.error).toBe('string');
      expectRateHeaders(reply);
    }
  });
});

describe('413', () => {
  it('a huge body is refused with a JSON error and nothing is charged', async () => {
    const before = await balanceOf(plus);
    const reply = await call(server.url, 'POST', '/api/longform/transcript', { key: plus.key, body: JSON.stringify({ url: YT, pad: 'x'.repeat(200_000) }) });
    expect(reply.status).toBe(413);
    expect(reply.body.error).toBe('Payload too large');
    expectRateHeaders(reply);
    expect(await balanceOf(plus)).toBe(before);
  });
});

describe('429', () => {
  it('after 120 requests in the window, with Retry-After and the exact text; balance counts too', { timeout: cliGuardMs(1) }, async () => {
    const key = await createKey(home.dir, { plan: 'free', credits: 3 });
    const remaining: number[] = [];
    for (let i = 0; i < 120; i++) {
      const reply = await call(server.url, 'GET', '/api/balance', { key: key.key });
      expect(reply.status).toBe(200);
      remaining.push(Number(reply.headers.get('x-ratelimit-remaining')));
    }
    expect(remaining[0]).toBe(119);
    expect(remaining.at(-1)).toBe(0);
    for (const [method, path] of [['GET', '/api/balance'], ['POST', '/api/longform/transcript']] as const) {
      const reply = await call(server.url, method, path, { key: key.key, body: method === 'POST' ? JSON.stringify({ url: YT }) : undefined });
      expect(reply.status).toBe(429);
      expect(reply.body).toEqual({ error: 'Rate limit exceeded. Try again later.' });
      expectRateHeaders(reply);
      expect(reply.headers.get('x-ratelimit-remaining')).toBe('0');
      const retryAfter = Number(reply.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    // Another key is not affected.
    expect((await call(server.url, 'GET', '/api/balance', { key: plus.key })).status).toBe(200);
  });
});
