import type Database from 'better-sqlite3';
import type { LibraryPlatform } from '#shared/platforms';
import type { CachedTranscript, CacheStats, NewCachedTranscript, StaleTranscript } from '../store/transcripts';
import { provenanceColumn, provenanceOfColumn } from '../store/provenanceColumn';
import { footprintOf } from '../store/footprint';
import type { LibraryIndexer } from './libraryIndex';
import { decodeRecord, encodeRecord } from '../store/transcriptRecord';


/** A cache hit marks the transcript used at most this often: a hit stays a read, nearly always. */
export const USE_MARK_INTERVAL_MS = 60_000;
/**
 * Past the limit, transcripts are evicted until the cache is back under this share of it, so the
 * next eviction comes after a tenth of the limit's worth of new transcripts, not after the next one.
 */
export const EVICT_DOWN_TO = 0.9;
/** … but no more than this at once, so a large cache does not stall a fetch for a big batch. */
export const EVICT_BATCH_MAX_BYTES = 4_000_000;
/** The least merge work worth asking FTS5 for (its own default step is 64 pages). */
const MIN_MERGE_PAGES = 64;

interface Row {
  id: number;
  platform: LibraryPlatform;
  canonical_key: string;
  source_url: string;
  title: string | null;
  created_at: number;
  used_at: number;
  provenance: string | null;
  record: Buffer;
}

export class TranscriptCache {
  private readonly lookup;
  private readonly findId;
  private readonly insertRow;
  private readonly updateRow;
  private readonly insertRecord;
  private readonly updateRecord;
  private readonly markUsed;
  private readonly alias;
  private readonly markKept;
  private readonly total;
  private readonly oldest;
  private readonly remove;
  private readonly staleRows;
  private readonly mergeIndex;
  private readonly optimizeIndex;
  private limitOf: () => number | null = () => null;
  private override: number | null | undefined;

  constructor(
    private readonly db: Database.Database,
    private readonly index: LibraryIndexer,
  ) {
    // An alias row (short link → item) is followed in the same query so a hit costs one lookup.
    this.lookup = db.prepare<[{ platform: string; key: string }], Row>(
      `SELECT t.id, t.platform, t.canonical_key, t.source_url, t.title, t.created_at, t.used_at, t.provenance, r.record
       FROM transcripts t JOIN transcript_records r ON r.id = t.id
       WHERE t.platform = @platform
         AND t.canonical_key = COALESCE((SELECT canonical_key FROM transcript_aliases WHERE platform = @platform AND alias_key = @key), @key)`,
    );
    this.findId = db.prepare<[string, string], number>('SELECT id FROM transcripts WHERE platform = ? AND canonical_key = ?').pluck();
    this.insertRow = db.prepare(
      `INSERT INTO transcripts (platform, canonical_key, source_url, title, has_timing, bytes, created_at, used_at, provenance)
       VALUES (@platform, @canonicalKey, @sourceUrl, @title, @hasTiming, @bytes, @now, @now, @provenance)`,
    );
    // A refetch replaces what the item was; whether it is kept stays as it was.
    this.updateRow = db.prepare(
      'UPDATE transcripts SET source_url = @sourceUrl, title = @title, has_timing = @hasTiming, bytes = @bytes, created_at = @now, used_at = @now, provenance = @provenance WHERE id = @id',
    );
    this.insertRecord = db.prepare<[number, Buffer]>('INSERT INTO transcript_records (id, record) VALUES (?, ?)');
    this.updateRecord = db.prepare<[Buffer, number]>('UPDATE transcript_records SET record = ? WHERE id = ?');
    this.markUsed = db.prepare<[number, number]>('UPDATE transcripts SET used_at = ? WHERE id = ?');
    this.alias = db.prepare('INSERT OR REPLACE INTO transcript_aliases (platform, alias_key, canonical_key) VALUES (?, ?, ?)');
    this.markKept = db.prepare<[{ platform: string; key: string }]>(
      `UPDATE transcripts SET kept = 1
       WHERE platform = @platform AND kept = 0
         AND canonical_key = COALESCE((SELECT canonical_key FROM transcript_aliases WHERE platform = @platform AND alias_key = @key), @key)`,
    );
    this.total = db.prepare<[], { transcripts: number; kept: number; bytes: number }>(
      // Kept by triggers (migration 008): one row, not a scan of every transcript.
      'SELECT transcripts, kept, bytes FROM transcript_totals',
    );
    this.oldest = db.prepare<[number], { id: number; bytes: number }>('SELECT id, bytes FROM transcripts WHERE kept = 0 AND id != ? ORDER BY used_at, id');
    this.remove = db.prepare<[number]>('DELETE FROM transcripts WHERE id = ?');
    // A negative page count: merge whatever segments there are, tombstones included (FTS5 'merge').
    this.mergeIndex = db.prepare<[number]>("INSERT INTO library_fts (library_fts, rank) VALUES ('merge', ?)");
    this.optimizeIndex = db.prepare("INSERT INTO library_fts (library_fts) VALUES ('optimize')");
    this.staleRows = db.prepare<[number], { id: number; platform: LibraryPlatform; canonical_key: string; title: string | null; bytes: number; used_at: number }>(
      'SELECT id, platform, canonical_key, title, bytes, used_at FROM transcripts WHERE kept = 0 AND used_at < ? ORDER BY used_at, id',
    );
  }

