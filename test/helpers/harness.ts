// A real `transcript-desk serve` process whose upstream traffic goes to the fixture upstream on
// loopback (TRANSCRIPT_DESK_UPSTREAM), with a key of known balance: what every platform's black-box
// REST tests need.
import { expect, inject } from 'vitest';
import type { SyncPlatformToken } from '#shared/platforms';
import { prepareMedia } from '../upstream/media';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';
import { createKey, startServer, type CreatedKey, type ServerProcess } from './cli';
import { tempHome } from './home';
import { call, post, type Reply } from './http';

/** Short enough that the slow-body scenarios end in seconds, long enough for a busy machine. */
export const TEST_UPSTREAM_TIMEOUT_MS = 2000;

export interface Harness {
  home: string;
  fixture: FixtureUpstream;
  server: ServerProcess;
  key: CreatedKey;
  balance(): Promise<number>;
  transcript(platform: SyncPlatformToken, url: string, extra?: Record<string, unknown>): Promise<Reply>;
  /** Requests the fixture saw since `mark()`, as logical URLs. */
  requestsSince(mark: number): string[];
  mark(): number;
  /** Starts a new `serve` on the same data home and fixture (after `server.kill()`, say); `server` is the new one. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  plan?: 'free' | 'credits' | 'plus' | 'pro';
  /** Where the fixture keeps the media it makes (media.ts); the run's speech cache for STT tests. */
  mediaDir?: string;
}

/** A harness whose fixture serves the run's spoken media (prepared once per run) for the speech-to-text platforms. */
export async function startSpeechHarness(credits = 100): Promise<Harness> {
  await prepareMedia(inject('speechCache'));
  return startHarness(credits, { mediaDir: inject('speechCache') });
}

export async function startHarness(credits = 100, options: HarnessOptions = {}): Promise<Harness> {
  const home = tempHome();
  const fixture = await startFixtureUpstream(options.mediaDir === undefined ? {} : { mediaDir: options.mediaDir });
  const key = await createKey(home.dir, { plan: options.plan ?? 'free', credits });
  const env = { TRANSCRIPT_DESK_UPSTREAM: fixture.url, TRANSCRIPT_DESK_UPSTREAM_TIMEOUT_MS: String(TEST_UPSTREAM_TIMEOUT_MS) };
  const harness: Harness = {
    home: home.dir,
    fixture,
    server: await startServer(home.dir, env),
    key,
    balance: async () => (await call(harness.server.url, 'GET', '/api/balance', { key: key.key })).body.credits as number,
    transcript: (platform, url, extra = {}) => post(harness.server.url, `/api/${platform}/transcript`, key.key, { url, ...extra }),
    mark: () => fixture.requests.length,
    requestsSince: (mark) => fixture.requests.slice(mark).map((r) => r.url),
    restart: async () => {
      await harness.server.stop();
      harness.server = await startServer(home.dir, env);
    },
    close: async () => {
      await harness.server.stop();
      await fixture.close();
      home.remove();
    },
  };
  return harness;
}

/** The reply is an error of the spec's shape, and it cost nothing. */
export async function expectFreeFailure(h: Harness, platform: SyncPlatformToken, url: string, status: number, error: string, message: RegExp): Promise<Reply> {
  const before = await h.balance();
  const reply = await h.transcript(platform, url);
  expect({ status: reply.status, error: reply.body.error }).toEqual({ status, error });
  expect(reply.body.message).toMatch(message);
  // The site's own rate limit: a machine code, and its Retry-After when it named one (failures.ts).
  const rateLimited = /is rate-limiting requests from this machine \(HTTP 429/.test(String(reply.body.message)) && status === 502;
  expect(Object.keys(reply.body).sort()).toEqual(rateLimited ? ['code', 'error', 'message'] : ['error', 'message']);
  if (rateLimited) {
    expect(reply.body.code).toBe('upstream_rate_limited');
    const after = /retry after (\d+) s/.exec(String(reply.body.message))?.[1];
    expect(reply.headers.get('retry-after') ?? undefined).toBe(after);
  }
  expect(reply.text).not.toMatch(/\n\s+at /);
  expect(await h.balance()).toBe(before);
  return reply;
}

/** A fresh success: charged one credit, `credits` shows the balance after it, no `cached`. */
export async function expectCharged(h: Harness, platform: SyncPlatformToken, url: string, extra: Record<string, unknown> = {}): Promise<Reply> {
  const before = await h.balance();
  const reply = await h.transcript(platform, url, extra);
  expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  expect(reply.body.credits).toBe(before - 1);
  expect(reply.body).not.toHaveProperty('cached');
  expect(await h.balance()).toBe(before - 1);
  return reply;
}

/** A cache hit: the same body as `first`, `cached: true`, free, `credits` = the current balance. */
export async function expectCacheHit(h: Harness, platform: SyncPlatformToken, url: string, first: Reply, extra: Record<string, unknown> = {}): Promise<Reply> {
  const before = await h.balance();
  const reply = await h.transcript(platform, url, extra);
  expect(reply.status).toBe(200);
  const { credits: _c1, ...firstBody } = first.body;
  const { credits, cached, ...body } = reply.body;
  expect(cached).toBe(true);
  expect(credits).toBe(before);
  expect(body).toEqual(firstBody);
  expect(await h.balance()).toBe(before);
  return reply;
}
