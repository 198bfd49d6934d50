// The library: FTS5 over the shared cache and finished episodes, kept by triggers; safe queries;
// snippets as text parts; filters; delete.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { snippetParts, toFtsQuery } from '../../src-main/desk/library/search';
import { Ledger } from '#service/ledger/index';
import { HIT_END, HIT_START } from '#service/store/port';
import { migrate } from '#service/ledger/migrate';
import { MIGRATIONS } from '#service/ledger/migrations/index';
import { ledgerFile } from '#service/home';
import { tempHome } from '../helpers/home';
import { finishJob, insertProcessingJob } from '../helpers/podcastRecords';

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

const put = (platform: 'longform' | 'shortform' | 'openvideo', key: string, title: string | null, text: string) =>
  ledger.cache.put({ platform, canonicalKey: key, sourceUrl: `https://example.test/${key}`, title, body: {}, text, segments: [{ text, startMs: 0, endMs: 1000 }] });
const search = (match: string | null, extra: Partial<Parameters<Ledger['library']['search']>[0]> = {}) => ledger.library.search({ match, platform: null, from: null, to: null, limit: 50, offset: 0, ...extra });

describe('query building', () => {
  it('quotes every term, makes the last a prefix, keeps "phrases", and neutralizes FTS5 syntax', () => {
    expect(toFtsQuery('bridge vote')).toBe('"bridge" "vote"*');
    expect(toFtsQuery('bridge vote ')).toBe('"bridge" "vote"');
    expect(toFtsQuery('"the bridge vote" council')).toBe('"the bridge vote" "council"*');
    expect(toFtsQuery('NEAR(a b) OR c* AND -dee "')).toBe('"NEAR" "a" "b" "OR" "c" "AND" "dee"*');
    expect(toFtsQuery('  ... ')).toBeNull();
    expect(toFtsQuery('café naïve')).toBe('"café" "naïve"*');
  });

  it('searches a last word shorter than three letters as that word, not as a prefix (a one-letter prefix reads the whole index)', () => {
    expect(toFtsQuery('r')).toBe('"r"');
    expect(toFtsQuery('open ai')).toBe('"open" "ai"');
    expect(toFtsQuery('ran')).toBe('"ran"*');
    expect(toFtsQuery('été')).toBe('"été"*');
  });

  it('every query built from any input runs without a syntax error', () => {
    put('longform', 'a', 'A', 'something');
    for (const input of ['"', '""', '(', ')*', 'a"b', '^x', 'col:val', '{a b}', 'x + y', "l'été", '🙂 emoji', 'NOT', '*']) {
      const match = toFtsQuery(input);
      expect(() => search(match)).not.toThrow();
    }
  });

  it('snippets become text parts; the renderer never gets markup', () => {
    expect(snippetParts(`the ${HIT_START}bridge${HIT_END} vote <b>x</b>`)).toEqual([
      { text: 'the ', hit: false },
      { text: 'bridge', hit: true },
      { text: ' vote <b>x</b>', hit: false },
    ]);
  });
});

describe('index kept by triggers', () => {
  it('finds what the cache stores, with diacritics folded; a refetch replaces; filters by platform and date', () => {
    put('longform', 'v1', 'Council meeting', 'Tonight the bridge vote, and a café debate.');
    put('shortform', 't1', null, 'Three things about the bridge nobody tells you');
    put('openvideo', 'r1', 'Weather', 'Sunny all week');
    expect(search(toFtsQuery('bridge')).total).toBe(2);
    expect(search(toFtsQuery('cafe')).rows.map((r) => r.refKey)).toEqual(['v1']);
    const hit = search(toFtsQuery('bridge vote')).rows[0];
    expect(hit?.snippet).toContain(`${HIT_START}bridge${HIT_END}`);
    expect(search(toFtsQuery('bridge'), { platform: 'shortform' }).rows.map((r) => r.refKey)).toEqual(['t1']);
    expect(search(null, { from: Date.now() + 60_000 }).total).toBe(0);
    expect(search(null).total).toBe(3);

    put('longform', 'v1', 'Council meeting (fixed)', 'Only rivers now');
    expect(search(toFtsQuery('bridge')).rows.map((r) => r.refKey)).toEqual(['t1']);
    expect(search(toFtsQuery('rivers')).rows[0]?.title).toBe('Council meeting (fixed)');
    expect(search(null).total).toBe(3);
  });

  it('indexes a podcast episode when it is done; deleting hides it but keeps the job record', () => {
    const owner = ledger.accounts.create('pro', 'owner', true);
    ledger.credits.grant(owner.id, 100);
    const job = { jobId: 'j1', accountId: owner.id, episodeKey: 'ep1', title: 'Deep dive', showTitle: 'The Show', durationSeconds: 60, chunksTotal: 1, reserved: 10 };
    insertProcessingJob(ledger, job);
    expect(search(toFtsQuery('submarine')).total).toBe(0);
    finishJob(ledger, job, 'All about submarine cables', 10);
    const [entry] = search(toFtsQuery('submarine')).rows;
    expect(entry).toMatchObject({ kind: 'episode', title: 'Deep dive', subtitle: 'The Show', hasTiming: false });
    expect(ledger.library.delete([entry?.id ?? 0])).toBe(1);
    expect(search(toFtsQuery('submarine')).total).toBe(0);
    expect(ledger.podcastJobs.get('j1', owner.id)?.episode.transcript).toBe('All about submarine cables');
  });

  it('deleting a transcript takes it out of the shared cache and its short-link aliases', () => {
    put('shortform', '7350000000000000001', 'Lisbon', 'Three things');
    ledger.cache.addAlias('shortform', 'short:https://vm.tiktok.com/ZMok0001/', '7350000000000000001');
    const [entry] = search(null).rows;
    expect(ledger.library.delete([entry?.id ?? 0, 999])).toBe(1);
    expect(ledger.cache.get('shortform', '7350000000000000001')).toBeUndefined();
    expect(ledger.cache.get('shortform', 'short:https://vm.tiktok.com/ZMok0001/')).toBeUndefined();
    expect(search(null).total).toBe(0);
  });

  it('indexes what was cached before the library existed (migration 004 backfills)', () => {
    const file = join(home.dir, 'older.sqlite');
    const db = new Database(file);
    migrate(db, MIGRATIONS.filter((m) => m.version < 4));
    db.prepare("INSERT INTO transcripts (platform, canonical_key, source_url, title, body, text, created_at) VALUES ('longform', 'old', 'https://x', 'Old one', '{}', 'legacy words', 1)").run();
    db.close();
    const upgraded = Ledger.open(file);
    try {
      expect(upgraded.library.search({ match: toFtsQuery('legacy'), platform: null, from: null, to: null, limit: 5, offset: 0 }).rows.map((r) => r.title)).toEqual(['Old one']);
    } finally {
      upgraded.close();
    }
  });
});

