// Migration 006 (the compact store) on a ledger written the way the code before it wrote one:
// migrations 001–005, and transcripts stored by that code's own INSERT (copied verbatim below) with
// what the real fetchers hand the cache from the fixture upstream. After the upgrade the server
// answers every one of them from the cache with the very bytes the old code answered, free and
// without asking upstream, and the library finds the same entries with the same snippets.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncPlatformToken } from '#shared/platforms';
import { parseForPlatform } from '#shared/url/parse';
import { toFtsQuery } from '../../src-main/desk/library/search';
import { ledgerFile } from '#service/home';
import { Ledger } from '#service/ledger/index';
import type { LibraryFilter } from '#service/store/port';
import { migrate } from '#service/ledger/migrate';
import { MIGRATIONS } from '#service/ledger/migrations/index';
import type { FetchedTranscript } from '#service/platforms/fetcher';
import { buildFetchers } from '#service/platforms/index';
import { transcriptCacheKey } from '#service/service';
import { createKey, runCli, startServer, type CreatedKey, type ServerProcess } from '../helpers/cli';
import { cliGuardMs } from '../helpers/guards';
import { TEST_UPSTREAM_TIMEOUT_MS } from '../helpers/harness';
import { tempHome } from '../helpers/home';
import { call, post } from '../helpers/http';
import { openTestService } from '../helpers/stt';
import { FACEBOOK_IDS } from '../upstream/hosts/facebook';
import { LINKEDIN_IDS, linkedinPostUrl } from '../upstream/hosts/linkedin';
import { RUMBLE_IDS, rumblePageUrl } from '../upstream/hosts/rumble';
import { TIKTOK_IDS } from '../upstream/hosts/tiktok';
import { YOUTUBE_IDS } from '../upstream/hosts/youtube';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';

/** The cache's statements before migration 006 (transcriptCache.ts), verbatim. */
const OLD_UPSERT = `INSERT INTO transcripts (platform, canonical_key, source_url, title, body, text, segments, created_at)
       VALUES (@platform, @canonicalKey, @sourceUrl, @title, @body, @text, @segments, @createdAt)
       ON CONFLICT (platform, canonical_key) DO UPDATE SET source_url = excluded.source_url, title = excluded.title,
         body = excluded.body, text = excluded.text, segments = excluded.segments, created_at = excluded.created_at`;
const OLD_ALIAS = 'INSERT OR REPLACE INTO transcript_aliases (platform, alias_key, canonical_key) VALUES (?, ?, ?)';

/** The library's queries before migration 006 (library.ts), verbatim but for the parameters' names. */
const OLD_COLUMNS = `e.id, e.kind, e.platform, e.ref_key, e.created_at,
  COALESCE(t.title, p.title) AS title,
  p.show_title AS subtitle,
  COALESCE(t.source_url, p.audio_url) AS source_url,
  (COALESCE(t.segments, p.segments) IS NOT NULL AND COALESCE(t.segments, p.segments) != '[]') AS has_timing`;
const OLD_JOINS = `LEFT JOIN transcripts t ON e.kind = 'transcript' AND t.platform = e.platform AND t.canonical_key = e.ref_key
  LEFT JOIN podcast_episodes p ON e.kind = 'episode' AND p.episode_key = e.ref_key`;
const OLD_LIST = `SELECT ${OLD_COLUMNS}, substr(f.text, 1, 240) AS snippet FROM library_entries e JOIN library_fts f ON f.rowid = e.id ${OLD_JOINS} WHERE e.hidden = 0 ORDER BY e.created_at DESC, e.id DESC LIMIT 50 OFFSET 0`;
const OLD_SEARCH = `SELECT ${OLD_COLUMNS}, snippet(library_fts, 1, '\uE000', '\uE001', '…', 24) AS snippet
         FROM library_fts f JOIN library_entries e ON e.id = f.rowid ${OLD_JOINS}
         WHERE library_fts MATCH @match AND e.hidden = 0 ORDER BY f.rank, e.created_at DESC LIMIT 50 OFFSET 0`;

