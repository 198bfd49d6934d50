// The store invariants (test/store/invariants.ts) against the PostgreSQL store on the run's real
// server (test/helpers/postgres.ts), then what only a server shared by several nodes can get wrong.
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PG_MIGRATIONS } from '#service/postgres/migrations/index';
import { PgStore } from '#service/postgres/pgStore';
import { DatabaseFromFutureError, EditedMigrationError } from '#service/store/schemaErrors';
import { freshDatabase } from '../helpers/postgresDatabase';
import { describeStoreGroups } from '../store/groups';
import { describeStoreInvariants } from '../store/invariants';

let database: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  database = await freshDatabase('store');
});
afterAll(async () => {
  await database.drop();
});

describeStoreInvariants('PostgreSQL (a real server)', async () => {
  const store = await PgStore.open(database.url);
  return { store, close: () => store.close() };
});

// Two PgStores on one database are two nodes of a team server: separate pools, separate processes'
// worth of state, one set of rows.
describe('PostgreSQL store: what several nodes share', () => {
  const open = () => PgStore.open(database.url);
  let nodes: PgStore[] = [];
  afterEach(async () => {
    await Promise.all(nodes.map((n) => n.close()));
    nodes = [];
  });
  const twoNodes = async () => {
    nodes = await Promise.all([open(), open()]);
    return nodes as [PgStore, PgStore];
  };

  it('refuses a database whose schema is newer than this build, and an applied migration whose text changed', async () => {
    const other = await freshDatabase('future');
    try {
      const first = await PgStore.open(other.url);
      await first.close();
      const admin = new pg.Client({ connectionString: other.url });
      await admin.connect();
      try {
        await admin.query("INSERT INTO schema_migrations (version, name, sha256, applied_at) VALUES (999, 'from a newer build', 'x', 0)");
        await expect(PgStore.open(other.url)).rejects.toBeInstanceOf(DatabaseFromFutureError);
        await admin.query('DELETE FROM schema_migrations WHERE version = 999');
        await admin.query("UPDATE schema_migrations SET sha256 = 'edited' WHERE version = 1");
        await expect(PgStore.open(other.url)).rejects.toBeInstanceOf(EditedMigrationError);
      } finally {
        await admin.end();
      }
    } finally {
      await other.drop();
    }
  });

  it('migrates a fresh database once when several nodes start at the same moment', async () => {
    const other = await freshDatabase('race');
    try {
      const stores = await Promise.all(Array.from({ length: 4 }, () => PgStore.open(other.url)));
      const account = await stores[0]?.accounts.create('pro', 'x');
      expect(await stores[3]?.accounts.get(account?.id ?? -1)).toMatchObject({ plan: 'pro' });
      await Promise.all(stores.map((s) => s.close()));
      const admin = new pg.Client({ connectionString: other.url });
      await admin.connect();
      try {
        const versions = (await admin.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')).rows.map((r) => r.version);
        expect(versions).toEqual(PG_MIGRATIONS.map((m) => m.version));
      } finally {
        await admin.end();
      }
    } finally {
      await other.drop();
    }
  });

  it('lets 32 charges spread over two nodes win exactly as many times as there are credits; the ledger sums to the balance', async () => {
    const [a, b] = await twoNodes();
    const { id } = await a.accounts.create('credits', 'race');
    await b.credits.grant(id, 5);
    const answers = await Promise.all(Array.from({ length: 32 }, (_, i) => (i % 2 === 0 ? a : b).credits.charge(id, 1, `race-${i}`)));
    expect(answers.filter((x) => x.ok)).toHaveLength(5);
    expect(answers.filter((x) => !x.ok && x.reason === 'insufficient')).toHaveLength(27);
    expect(await a.credits.balance(id)).toBe(0);
    expect(await b.credits.sumOfEntries(id)).toBe(0);
    expect((await a.credits.entries(id)).filter((e) => e.kind === 'charge')).toHaveLength(5);
  });

  it('charges one request id once when both nodes book it at the same moment', async () => {
    const [a, b] = await twoNodes();
    const { id } = await a.accounts.create('credits', 'dup');
    await a.credits.grant(id, 10);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? a : b).credits.charge(id, 1, 'the-same-request')));
    expect(answers.filter((x) => x.ok)).toHaveLength(1);
    expect(answers.filter((x) => !x.ok && x.reason === 'duplicate')).toHaveLength(9);
    expect(await b.credits.balance(id)).toBe(9);
  });

  it('counts one rate window across both nodes exactly: 150 hits, 120 allowed, each remaining count given once', async () => {
    const [a, b] = await twoNodes();
    expect(a.rateWindows.counting).toEqual({ where: 'store' });
    const t0 = 1_700_000_000_000;
    const hits = await Promise.all(Array.from({ length: 150 }, (_, i) => (i % 2 === 0 ? a : b).rateWindows.hit('key:shared', t0 + (i % 7), 120, 60_000)));
    const allowed = hits.filter((h) => h.allowed);
    expect(allowed).toHaveLength(120);
    expect(new Set(allowed.map((h) => h.remaining)).size).toBe(120);
    expect(Math.min(...allowed.map((h) => h.remaining))).toBe(0);
    expect(hits.filter((h) => !h.allowed).every((h) => h.remaining === 0)).toBe(true);
    // One window, started by whichever hit landed first (the nodes' clocks differ by a few ms here).
    const resets = new Set(hits.map((h) => h.resetAt));
    expect(resets.size).toBe(1);
    expect([...resets][0]).toBeGreaterThanOrEqual(t0 + 60_000);
    expect([...resets][0]).toBeLessThanOrEqual(t0 + 60_006);
    // The next window starts over on either node.
    expect(await b.rateWindows.hit('key:shared', t0 + 60_010, 120, 60_000)).toMatchObject({ allowed: true, remaining: 119, resetAt: t0 + 120_010 });
  });

  it('starts a podcast episode once when submits from two accounts race on two nodes: one reservation, the rest told it exists', async () => {
    const [a, b] = await twoNodes();
    const payers = await Promise.all([a.accounts.create('credits', 'p1'), b.accounts.create('credits', 'p2')]);
    for (const p of payers) await a.credits.grant(p.id, 20);
    const facts = { key: 'race-ep', episodeUrl: 'https://podcasts.apple.com/e', title: 'E', showTitle: 'S', artworkUrl: '', durationSeconds: 60, audioUrl: null, transcriptUrl: null, transcriptType: null };
    const starts = await Promise.all(payers.flatMap((p) => [a, b, a, b].map((node) => node.podcastWork.start(p.id, facts, 10))));
    expect(starts.filter((s) => s.ok)).toHaveLength(1);
    expect(starts.filter((s) => !s.ok && s.reason === 'exists')).toHaveLength(7);
    const balances = await Promise.all(payers.map((p) => b.credits.balance(p.id)));
    expect(balances.sort((x, y) => x - y)).toEqual([10, 20]);
  });

  it('holds a check made inside a transaction until its write lands, on any node: one delivery of an item is charged once', async () => {
    const [a, b] = await twoNodes();
    const { id } = await a.accounts.create('credits', 'deliver');
    await a.credits.grant(id, 10);
    const entry = { platform: 'longform' as const, canonicalKey: 'clusterdeliver1', sourceUrl: 'https://www.youtube.com/watch?v=clusterdeliver1', title: 'T', body: { videoId: 'clusterdeliver1' }, text: 'hello', segments: null };
    // deliver()'s shape (service/core/deliver.ts): cached already? free; otherwise cache and charge.
    const deliver = (node: PgStore, i: number) =>
      node.transaction(async (tx) => {
        if ((await tx.cache.get('longform', entry.canonicalKey)) !== undefined) return 'hit';
        await tx.cache.put(entry);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return (await tx.credits.charge(id, 1, `deliver-${i}`)).ok ? 'charged' : 'refused';
      });
    const outcomes = await Promise.all(Array.from({ length: 8 }, (_, i) => deliver(i % 2 === 0 ? a : b, i)));
    expect(outcomes.filter((o) => o === 'charged')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'hit')).toHaveLength(7);
    expect(await b.credits.balance(id)).toBe(9);
  });
});

describeStoreGroups('PostgreSQL (a real server)', async () => {
  const own = await freshDatabase('groups');
  const store = await PgStore.open(own.url);
  return {
    store,
    close: async () => {
      await store.close();
      await own.drop();
    },
  };
});
