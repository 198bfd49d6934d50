import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureOwner, ledgerFile, LostLedgerError, OWNER_CREDITS, ownerKeyFile } from '#service/home';
import { LedgerDamagedError } from '#service/ledger/database';
import { DatabaseFromFutureError, Ledger } from '#service/ledger/index';
import { EditedMigrationError, migrate } from '#service/ledger/migrate';
import { MIGRATIONS } from '#service/ledger/migrations/index';
import { tempHome } from '../helpers/home';
import { SqliteStore } from '#service/ledger/sqliteStore';

let home: ReturnType<typeof tempHome>;
let ledger: Ledger;

beforeEach(() => {
  home = tempHome();
  ledger = Ledger.open(ledgerFile(home.dir));
});
afterEach(() => {
  ledger.close();
  home.remove();
});

describe('migrations', () => {
  it('creates the schema in WAL mode and records each migration', () => {
    expect(ledger.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(ledger.db.pragma('user_version', { simple: true })).toBe(MIGRATIONS.at(-1)?.version);
    const tables = ledger.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all();
    expect(tables).toEqual(expect.arrayContaining(['accounts', 'api_keys', 'credit_entries', 'transcripts', 'podcast_jobs', 'podcast_episodes', 'rate_windows']));
  });

  it('reopens an existing file without re-running anything', () => {
    const account = ledger.accounts.create('pro');
    ledger.credits.grant(account.id, 7);
    ledger.close();
    ledger = Ledger.open(ledgerFile(home.dir));
    expect(ledger.credits.balance(account.id)).toBe(7);
  });

  it('refuses a database written by a newer version and leaves it untouched', () => {
    ledger.db.pragma('user_version = 999');
    ledger.close();
    const before = readFileSync(ledgerFile(home.dir));
    expect(() => Ledger.open(ledgerFile(home.dir))).toThrow(DatabaseFromFutureError);
    expect(readFileSync(ledgerFile(home.dir)).equals(before)).toBe(true);
    // Let afterEach close something valid.
    const db = new Database(ledgerFile(home.dir));
    db.pragma(`user_version = ${MIGRATIONS.at(-1)?.version}`);
    db.close();
    ledger = Ledger.open(ledgerFile(home.dir));
  });

  it('refuses a ledger whose pages are damaged, naming the file and what quick_check found', () => {
    ledger.db.exec('CREATE TABLE scratch (v TEXT)');
    for (let i = 0; i < 20; i++) ledger.db.prepare('INSERT INTO scratch VALUES (?)').run(`row ${i} `.repeat(5));
    const root = ledger.db.prepare("SELECT rootpage FROM sqlite_master WHERE name = 'scratch'").pluck().get() as number;
    const pageSize = ledger.db.pragma('page_size', { simple: true }) as number;
    ledger.close();
    // The first cell pointer now points into the page header: SQLite itself opens the file fine.
    const fd = openSync(ledgerFile(home.dir), 'r+');
    writeSync(fd, Buffer.from([0x00, 0x10]), 0, 2, (root - 1) * pageSize + 8);
    closeSync(fd);
    expect(() => Ledger.open(ledgerFile(home.dir))).toThrow(LedgerDamagedError);
    expect(() => Ledger.open(ledgerFile(home.dir))).toThrow(new RegExp(`${ledgerFile(home.dir)} is damaged \\(Tree \\d+ page \\d+ cell 0: Offset 16 out of range`));
    // Let afterEach close something valid.
    rmSync(ledgerFile(home.dir));
    ledger = Ledger.open(ledgerFile(home.dir));
  });

  it('refuses to run when an applied migration was edited', () => {
    const edited = MIGRATIONS.map((m) => ({ ...m, sql: `${m.sql}\n-- edited` }));
    expect(() => migrate(ledger.db, edited)).toThrow(EditedMigrationError);
  });
});

describe('API keys', () => {
  it('are sk_live_ + base62 of 32 bytes, stored only as a SHA-256 hash', () => {
    const account = ledger.accounts.create('free');
    const { key, prefix } = ledger.keys.create(account.id, 'laptop');
    expect(key).toMatch(/^sk_live_[0-9A-Za-z]{42,44}$/);
    expect(key.startsWith(prefix)).toBe(true);
    expect(prefix).toHaveLength('sk_live_'.length + 8);
    const row = ledger.db.prepare('SELECT * FROM api_keys').get() as Record<string, unknown>;
    expect(Object.values(row)).not.toContain(key);
    expect(row.key_hash).toMatch(/^[0-9a-f]{64}$/);
    ledger.db.pragma('wal_checkpoint(TRUNCATE)');
    expect(readFileSync(ledgerFile(home.dir)).includes(key.slice(8))).toBe(false);
    expect(ledger.keys.find(key)).toMatchObject({ accountId: account.id, plan: 'free', revoked: false });
  });

  it('are distinct every time', () => {
    const account = ledger.accounts.create('free');
    const keys = new Set(Array.from({ length: 200 }, () => ledger.keys.create(account.id).key));
    expect(keys.size).toBe(200);
  });

  it('can be revoked by prefix, with or without sk_live_', () => {
    const account = ledger.accounts.create('plus');
    const a = ledger.keys.create(account.id);
    const b = ledger.keys.create(account.id);
    expect(ledger.keys.revoke(a.prefix)).toBe(true);
    expect(ledger.keys.revoke(b.prefix.slice('sk_live_'.length))).toBe(true);
    expect(ledger.keys.revoke(a.prefix)).toBe(false);
    expect(ledger.keys.find(a.key)?.revoked).toBe(true);
    expect(ledger.keys.find('sk_live_nope')).toBeUndefined();
  });
});

describe('credit ledger', () => {
  it('keeps the balance equal to the sum of its rows through every kind of entry', () => {
    const { id } = ledger.accounts.create('pro');
    ledger.credits.grant(id, 50);
    expect(ledger.credits.charge(id, 1, 'req-1')).toEqual({ ok: true, balance: 49 });
    expect(ledger.credits.reserve(id, 20, 'job-1')).toEqual({ ok: true, balance: 29 });
    expect(ledger.credits.settle(id, 'job-1', 10)).toEqual({ balance: 39, charged: 10 });
    expect(ledger.credits.reserve(id, 10, 'job-2')).toEqual({ ok: true, balance: 29 });
    expect(ledger.credits.refund(id, 'job-2')).toBe(39);
    expect(ledger.credits.entries(id).map((e) => [e.kind, e.amount])).toEqual([
      ['grant', 50],
      ['charge', -1],
      ['reserve', -20],
      ['settle', 10],
      ['reserve', -10],
      ['refund', 10],
    ]);
    expect(ledger.credits.sumOfEntries(id)).toBe(ledger.credits.balance(id));
  });

  it('never charges one request twice', () => {
    const { id } = ledger.accounts.create('free');
    ledger.credits.grant(id, 10);
    expect(ledger.credits.charge(id, 1, 'same')).toMatchObject({ ok: true, balance: 9 });
    expect(ledger.credits.charge(id, 1, 'same')).toEqual({ ok: false, reason: 'duplicate', balance: 9 });
  });

  it('never goes negative, and a refused charge leaves no row', () => {
    const { id } = ledger.accounts.create('free');
    ledger.credits.grant(id, 2);
    expect(ledger.credits.charge(id, 3, 'big')).toEqual({ ok: false, reason: 'insufficient', balance: 2 });
    expect(ledger.credits.reserve(id, 5, 'job')).toEqual({ ok: false, reason: 'insufficient', balance: 2 });
    expect(ledger.credits.entries(id)).toHaveLength(1);
  });

  it('takes the extra when a job ran longer than reserved, but never more than the balance', () => {
    const { id } = ledger.accounts.create('pro');
    ledger.credits.grant(id, 25);
    ledger.credits.reserve(id, 10, 'long');
    expect(ledger.credits.settle(id, 'long', 20)).toEqual({ balance: 5, charged: 20 });
    ledger.credits.reserve(id, 5, 'longer');
    expect(ledger.credits.settle(id, 'longer', 30)).toEqual({ balance: 0, charged: 5 });
    expect(ledger.credits.sumOfEntries(id)).toBe(0);
  });

  it('is append-only', () => {
    const { id } = ledger.accounts.create('free');
    ledger.credits.grant(id, 5);
    expect(() => ledger.db.prepare('UPDATE credit_entries SET amount = 500').run()).toThrow(/append-only/);
    expect(() => ledger.db.prepare('DELETE FROM credit_entries').run()).toThrow(/append-only/);
    expect(ledger.credits.balance(id)).toBe(5);
  });
});

describe('transcript cache', () => {
  it('is shared across accounts and follows short-link aliases', () => {
    ledger.cache.put(
      { platform: 'shortform', canonicalKey: '6718335390845095173', sourceUrl: 'https://www.tiktok.com/@a/video/6718335390845095173', title: null, body: { transcript: 'hi' }, text: 'hi', segments: null },
      'short:https://vm.tiktok.com/ZMeBTp4R2/',
    );
    expect(ledger.cache.get('shortform', '6718335390845095173')?.body).toEqual({ transcript: 'hi' });
    expect(ledger.cache.get('shortform', 'short:https://vm.tiktok.com/ZMeBTp4R2/')?.text).toBe('hi');
    expect(ledger.cache.get('longform', '6718335390845095173')).toBeUndefined();
  });

  it('past its limit evicts the least recently used (a hit is a use, marked at most once a minute), never a kept one or the one just stored', () => {
    const words = (n: number) => `word${n} `.repeat(2000);
    const put = (key: string) => ledger.cache.put({ platform: 'longform', canonicalKey: key, sourceUrl: `https://youtu.be/${key}`, title: key, body: { transcript: words(key.length) }, text: words(key.length), segments: null });
    const usedAt = (key: string) => ledger.db.prepare('SELECT used_at FROM transcripts WHERE canonical_key = ?').pluck().get(key) as number;
    const age = (key: string, ms: number) => ledger.db.prepare('UPDATE transcripts SET used_at = ? WHERE canonical_key = ?').run(Date.now() - ms, key);
    for (const key of ['kept', 'a', 'b', 'c']) put(key);
    ledger.cache.keep('longform', 'kept');
    age('kept', 5 * 60_000);
    age('a', 4 * 60_000);
    age('b', 3 * 60_000);
    age('c', 2 * 60_000);

    // A hit on `a` marks it used now; a second one within the minute writes nothing.
    ledger.cache.get('longform', 'a');
    const marked = usedAt('a');
    expect(marked).toBeGreaterThan(Date.now() - 1000);
    age('a', 30_000);
    const halfAMinute = usedAt('a');
    ledger.cache.get('longform', 'a');
    expect(usedAt('a')).toBe(halfAMinute);

    // A limit of four and a half: the fifth evicts down to 90 % of it, which is `b` alone, the
    // least recently used that is not kept.
    const each = ledger.cache.stats().bytes / 4;
    ledger.cache.useLimit(() => Math.floor(each * 4.5));
    put('d');
    expect(['kept', 'a', 'b', 'c', 'd'].filter((key) => ledger.cache.get('longform', key) !== undefined)).toEqual(['kept', 'a', 'c', 'd']);
    // Even a limit below what is kept evicts everything else but never the one just stored.
    ledger.cache.useLimit(() => 1);
    put('e');
    expect(['kept', 'a', 'b', 'c', 'd', 'e'].filter((key) => ledger.cache.get('longform', key) !== undefined)).toEqual(['kept', 'e']);
    ledger.db.prepare("INSERT INTO library_fts (library_fts, rank) VALUES ('integrity-check', 1)").run();
  });

  it('keeps the totals the limit and `db stats` read equal to the transcripts they sum, through stores, refetches, keeps, evictions and prunes', () => {
    const scanned = () =>
      ledger.db.prepare<[], { transcripts: number; kept: number; bytes: number }>('SELECT COUNT(*) AS transcripts, COALESCE(SUM(kept), 0) AS kept, COALESCE(SUM(bytes), 0) AS bytes FROM transcripts').get();
    const put = (key: string, words: number) =>
      ledger.cache.put({ platform: 'longform', canonicalKey: key, sourceUrl: `https://youtu.be/${key}`, title: key, body: {}, text: `${key} `.repeat(words), segments: null });
    expect(ledger.cache.stats()).toEqual({ transcripts: 0, kept: 0, bytes: 0 });
    for (const [n, key] of ['a', 'b', 'c', 'd'].entries()) put(key, 500 * (n + 1));
    expect(ledger.cache.stats()).toEqual(scanned());
    put('b', 3000); // a refetch replaces the row's bytes
    ledger.cache.keep('longform', 'c');
    expect(ledger.cache.stats()).toMatchObject({ transcripts: 4, kept: 1 });
    expect(ledger.cache.stats()).toEqual(scanned());
    ledger.cache.useLimit(() => ledger.cache.stats().bytes - 1);
    put('e', 100); // evicts the oldest not kept
    expect(ledger.cache.stats().transcripts).toBeLessThan(5);
    expect(ledger.cache.stats()).toEqual(scanned());
    ledger.cache.useLimit(() => null);
    expect(ledger.cache.prune(Date.now() + 1)).toBeGreaterThan(0); // everything not kept
    expect(ledger.cache.stats()).toEqual(scanned());
    expect(ledger.cache.stats()).toMatchObject({ transcripts: 1, kept: 1 });
  });
});

describe('rate windows', () => {
  it('count up to the limit, refuse without counting, and start over after the window', () => {
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) expect(ledger.rateWindows.hit('k', t0 + i, 3, 60_000)).toMatchObject({ allowed: true, remaining: 2 - i, resetAt: t0 + 60_000 });
    expect(ledger.rateWindows.hit('k', t0 + 10, 3, 60_000)).toMatchObject({ allowed: false, remaining: 0 });
    expect(ledger.rateWindows.hit('other', t0 + 10, 3, 60_000)).toMatchObject({ allowed: true, remaining: 2 });
    expect(ledger.rateWindows.hit('k', t0 + 60_000, 3, 60_000)).toMatchObject({ allowed: true, remaining: 2, resetAt: t0 + 120_000 });
  });
});