interface Item {
  platform: SyncPlatformToken;
  url: string;
  lang?: string;
  /** Stored the way an older build shaped it: not derivable, so kept whole. */
  olderShape?: boolean;
}

const ITEMS: Item[] = [
  { platform: 'longform', url: 'https://www.youtube.com/watch?v=realMig0001' },
  { platform: 'longform', url: `https://youtu.be/${YOUTUBE_IDS.manualAndAsr}` },
  { platform: 'longform', url: `https://www.youtube.com/watch?v=${YOUTUBE_IDS.withCaptions}`, lang: 'fr' },
  { platform: 'longform', url: `https://www.youtube.com/watch?v=${YOUTUBE_IDS.json3PastAnHour}` },
  { platform: 'longform', url: `https://www.youtube.com/watch?v=${YOUTUBE_IDS.asrOnly}`, olderShape: true },
  { platform: 'shortform', url: 'https://vm.tiktok.com/ZMok0001/' },
  { platform: 'shortform', url: `https://www.tiktok.com/@traveltok/video/${TIKTOK_IDS.videoNoCaptions}` },
  { platform: 'social', url: `https://www.facebook.com/watch/?v=${FACEBOOK_IDS.legacyWithCaptions}` },
  { platform: 'professional', url: linkedinPostUrl(LINKEDIN_IDS.withCaptions) },
  { platform: 'openvideo', url: rumblePageUrl(RUMBLE_IDS.withCaptions) },
];

interface Stored {
  item: Item;
  platform: SyncPlatformToken;
  key: string;
  requestedKey: string;
  body: string;
  text: string;
  segments: string | null;
}

let fixture: FixtureUpstream;
let home: ReturnType<typeof tempHome>;
let server: ServerProcess | undefined;
let key: CreatedKey;
const stored: Stored[] = [];
const oldLibrary = new Map<string, unknown[]>();
const QUERIES: (string | null)[] = [null];

/** What the fetchers hand the cache (service.ts deliver()), fetched from the fixture upstream. */
async function fetchAll(): Promise<{ item: Item; fetched: FetchedTranscript; canonicalKey: string; requestedKey: string }[]> {
  const scratch = await openTestService({ TRANSCRIPT_DESK_UPSTREAM: fixture.url, TRANSCRIPT_DESK_UPSTREAM_TIMEOUT_MS: String(TEST_UPSTREAM_TIMEOUT_MS) });
  try {
    const fetchers = buildFetchers({ upstream: scratch.upstream, stt: scratch.stt, profile: scratch.profile });
    const out = [];
    for (const item of ITEMS) {
      const parsed = parseForPlatform(item.platform, item.url);
      if (!parsed.ok) throw new Error(parsed.reason);
      const outcome = await fetchers[item.platform].fetch(parsed, { signal: AbortSignal.timeout(30_000), ...(item.lang === undefined ? {} : { lang: item.lang }) });
      if (!outcome.ok) throw new Error(`${item.url}: ${outcome.status} ${outcome.message ?? ''}`);
      const keyOf = (k: string) => transcriptCacheKey(k, item.lang);
      out.push({ item, fetched: outcome.transcript, canonicalKey: keyOf(outcome.transcript.resolvedKey ?? parsed.canonicalKey), requestedKey: keyOf(parsed.canonicalKey) });
    }
    return out;
  } finally {
    await scratch.remove();
  }
}

/** A YouTube body as an older build might have shaped it: m:ss padded to mm:ss. */
function olderShape(body: Record<string, unknown>): Record<string, unknown> {
  const cues = body.transcript as { startTimeText: string }[];
  return { ...body, transcript: cues.map((c) => ({ ...c, startTimeText: c.startTimeText.padStart(5, '0') })) };
}