  /** A hit: the transcript as it was stored, and a use for the cache limit's reckoning. */
  get(platform: LibraryPlatform, key: string): CachedTranscript | undefined {
    const row = this.lookup.get({ platform, key });
    if (row === undefined) return undefined;
    const now = Date.now();
    if (now - row.used_at >= USE_MARK_INTERVAL_MS) this.markUsed.run(now, row.id);
    const { body, text, segments } = decodeRecord(row.record);
    return { platform: row.platform, canonicalKey: row.canonical_key, sourceUrl: row.source_url, title: row.title, body, text, segments, provenance: provenanceOfColumn(row.provenance), createdAt: row.created_at };
  }

  /** Stores (or replaces) a transcript, then evicts past the limit; never the one just stored. */
  put(entry: NewCachedTranscript, aliasKey?: string): void {
    const record = encodeRecord({ body: entry.body, text: entry.text, segments: entry.segments });
    const columns = {
      platform: entry.platform,
      canonicalKey: entry.canonicalKey,
      sourceUrl: entry.sourceUrl,
      title: entry.title,
      hasTiming: entry.segments !== null && entry.segments.length > 0 ? 1 : 0,
      bytes: footprintOf(record, entry.text),
      now: Date.now(),
      provenance: provenanceColumn(entry.provenance),
    };
    // Inside a larger transaction (the cache + charge of a delivery) the library's index follows
    // after its commit; on its own, in this same write (libraryIndex.ts).
    const standalone = !this.db.inTransaction;
    // Immediate: the write lock before the read, so two processes cannot both decide to insert.
    this.db.transaction(() => {
      const known = this.findId.get(entry.platform, entry.canonicalKey);
      let id: number;
      if (known === undefined) {
        id = Number(this.insertRow.run(columns).lastInsertRowid);
        this.insertRecord.run(id, record);
      } else {
        id = known;
        this.updateRow.run({ ...columns, id });
        this.updateRecord.run(record, id);
      }
      if (aliasKey !== undefined && aliasKey !== entry.canonicalKey) this.alias.run(entry.platform, aliasKey, entry.canonicalKey);
      this.evictPastLimit(id);
      if (standalone) this.index.indexMarked();
    }).immediate();
    if (!standalone) this.index.afterCommit();
  }

