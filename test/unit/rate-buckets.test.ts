// Requests without a valid key are limited per client, and a client is not its exact address: a
// caller that rotates through 127/8 or through the addresses of its IPv6 /64 is still one caller.
// The table of windows does not grow with every address ever seen.
import { afterEach, describe, expect, it } from 'vitest';
import { Ledger } from '#service/ledger/index';
import { RATE_LIMIT, RATE_WINDOW_MS } from '#service/rateLimit';
import { TranscriptService } from '#service/service';
import { SqliteStore } from '#service/ledger/sqliteStore';

let ledger: Ledger | undefined;
afterEach(() => ledger?.close());

function service(now: () => number): TranscriptService {
  ledger = Ledger.open(':memory:');
  return new TranscriptService({ store: new SqliteStore(ledger), now });
}

const statuses = async (svc: TranscriptService, addresses: (i: number) => string, count: number) => {
  const answers: number[] = [];
  // One after another, as the requests of one client arrive.
  for (let i = 0; i < count; i++) {
    const admission = await svc.admit('Bearer sk_live_notakey', addresses(i));
    answers.push(admission.ok ? 200 : admission.response.status);
  }
  return answers;
};

describe('unauthenticated rate limit buckets', () => {
  it('rotating through loopback addresses does not escape the limit', async () => {
    const svc = service(() => 1_000_000);
    const seen = await statuses(svc, (i) => `127.0.${Math.floor(i / 250)}.${(i % 250) + 1}`, RATE_LIMIT + 1);
    expect(seen.slice(0, RATE_LIMIT).every((s) => s === 401)).toBe(true);
    expect(seen[RATE_LIMIT]).toBe(429);
    // ::1 is the same machine as 127.0.0.1.
    expect(await statuses(svc, () => '::1', 1)).toEqual([429]);
  });

  it('rotating through one IPv6 /64 does not escape the limit; another /64 is another client', async () => {
    const svc = service(() => 1_000_000);
    const seen = await statuses(svc, (i) => `2001:db8:1:2:${i.toString(16)}::1`, RATE_LIMIT + 1);
    expect(seen[RATE_LIMIT]).toBe(429);
    expect(await statuses(svc, () => '2001:db8:1:3::1', 1)).toEqual([401]);
    // An IPv4 address seen through a dual-stack socket is that IPv4 client.
    await statuses(svc, () => '203.0.113.7', RATE_LIMIT);
    expect(await statuses(svc, () => '::ffff:203.0.113.7', 1)).toEqual([429]);
  });

  it('windows that ended are forgotten, so the table does not grow with every address ever seen', async () => {
    let now = 1_000_000;
    const svc = service(() => now);
    await statuses(svc, (i) => `198.51.100.${i + 1}`, 100);
    const rows = () => (ledger as Ledger).db.prepare('SELECT count(*) AS n FROM rate_windows').get() as { n: number };
    expect(rows().n).toBe(100);
    now += 2 * RATE_WINDOW_MS;
    await statuses(svc, () => '198.51.100.200', 1);
    expect(rows().n).toBe(1);
  });
});
