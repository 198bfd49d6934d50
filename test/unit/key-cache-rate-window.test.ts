// Key lookups are cached per process and rate windows counted in memory (issue 16): what a caller
// notices must not change. Two services on one ledger file stand for two processes (each has its
// own SQLite connection): a revoke or a plan change in one reaches the other at its next request
// (SQLite says at no cost whether another connection wrote: PRAGMA data_version), and a key's window is one window across both. A service dropped without closing (as a
// crash leaves it) has written every count it answered.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ledgerFile } from '#service/home';
import { SqliteStore } from '#service/ledger/sqliteStore';
import { RATE_LIMIT } from '#service/rateLimit';
import { TranscriptService } from '#service/service';
import { tempHome } from '../helpers/home';

let home: ReturnType<typeof tempHome>;
const stores: SqliteStore[] = [];

beforeEach(() => {
  home = tempHome();
});
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
  home.remove();
});

/** A service of its own on the shared ledger file, as another process would have. */
function serviceOnLedger(): TranscriptService {
  const store = SqliteStore.open(ledgerFile(home.dir));
  stores.push(store);
  return new TranscriptService({ store });
}

async function newKey(service: TranscriptService, plan: 'free' | 'pro' = 'pro'): Promise<{ key: string; prefix: string; accountId: number }> {
  const account = await service.store.accounts.create(plan);
  return { ...(await service.store.keys.create(account.id)), accountId: account.id };
}

const statusOf = async (service: TranscriptService, key: string) => {
  const admission = await service.admit(`Bearer ${key}`, '127.0.0.1');
  return admission.ok ? 200 : admission.response.status;
};

describe('key lookups cached per process', () => {
  it('a revoke made by this process answers 401 at the very next request', async () => {
    const service = serviceOnLedger();
    const { key, prefix } = await newKey(service);
    expect(await statusOf(service, key)).toBe(200);
    expect(await service.store.keys.revoke(prefix)).toBe(true);
    expect(await statusOf(service, key)).toBe(401);
  });

  it('a revoke made by another process answers 401 at the very next request too', async () => {
    const server = serviceOnLedger();
    const cli = serviceOnLedger();
    const { key, prefix } = await newKey(server);
    expect(await statusOf(server, key)).toBe(200);
    expect(await cli.store.keys.revoke(prefix)).toBe(true);
    const admission = await server.admit(`Bearer ${key}`, '127.0.0.1');
    expect(admission.ok ? 200 : admission.response).toMatchObject({ status: 401, body: { error: 'Invalid API key' } });
  });

  it('a plan changed by another process is the plan the next request runs on', async () => {
    const server = serviceOnLedger();
    const cli = serviceOnLedger();
    const { key, accountId } = await newKey(server, 'free');
    expect(await server.admit(`Bearer ${key}`, '127.0.0.1')).toMatchObject({ ok: true, caller: { plan: 'free' } });
    await cli.store.accounts.setPlan(accountId, 'pro');
    expect(await server.admit(`Bearer ${key}`, '127.0.0.1')).toMatchObject({ ok: true, caller: { plan: 'pro' } });
    // And in this process, at once.
    await server.store.accounts.setPlan(accountId, 'plus');
    expect(await server.admit(`Bearer ${key}`, '127.0.0.1')).toMatchObject({ ok: true, caller: { plan: 'plus' } });
  });

  it('a key made by another process works at once (unknown keys are not cached)', async () => {
    const server = serviceOnLedger();
    const cli = serviceOnLedger();
    const account = await cli.store.accounts.create('pro');
    expect(await statusOf(server, 'sk_live_notmadeyet')).toBe(401);
    const { key } = await cli.store.keys.create(account.id);
    expect(await statusOf(server, key)).toBe(200);
  });
});

describe('rate windows counted in memory', () => {
  const remaining = async (service: TranscriptService, key: string) => {
    const admission = await service.admit(`Bearer ${key}`, '127.0.0.1');
    return admission.ok ? Number(admission.headers['X-RateLimit-Remaining']) : admission.response.status;
  };

  it('a service dropped without closing (a crash) has written every request it answered', async () => {
    const first = serviceOnLedger();
    const { key } = await newKey(first);
    for (let i = 0; i < 29; i++) await remaining(first, key);
    expect(await remaining(first, key)).toBe(RATE_LIMIT - 30);
    stores.pop(); // never closed: nothing is written at a close
    const second = serviceOnLedger();
    expect(await remaining(second, key)).toBe(RATE_LIMIT - 31);
  });

  it('two services on one ledger count one window: the key is refused once both together reach the limit', async () => {
    const a = serviceOnLedger();
    const b = serviceOnLedger();
    const { key } = await newKey(a);
    for (let i = 0; i < RATE_LIMIT / 2; i++) await remaining(a, key);
    for (let i = 0; i < RATE_LIMIT / 2; i++) await remaining(b, key);
    expect(await remaining(b, key)).toBe(429);
    // `a` last heard of the window at its own 60th request; its next one is decided on that and
    // written, and the answer brings the shared count back: one request over, never more.
    const next = [await remaining(a, key), await remaining(a, key)];
    expect(next[1]).toBe(429);
    expect(next.filter((s) => s !== 429).length).toBeLessThanOrEqual(1);
  });
});