/** The ledger as the code before migration 006 left it. */
function writeOldLedger(file: string, fetched: Awaited<ReturnType<typeof fetchAll>>): void {
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    migrate(db, MIGRATIONS.filter((m) => m.version <= 5));
    const upsert = db.prepare(OLD_UPSERT);
    const alias = db.prepare(OLD_ALIAS);
    fetched.forEach(({ item, fetched: f, canonicalKey, requestedKey }, i) => {
      const body = item.olderShape === true ? olderShape(f.body) : f.body;
      const row = { platform: item.platform, canonicalKey, sourceUrl: item.url, title: f.title, body: JSON.stringify(body), text: f.text, segments: f.segments === null ? null : JSON.stringify(f.segments), createdAt: 1_700_000_000_000 + i * 1000 };
      upsert.run(row);
      if (requestedKey !== canonicalKey) alias.run(item.platform, requestedKey, canonicalKey);
      stored.push({ item, platform: item.platform, key: canonicalKey, requestedKey, body: row.body, text: row.text, segments: row.segments });
    });
    // A finished podcast episode (its library entry and index row came from migration 004's triggers).
    db.prepare(
      `INSERT INTO podcast_episodes (episode_key, status, title, show_title, artwork_url, duration_seconds, audio_url, chunks_done, chunks_total, transcript, source, segments, created_at, completed_at)
       VALUES ('1000482637777', 'done', 'Harbour talk', 'The Show', 'https://a/b.jpg', 120, 'https://media.fixture.fm/ep.mp3', 1, 1, 'The harbour bridge vote was close, said the mayor.', 'ai', '[{"text":"The harbour bridge vote was close, said the mayor.","startMs":0,"endMs":4000}]', 1, 1_700_000_100_000)`,
    ).run();
    // The desk's queue fetched the TikTok through its short link: that one is kept.
    const tiktok = stored.find((s) => s.item.url.includes('vm.tiktok.com')) as Stored;
    db.prepare(
      `INSERT INTO queue_items (id, position, url, platform, item_id, canonical_key, status, http_status, credits, result_kind, result_key, created_at, updated_at)
       VALUES ('q1', 1, ?, 'shortform', NULL, ?, 'done', 200, 1, 'transcript', ?, 1, 1)`,
    ).run(tiktok.item.url, tiktok.requestedKey, tiktok.requestedKey);

    // Words to search: one from each text, and one the episode shares with some of them.
    for (const s of stored) {
      const word = /[A-Za-z]{5,}/.exec(s.text)?.[0];
      if (word !== undefined) QUERIES.push(toFtsQuery(word));
    }
    QUERIES.push(toFtsQuery('bridge'), toFtsQuery('the'));
    for (const match of QUERIES) oldLibrary.set(String(match), match === null ? db.prepare(OLD_LIST).all() : db.prepare(OLD_SEARCH).all({ match }));
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  fixture = await startFixtureUpstream();
  home = tempHome();
  writeOldLedger(ledgerFile(home.dir), await fetchAll());
  // The first command on the upgraded build migrates the ledger.
  key = await createKey(home.dir, { plan: 'free', credits: 5 });
  server = await startServer(home.dir, { TRANSCRIPT_DESK_UPSTREAM: fixture.url, TRANSCRIPT_DESK_UPSTREAM_TIMEOUT_MS: String(TEST_UPSTREAM_TIMEOUT_MS) });
}, cliGuardMs(3));

afterAll(async () => {
  await server?.stop();
  await fixture.close();
  home.remove();
});