describe('the index keeps no copy of the text (migration 006)', () => {
  /** FTS5's own check against its content (the compressed records): throws on any drift between the two. */
  const checkIndex = () => ledger.db.prepare("INSERT INTO library_fts (library_fts, rank) VALUES ('integrity-check', 1)").run();

  it('has no content table of its own, and stays exact through refetches, evictions, deletes and episodes', () => {
    const shadow = ledger.db.prepare("SELECT name FROM sqlite_schema WHERE name LIKE 'library_fts_%' ORDER BY name").pluck().all();
    expect(shadow).not.toContain('library_fts_content');

    put('longform', 'v1', 'Council meeting', 'Tonight the bridge vote, and a café debate.');
    put('shortform', 't1', null, 'Three things about the bridge nobody tells you');
    put('longform', 'v1', 'Council meeting (fixed)', 'Only rivers now');
    checkIndex();
    expect(search(toFtsQuery('rivers')).rows.map((r) => [r.title, r.snippet])).toEqual([['Council meeting (fixed)', `Only ${HIT_START}rivers${HIT_END} now`]]);
    expect(search(toFtsQuery('bridge')).rows.map((r) => r.refKey)).toEqual(['t1']);

    // The cache limit evicts the oldest transcript: out of the cache, the library and the index.
    const owner = ledger.accounts.create('pro', 'owner', true);
    ledger.credits.grant(owner.id, 100);
    ledger.db.prepare("UPDATE transcripts SET used_at = 1 WHERE canonical_key = 't1'").run();
    ledger.cache.useLimit(() => ledger.cache.stats().bytes - 1);
    expect(ledger.cache.evictPastLimit()).toBe(1);
    ledger.cache.useLimit(() => null);
    checkIndex();
    expect(search(toFtsQuery('bridge')).total).toBe(0);
    expect(ledger.cache.get('shortform', 't1')).toBeUndefined();

    const job = { jobId: 'j1', accountId: owner.id, episodeKey: 'ep1', title: 'Deep dive', showTitle: 'The Show', durationSeconds: 60, chunksTotal: 1, reserved: 10 };
    insertProcessingJob(ledger, job);
    finishJob(ledger, job, 'All about submarine cables', 10);
    ledger.db.prepare("UPDATE podcast_episodes SET title = 'Deeper dive' WHERE episode_key = 'ep1'").run();
    checkIndex();
    const [episode] = search(toFtsQuery('submarine')).rows;
    expect(episode?.title).toBe('Deeper dive');
    expect(ledger.library.delete([episode?.id ?? 0])).toBe(1);
    checkIndex();
    expect(search(toFtsQuery('submarine')).total).toBe(0);

    const [entry] = search(toFtsQuery('rivers')).rows;
    expect(ledger.library.delete([entry?.id ?? 0])).toBe(1);
    checkIndex();
    expect(search(null).total).toBe(0);
  });

  it('lists or searches a page of a large library reading the texts of that page only', () => {
    for (let i = 0; i < 30; i++) put('longform', `v${i}`, `Talk ${i}`, `words of talk ${i} `.repeat(20));
    let reads = 0;
    // The same one-argument function, counting its calls.
    ledger.db.function('transcript_text', { deterministic: true }, (_record: unknown) => {
      reads++;
      return 'x';
    });
    expect(search(null, { limit: 5 }).rows).toHaveLength(5);
    expect(reads).toBe(5);
    reads = 0;
    const found = search(toFtsQuery('talk'), { limit: 5 });
    expect([found.total, found.rows.length, reads]).toEqual([30, 5, 5]);
  });
});
