// What a user's money depends on, written once against the store port: every implementation
// (SQLite today, PostgreSQL next) runs this same file. Nothing here knows which database it is:
// only the port's calls, its results, and balances before and after.
import { describe, expect, it } from 'vitest';
import type { Store } from '#service/store/port';

export interface OpenedStore {
  store: Store;
  close(): Promise<void>;
}

const fresh = () => `req-${Math.random().toString(36).slice(2)}`;

async function accountWith(store: Store, credits: number) {
  const account = await store.accounts.create('pro', 'invariants');
  if (credits > 0) await store.credits.grant(account.id, credits, 'test grant');
  return account.id;
}

export function describeStoreInvariants(name: string, open: () => Promise<OpenedStore>): void {
  describe(`store invariants: ${name}`, () => {
    const withStore = (fn: (store: Store) => Promise<void>) => async () => {
      const opened = await open();
      try {
        await fn(opened.store);
      } finally {
        await opened.close();
      }
    };

    it('refuses a charge over the balance and leaves the balance as it was', withStore(async (store) => {
      const id = await accountWith(store, 3);
      expect(await store.credits.charge(id, 4, fresh())).toEqual({ ok: false, reason: 'insufficient', balance: 3 });
      expect(await store.credits.balance(id)).toBe(3);
      expect(await store.credits.charge(id, 3, fresh())).toEqual({ ok: true, balance: 0 });
      expect(await store.credits.charge(id, 1, fresh())).toEqual({ ok: false, reason: 'insufficient', balance: 0 });
      expect(await store.credits.balance(id)).toBe(0);
    }));

    it('charges one request id once, also when the same id arrives twice at the same moment', withStore(async (store) => {
      const id = await accountWith(store, 10);
      const requestId = fresh();
      expect(await store.credits.charge(id, 1, requestId)).toEqual({ ok: true, balance: 9 });
      expect(await store.credits.charge(id, 1, requestId)).toEqual({ ok: false, reason: 'duplicate', balance: 9 });
      const racing = fresh();
      const answers = await Promise.all(Array.from({ length: 8 }, () => store.credits.charge(id, 1, racing)));
      expect(answers.filter((a) => a.ok)).toHaveLength(1);
      expect(answers.filter((a) => !a.ok && a.reason === 'duplicate')).toHaveLength(7);
      expect(await store.credits.balance(id)).toBe(8);
    }));

    it('lets concurrent charges for the last credits win exactly as many times as there are credits', withStore(async (store) => {
      const id = await accountWith(store, 5);
      const answers = await Promise.all(Array.from({ length: 12 }, () => store.credits.charge(id, 1, fresh())));
      expect(answers.filter((a) => a.ok)).toHaveLength(5);
      expect(await store.credits.balance(id)).toBe(0);
      expect(await store.credits.sumOfEntries(id)).toBe(0);
    }));

    it('reserve then settle below the reservation gives the difference back', withStore(async (store) => {
      const id = await accountWith(store, 100);
      expect(await store.credits.reserve(id, 30, 'job-a')).toEqual({ ok: true, balance: 70 });
      expect(await store.credits.settle(id, 'job-a', 12)).toEqual({ balance: 88, charged: 12 });
      expect(await store.credits.byReference(id, 'job-a')).toMatchObject({ reserve: -30, settle: 18 });
    }));

    it('reserve then settle above the reservation takes the extra, never more than the balance holds', withStore(async (store) => {
      const id = await accountWith(store, 40);
      await store.credits.reserve(id, 30, 'job-b');
      expect(await store.credits.settle(id, 'job-b', 100)).toEqual({ balance: 0, charged: 40 });
      expect(await store.credits.balance(id)).toBe(0);
    }));

    it('reserve then refund gives the whole reservation back; a reservation over the balance is refused', withStore(async (store) => {
      const id = await accountWith(store, 50);
      expect(await store.credits.reserve(id, 60, 'job-c')).toEqual({ ok: false, reason: 'insufficient', balance: 50 });
      await store.credits.reserve(id, 20, 'job-d');
      expect(await store.credits.balance(id)).toBe(30);
      expect(await store.credits.refund(id, 'job-d', 'failed')).toBe(50);
      expect(await store.credits.reserve(id, 5, 'job-d')).toEqual({ ok: false, reason: 'duplicate', balance: 50 });
    }));

    it('rolls back the cache entry and the charge together when the transaction fails after both', withStore(async (store) => {
      const id = await accountWith(store, 5);
      const entry = { platform: 'longform' as const, canonicalKey: 'rollback01', sourceUrl: 'https://www.youtube.com/watch?v=rollback01', title: 'T', body: { videoId: 'rollback01' }, text: 'hello', segments: null };
      await expect(
        store.transaction(async (tx) => {
          await tx.cache.put(entry);
          expect((await tx.credits.charge(id, 1, fresh())).ok).toBe(true);
          throw new Error('boom after cache and charge');
        }),
      ).rejects.toThrow('boom after cache and charge');
      expect(await store.cache.get('longform', 'rollback01')).toBeUndefined();
      expect(await store.credits.balance(id)).toBe(5);
      // The same work committed: both are there.
      await store.transaction(async (tx) => {
        await tx.cache.put(entry);
        await tx.credits.charge(id, 1, fresh());
      });
      expect((await store.cache.get('longform', 'rollback01'))?.text).toBe('hello');
      expect(await store.credits.balance(id)).toBe(4);
    }));

    it('makes a call from outside wait for an open transaction instead of running inside it', withStore(async (store) => {
      const id = await accountWith(store, 10);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const transaction = store.transaction(async (tx) => {
        await tx.credits.charge(id, 4, fresh());
        await held;
        throw new Error('rolled back');
      });
      // Issued while the transaction is open: it must not join it (and be rolled back with it).
      const outside = store.credits.charge(id, 1, fresh());
      release();
      await expect(transaction).rejects.toThrow('rolled back');
      expect(await outside).toEqual({ ok: true, balance: 9 });
      expect(await store.credits.balance(id)).toBe(9);
    }));

    it('keeps every balance equal to the sum of its entries through grants, charges, reserves, settles and refunds', withStore(async (store) => {
      const id = await accountWith(store, 20);
      expect(await store.credits.grant(id, 5, 'more')).toBe(25);
      await expect(store.credits.grant(id, 0)).rejects.toThrow();
      await expect(store.credits.grant(id, -3)).rejects.toThrow();
      await store.credits.charge(id, 2, fresh());
      await store.credits.reserve(id, 10, 'job-e');
      await store.credits.settle(id, 'job-e', 4);
      await store.credits.reserve(id, 3, 'job-f');
      await store.credits.refund(id, 'job-f');
      expect(await store.credits.balance(id)).toBe(19);
      expect(await store.credits.sumOfEntries(id)).toBe(19);
      expect((await store.accounts.get(id))?.balance).toBe(19);
      expect((await store.credits.entries(id)).map((e) => e.kind)).toEqual(['grant', 'grant', 'charge', 'reserve', 'settle', 'reserve', 'refund']);
    }));

    it('finds a key by its secret, never by its prefix alone, and a revoked key says so', withStore(async (store) => {
      const id = await accountWith(store, 0);
      const { key, prefix } = await store.keys.create(id, 'laptop');
      expect(key.startsWith(prefix)).toBe(true);
      expect(await store.keys.find(key)).toMatchObject({ accountId: id, prefix, plan: 'pro', revoked: false });
      expect(await store.keys.find(prefix)).toBeUndefined();
      expect(await store.keys.find(`${key}x`)).toBeUndefined();
      expect(await store.keys.revoke(prefix)).toBe(true);
      expect(await store.keys.revoke(prefix)).toBe(false);
      expect(await store.keys.find(key)).toMatchObject({ revoked: true });
      const listed = (await store.keys.list()).find((k) => k.prefix === prefix);
      expect(listed?.label).toBe('laptop');
      expect(typeof listed?.revokedAt).toBe('number');
    }));

    it('counts requests per window: the limit passes, the next is refused and not counted, a new window starts over', withStore(async (store) => {
      const t0 = 1_700_000_000_000;
      const bucket = `key:${fresh()}`;
      const hits = [];
      for (let i = 0; i < 4; i++) hits.push(await store.rateWindows.hit(bucket, t0 + i, 3, 60_000));
      expect(hits.map((h) => [h.allowed, h.remaining])).toEqual([[true, 2], [true, 1], [true, 0], [false, 0]]);
      expect(hits[0]?.resetAt).toBe(t0 + 60_000);
      expect(await store.rateWindows.hit(bucket, t0 + 60_000, 3, 60_000)).toMatchObject({ allowed: true, remaining: 2, resetAt: t0 + 120_000 });
      expect(await store.rateWindows.hit(`key:${fresh()}`, t0, 3, 60_000)).toMatchObject({ allowed: true, remaining: 2 });
    }));
  });
}