  /** Files another key (a short link) under an item that is already cached. */
  addAlias(platform: LibraryPlatform, aliasKey: string, canonicalKey: string): void {
    if (aliasKey !== canonicalKey) this.alias.run(platform, aliasKey, canonicalKey);
  }

  /** Keeps a transcript in the desk's library: never evicted, never pruned (README: the cache limit). */
  keep(platform: LibraryPlatform, key: string): void {
    this.markKept.run({ platform, key });
  }

  /** Where the limit comes from (the `cache.maxBytes` setting); null is no limit. */
  useLimit(limit: () => number | null): void {
    this.limitOf = limit;
  }

  /** `serve --cache-max-bytes`: this process's limit whatever the setting says. */
  overrideLimit(bytes: number | null): void {
    this.override = bytes;
  }

  /** The limit in force, and whether it is this process's override. */
  limit(): { bytes: number | null; overridden: boolean } {
    return this.override === undefined ? { bytes: this.limitOf(), overridden: false } : { bytes: this.override, overridden: true };
  }

  stats(): CacheStats {
    return this.total.get() ?? { transcripts: 0, kept: 0, bytes: 0 };
  }

  /**
   * Past the limit, evicts the least recently used transcripts that are not kept (with their
   * aliases) down to EVICT_DOWN_TO of it, never `spare` (the one just stored). Returns how many went.
   */
  evictPastLimit(spare = -1): number {
    const limit = this.limit().bytes;
    if (limit === null) return 0;
    const { bytes } = this.stats();
    if (bytes <= limit) return 0;
    const goal = Math.floor(Math.max(limit * EVICT_DOWN_TO, limit - EVICT_BATCH_MAX_BYTES));
    const victims: number[] = [];
    let left = bytes;
    for (const row of this.oldest.iterate(spare)) {
      if (left <= goal) break;
      victims.push(row.id);
      left -= row.bytes;
    }
    if (victims.length === 0) return 0;
    this.deleteAll(victims);
    // Deleting from FTS5 only adds tombstones; merging segments is what frees their pages. As many
    // index pages merged as the batch freed: measured with an 8 MB cap and 4× that passing
    // through, the file stayed at 1.2× the cap (1.75× without, 1.3× with a full 'optimize' per
    // batch), for 8 ms a batch; the work grows with the batch, not with the index.
    this.mergeIndex.run(-Math.max(MIN_MERGE_PAGES, Math.ceil((bytes - left) / this.pageSize())));
    return victims.length;
  }

  /** Transcripts not kept and not used since `before` (ms since the epoch), oldest first. */
  stale(before: number): StaleTranscript[] {
    return this.staleRows.all(before).map((r) => ({ platform: r.platform, canonicalKey: r.canonical_key, title: r.title, bytes: r.bytes, usedAt: r.used_at }));
  }

  /** Removes what `stale(before)` lists; returns how many went. */
  prune(before: number): number {
    return this.db.transaction(() => {
      const ids = this.staleRows.all(before).map((r) => r.id);
      this.deleteAll(ids);
      // A command a person runs now and then: the index is merged whole, its tombstones gone.
      if (ids.length > 0) this.optimizeIndex.run();
      return ids.length;
    }).immediate();
  }

  private pageSize(): number {
    return this.db.pragma('page_size', { simple: true }) as number;
  }

  private deleteAll(ids: readonly number[]): void {
    if (ids.length === 0) return;
    const aliases = this.db.prepare('DELETE FROM transcript_aliases WHERE platform = ? AND canonical_key = ?');
    const which = this.db.prepare<[number], { platform: string; canonical_key: string }>('SELECT platform, canonical_key FROM transcripts WHERE id = ?');
    this.db.transaction(() => {
      for (const id of ids) {
        const row = which.get(id);
        if (row === undefined) continue;
        aliases.run(row.platform, row.canonical_key);
        // Its record and library entry go with it (migration 006's triggers).
        this.remove.run(id);
      }
    }).immediate();
  }
}