describe('migration 006 on a ledger written by the code before it', () => {
  it('serves every transcript from the cache with the bytes the old code served, free, without asking upstream', async () => {
    const url = (server as ServerProcess).url;
    expect(stored).toHaveLength(ITEMS.length);
    const mark = fixture.requests.length;
    for (const s of stored) {
      const reply = await post(url, `/api/${s.platform}/transcript`, key.key, { url: s.item.url, ...(s.item.lang === undefined ? {} : { lang: s.item.lang }) });
      // The old cache hit: { ...JSON.parse(body), credits, cached: true } as JSON.stringify writes it.
      const expected = JSON.stringify({ ...(JSON.parse(s.body) as Record<string, unknown>), credits: key.credits, cached: true });
      expect(reply.status, s.item.url).toBe(200);
      expect(reply.text, s.item.url).toBe(expected);
    }
    // A short link's alias survived too: the TikTok's own link is the same cache hit.
    const tiktok = stored.find((s) => s.item.url.includes('vm.tiktok.com')) as Stored;
    const direct = await post(url, '/api/shortform/transcript', key.key, { url: `https://www.tiktok.com/@traveltok/video/${TIKTOK_IDS.withCaptions}` });
    expect(direct.text).toBe(JSON.stringify({ ...(JSON.parse(tiktok.body) as Record<string, unknown>), credits: key.credits, cached: true }));
    expect(fixture.requests.slice(mark)).toEqual([]);
    expect((await call(url, 'GET', '/api/balance', { key: key.key })).body.credits).toBe(key.credits);
  });

  it('keeps text and timing (what the desk shows and exports) exactly, and what the desk queue fetched is kept', () => {
    const ledger = Ledger.open(ledgerFile(home.dir));
    try {
      for (const s of stored) {
        const cached = ledger.cache.get(s.platform, s.requestedKey);
        expect(cached?.text, s.item.url).toBe(s.text);
        expect(cached?.segments === null ? null : JSON.stringify(cached?.segments), s.item.url).toBe(s.segments);
        // Nobody recorded where it came from (migration 011): unknown, never a guess.
        expect(cached?.provenance, s.item.url).toBeNull();
      }
      expect(ledger.cache.stats()).toMatchObject({ transcripts: stored.length, kept: 1 });
      const tiktok = stored.find((s) => s.item.url.includes('vm.tiktok.com')) as Stored;
      expect(ledger.db.prepare('SELECT kept FROM transcripts WHERE platform = ? AND canonical_key = ?').pluck().get('shortform', tiktok.key)).toBe(1);
      // The old copies are gone: no body, text or segments column, no index content table.
      expect((ledger.db.pragma('table_info(transcripts)') as { name: string }[]).map((c) => c.name)).not.toContain('body');
      expect(ledger.db.prepare("SELECT name FROM sqlite_schema WHERE name = 'library_fts_content'").get()).toBeUndefined();
      ledger.db.prepare("INSERT INTO library_fts (library_fts, rank) VALUES ('integrity-check', 1)").run();
    } finally {
      ledger.close();
    }
  });

  it('the library lists and finds the same entries with the same snippets', () => {
    const ledger = Ledger.open(ledgerFile(home.dir));
    try {
      expect(QUERIES.length).toBeGreaterThan(stored.length);
      for (const match of QUERIES) {
        const filter: LibraryFilter = { match, platform: null, from: null, to: null, limit: 50, offset: 0 };
        const now = ledger.library.search(filter).rows.map((r) => [r.id, r.kind, r.platform, r.refKey, r.title, r.subtitle, r.sourceUrl, r.snippet, r.hasTiming, r.createdAt]);
        const before = (oldLibrary.get(String(match)) as Record<string, unknown>[]).map((r) => [r.id, r.kind, r.platform, r.ref_key, r.title === '' ? null : r.title, r.subtitle, r.source_url, r.snippet, r.has_timing === 1, r.created_at]);
        expect(before.length, String(match)).toBeGreaterThan(0);
        expect(now, String(match)).toEqual(before);
      }
    } finally {
      ledger.close();
    }
  });

  it('db stats counts what the old ledger held', async () => {
    const stats = await runCli(home.dir, ['db', 'stats', '--json']);
    expect(stats.code, stats.stderr).toBe(0);
    const s = JSON.parse(stats.stdout) as Record<string, unknown> & { rows: Record<string, number> };
    expect(s).toMatchObject({ transcripts: stored.length, kept: 1 });
    expect(s.rows).toMatchObject({ transcripts: stored.length, transcript_records: stored.length, podcast_episodes: 1, queue_items: 1 });
    expect(typeof s.fileBytes).toBe('number');
  });
});
