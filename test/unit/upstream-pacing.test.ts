// Per-host pacing in the upstream client (upstream/pacing.ts): a 429/503 cools its host down for
// every request to it, against a loopback server; the backoff without Retry-After, on a fake clock.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HostPacing } from '#service/upstream/pacing';
import { DEFAULT_RETRY } from '#service/upstream/retry';
import { closeUpstreams, upstream } from '../helpers/upstreamClient';

afterEach(closeUpstreams);

describe('per-host pacing', () => {
  it('a 429 with Retry-After: 1 holds back every request to that host until it ends, not only the one that got it; other hosts go on', async () => {
    const hits: { host: string; at: number }[] = [];
    const { client } = await upstream((req, res) => {
      const host = (req.url ?? '').split('/')[1] ?? '';
      hits.push({ host, at: Date.now() });
      if (host === 'limited.example' && hits.filter((h) => h.host === host).length === 1) {
        res.writeHead(429, { 'retry-after': '1' });
        return res.end();
      }
      res.end('ok');
    });
    const first = client.request({ url: 'https://limited.example/a' });
    // The second request starts while the first waits to retry, once the client has heard the 429.
    await vi.waitFor(() => expect(client.pacing.waitMs('limited.example')).toBeGreaterThan(0));
    const refusedAt = hits[0]?.at ?? 0;
    const [a, b, other] = await Promise.all([first, client.request({ url: 'https://limited.example/b' }), client.request({ url: 'https://other.example/' })]);
    expect([a.status, b.status, other.status]).toEqual([200, 200, 200]);
    const limited = hits.filter((h) => h.host === 'limited.example');
    // The refusal, the first request's retry and the second request: nobody was sent into the cooldown (no second 429).
    expect(limited).toHaveLength(3);
    for (const later of limited.slice(1)) expect(later.at).toBeGreaterThanOrEqual(refusedAt + 990);
    // The other host did not wait for limited.example's cooldown.
    expect(hits[1]?.host).toBe('other.example');
  });

  it('a Retry-After longer than the client waits: that 429 comes back at once, and other requests to the host still go and bring back what the site says', async () => {
    let hits = 0;
    const { client } = await upstream((req, res) => {
      hits++;
      if ((req.url ?? '').endsWith('/captions')) {
        res.writeHead(429, { 'retry-after': '3600' });
        return res.end();
      }
      res.end('page');
    });
    const limited = await client.request({ url: 'https://site.example/captions' });
    expect([limited.status, limited.headers['retry-after']]).toEqual([429, '3600']);
    const page = await client.request({ url: 'https://site.example/page' });
    expect([page.status, page.text(), hits]).toEqual([200, 'page', 2]);
    // The site served us again: its cooldown is over.
    expect(client.pacing.waitMs('site.example')).toBe(0);
  });

  it('without Retry-After: a backoff with jitter that grows with the refusals in a row; never shortened; over after an answer', () => {
    let now = 1_000_000;
    let random = 0;
    const pacing = new HostPacing(
      () => now,
      () => random,
    );
    const policy = { ...DEFAULT_RETRY, baseDelayMs: 1000, maxDelayMs: 8000 };
    // Jitter spreads each wait over the upper half of the ceiling: 1 s, 2 s, 4 s …
    expect(pacing.refused('busy.example', undefined, policy)).toBe(500);
    random = 1;
    expect(pacing.refused('busy.example', undefined, policy)).toBe(2000);
    random = 0;
    expect(pacing.refused('busy.example', undefined, policy)).toBe(2000);
    expect(pacing.waitMs('busy.example')).toBe(2000);
    expect(pacing.waitMs('idle.example')).toBe(0);
    // A shorter Retry-After heard by another request does not cut the cooldown short.
    expect(pacing.refused('busy.example', 1000, policy)).toBe(2000);
    now += 1500;
    expect(pacing.waitMs('busy.example')).toBe(500);
    pacing.answered('busy.example');
    expect(pacing.waitMs('busy.example')).toBe(0);
    // After an answer the count starts again from the first step.
    expect(pacing.refused('busy.example', undefined, policy)).toBe(500);
  });
});
