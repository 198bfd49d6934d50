// Migration 007: the library's index follows a delivery after its commit, yet a search right after
// the delivery finds it; history pages add up to the whole history; the remembered audit keeps
// matching the balance as entries are added.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ledgerFile } from '#service/home';
import { INDEX_BATCH_MS } from '#service/ledger/libraryIndex';
import { SqliteStore } from '#service/ledger/sqliteStore';
import { toFtsQuery } from '../../src-main/desk/library/search';
import { tempHome } from '../helpers/home';

let home: ReturnType<typeof tempHome>;
let store: SqliteStore;

beforeEach(() => {
  home = tempHome();
  store = SqliteStore.open(ledgerFile(home.dir));
});
afterEach(async () => {
  await store.close();
  home.remove();
});

const entry = (key: string, text: string) => ({ platform: 'longform' as const, canonicalKey: key, sourceUrl: `https://example.test/${key}`, title: `Talk ${key}`, body: {}, text, segments: null });
const search = (typed: string) => store.library.search({ match: toFtsQuery(typed), platform: null, from: null, to: null, limit: 10, offset: 0 });
const checkIndex = () => store.ledger.db.prepare("INSERT INTO library_fts (library_fts, rank) VALUES ('integrity-check', 1)").run();
const waitForBatch = () => new Promise((resolve) => setTimeout(resolve, INDEX_BATCH_MS + 50));
const marked = () => store.ledger.db.prepare('SELECT COUNT(*) FROM library_unindexed').pluck().get();

describe('the library index after a delivery', () => {
  it('a search right after the cache + charge transaction finds the transcript; the index stays exact', async () => {
    const account = await store.accounts.create('pro');
    await store.credits.grant(account.id, 5);
    await store.transaction(async (tx) => {
      await tx.cache.put(entry('v1', 'the harbour bridge reopened'));
      await tx.credits.charge(account.id, 1, 'req-1');
    });
    expect((await search('harbour')).rows.map((r) => r.refKey)).toEqual(['v1']);
    checkIndex();
  });

  it('indexes after the commit on its own, in one batch, and a refetch or delete before that leaves nothing stale', async () => {
    await store.transaction(async (tx) => tx.cache.put(entry('v2', 'submarine cables')));
    await store.transaction(async (tx) => tx.cache.put(entry('v3', 'lighthouse keepers')));
    checkIndex();
    expect(marked()).toBe(2);
    await waitForBatch();
    expect(marked()).toBe(0);
    await store.transaction(async (tx) => tx.cache.put(entry('v2', 'river ferries')));
    const [v3] = (await search('lighthouse')).rows;
    await store.transaction(async (tx) => {
      await tx.cache.put(entry('v4', 'lighthouse lamps'));
      await tx.library.delete([v3?.id ?? 0]);
    });
    checkIndex();
    expect((await search('submarine')).total).toBe(0);
    expect((await search('ferries')).rows.map((r) => r.refKey)).toEqual(['v2']);
    expect((await search('lighthouse')).rows.map((r) => r.refKey)).toEqual(['v4']);
    checkIndex();
  });
});

describe('credit history and audit at scale', () => {
  it('pages of the history add up to the whole history, oldest first', async () => {
    const account = await store.accounts.create('pro');
    const other = await store.accounts.create('credits');
    await store.credits.grant(account.id, 100);
    for (let i = 0; i < 25; i++) {
      await store.credits.charge(account.id, 1, `a-${i}`);
      await store.credits.grant(other.id, 1);
    }
    const whole = await store.credits.entries(account.id);
    expect(whole).toHaveLength(26);
    const paged = [];
    for (let after: number | undefined; ; ) {
      const page = await store.credits.entries(account.id, { after, limit: 7 });
      paged.push(...page);
      if (page.length < 7) break;
      after = page.at(-1)?.id;
    }
    expect(paged).toEqual(whole);
    expect(paged.every((e) => e.accountId === account.id)).toBe(true);
  });

  it('the audit keeps matching the balance as entries are added after it', async () => {
    const account = await store.accounts.create('pro');
    await store.credits.grant(account.id, 50);
    expect(await store.credits.sumOfEntries(account.id)).toBe(50);
    await store.credits.charge(account.id, 3, 'r1');
    await store.credits.reserve(account.id, 10, 'job');
    await store.credits.settle(account.id, 'job', 4);
    expect(await store.credits.sumOfEntries(account.id)).toBe(await store.credits.balance(account.id));
    expect(await store.credits.sumOfEntries(account.id)).toBe(43);
    expect(await store.credits.byReference(account.id, 'job')).toMatchObject({ reserve: -10, settle: 6 });
  });
});