describe('owner bootstrap', () => {
  it('creates one pro owner with 1,000 credits and a key file readable only by the user', async () => {
    const first = await ensureOwner(new SqliteStore(ledger), home.dir);
    expect(first.created).toBe(true);
    expect(ledger.accounts.get(first.accountId)).toMatchObject({ plan: 'pro', isOwner: true, balance: OWNER_CREDITS });
    const file = readFileSync(join(home.dir, 'owner-key'), 'utf8').trim();
    expect(file).toBe(first.key);
    const second = await ensureOwner(new SqliteStore(ledger), home.dir);
    expect(second).toMatchObject({ created: false, accountId: first.accountId, key: first.key });
  });

  it('issues a new key to the same owner when the key file is lost or its key revoked', async () => {
    const first = await ensureOwner(new SqliteStore(ledger), home.dir);
    ledger.credits.charge(first.accountId, 3, 'r');
    rmSync(join(home.dir, 'owner-key'));
    const afterLoss = await ensureOwner(new SqliteStore(ledger), home.dir);
    expect(afterLoss.key).not.toBe(first.key);
    ledger.keys.revoke(afterLoss.key.slice(0, 16));
    const afterRevoke = await ensureOwner(new SqliteStore(ledger), home.dir);
    expect(afterRevoke.key).not.toBe(afterLoss.key);
    expect(new Set([first.accountId, afterLoss.accountId, afterRevoke.accountId]).size).toBe(1);
    expect(ledger.credits.balance(first.accountId)).toBe(OWNER_CREDITS - 3);
  });

  it('refuses a ledger without an owner next to an owner-key file, and creates nothing', async () => {
    const first = await ensureOwner(new SqliteStore(ledger), home.dir);
    ledger.close();
    rmSync(ledgerFile(home.dir));
    ledger = Ledger.open(ledgerFile(home.dir));
    await expect(ensureOwner(new SqliteStore(ledger), home.dir)).rejects.toThrow(LostLedgerError);
    expect(ledger.accounts.findOwner()).toBeUndefined();
    expect(readFileSync(ownerKeyFile(home.dir), 'utf8').trim()).toBe(first.key);
  });
});
