// The shared transcript cache on PostgreSQL (ledger/transcriptCache.ts is the SQLite twin): the
// same stored record (service/store/transcriptRecord.ts, in a BYTEA), the same footprint and the
// same eviction. Writes of several statements (put, evict, prune) hold the store's lock, as the
// port's transactions do: a delivery that found an item missing inside its transaction still finds
// it missing when it writes it, whichever node stored something meanwhile.
import type { LibraryPlatform } from '#shared/platforms';
import { footprintOf } from '../store/footprint';
import { provenanceColumn, provenanceOfColumn } from '../store/provenanceColumn';
import { decodeRecord, encodeRecord } from '../store/transcriptRecord';
import type { CacheStats, TranscriptCacheStore } from '../store/transcripts';
import { WORDS, wordsOf } from './library';
import type { Sql } from './sql';

/** A cache hit marks the transcript used at most this often: a hit stays a read, nearly always. */
const USE_MARK_INTERVAL_MS = 60_000;
/** Past the limit, evict down to this share of it, so the next eviction is not at the next put. */
const EVICT_DOWN_TO = 0.9;
/** … but no more than this at once, so a large cache does not stall a fetch. */
const EVICT_BATCH_MAX_BYTES = 4_000_000;
/** Eviction candidates read per query. */
const VICTIM_PAGE = 500;

interface Row {
  id: number;
  platform: LibraryPlatform;
  canonical_key: string;
  source_url: string;
  title: string | null;
  created_at: number;
  used_at: number;
  provenance: unknown;
  record: Buffer;
}

/** The process's side of the limit: the `cache.maxBytes` setting as read now, and this process's override. */
export interface CacheLimit {
  /** Read through the caller's `Sql`: inside a transaction, on its connection. */
  setting(sql: Sql): Promise<number | null>;
  override: number | null | undefined;
}

/** An alias row (short link → item) is followed in the same query, so a hit costs one lookup. */
const CANONICAL = 'COALESCE((SELECT canonical_key FROM transcript_aliases WHERE platform = $1 AND alias_key = $2), $2)';

export function pgTranscriptCache(sql: Sql, limitOf: CacheLimit): TranscriptCacheStore {
  const limitOn = async (s: Sql) => (limitOf.override === undefined ? { bytes: await limitOf.setting(s), overridden: false } : { bytes: limitOf.override, overridden: true });

  const stats = async (s: Sql): Promise<CacheStats> => {
    const [row] = await s.query<CacheStats>('SELECT transcripts, kept, bytes FROM transcript_totals');
    return row ?? { transcripts: 0, kept: 0, bytes: 0 };
  };

  const deleteAll = async (s: Sql, ids: readonly number[]) => {
    if (ids.length === 0) return;
    await s.query(
      `DELETE FROM transcript_aliases a USING transcripts t
       WHERE t.id = ANY($1::bigint[]) AND a.platform = t.platform AND a.canonical_key = t.canonical_key`,
      [ids],
    );
    // Its record goes with it (ON DELETE CASCADE), its totals with the trigger.
    await s.query('DELETE FROM transcripts WHERE id = ANY($1::bigint[])', [ids]);
  };

  /** Evicts least recently used, not kept, never `spare`, down to EVICT_DOWN_TO of the limit. Runs under the store's lock. */
  const evict = async (s: Sql, spare: number): Promise<number> => {
    const { bytes: max } = await limitOn(s);
    if (max === null) return 0;
    const { bytes } = await stats(s);
    if (bytes <= max) return 0;
    const goal = Math.floor(Math.max(max * EVICT_DOWN_TO, max - EVICT_BATCH_MAX_BYTES));
    const victims: number[] = [];
    let left = bytes;
    let after = { usedAt: Number.MIN_SAFE_INTEGER, id: 0 };
    while (left > goal) {
      const rows = await s.query<{ id: number; bytes: number; used_at: number }>(
        'SELECT id, bytes, used_at FROM transcripts WHERE NOT kept AND id <> $1 AND (used_at, id) > ($2, $3) ORDER BY used_at, id LIMIT $4',
        [spare, after.usedAt, after.id, VICTIM_PAGE],
      );
      for (const row of rows) {
        if (left <= goal) break;
        victims.push(row.id);
        left -= row.bytes;
      }
      const last = rows.at(-1);
      if (rows.length < VICTIM_PAGE || last === undefined) break;
      after = { usedAt: last.used_at, id: last.id };
    }
    await deleteAll(s, victims);
    return victims.length;
  };

  const staleRows = (s: Sql, before: number) =>
    s.query<{ id: number; platform: LibraryPlatform; canonical_key: string; title: string | null; bytes: number; used_at: number }>(
      'SELECT id, platform, canonical_key, title, bytes, used_at FROM transcripts WHERE NOT kept AND used_at < $1 ORDER BY used_at, id',
      [before],
    );

  return {
    async get(platform, key) {
      const [row] = await sql.query<Row>(
        `SELECT t.id, t.platform, t.canonical_key, t.source_url, t.title, t.created_at, t.used_at, t.provenance, r.record
         FROM transcripts t JOIN transcript_records r ON r.id = t.id
         WHERE t.platform = $1 AND t.canonical_key = ${CANONICAL}`,
        [platform, key],
      );
      if (row === undefined) return undefined;
      const now = Date.now();
      if (now - row.used_at >= USE_MARK_INTERVAL_MS) await sql.query('UPDATE transcripts SET used_at = $1 WHERE id = $2 AND used_at < $1', [now, row.id]);
      const { body, text, segments } = decodeRecord(row.record);
      return { platform: row.platform, canonicalKey: row.canonical_key, sourceUrl: row.source_url, title: row.title, body, text, segments, provenance: provenanceOfColumn(row.provenance), createdAt: row.created_at };
    },

    async put(entry, aliasKey) {
      const record = encodeRecord({ body: entry.body, text: entry.text, segments: entry.segments });
      const hasTiming = entry.segments !== null && entry.segments.length > 0;
      const bytes = footprintOf(record, entry.text);
      await sql.unit(async (s) => {
        const now = Date.now();
        // A refetch replaces what the item was; whether it is kept stays as it was.
        const [row] = await s.query<{ id: number }>(
          `INSERT INTO transcripts (platform, canonical_key, source_url, title, has_timing, bytes, created_at, used_at, provenance)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $8::jsonb)
           ON CONFLICT (platform, canonical_key) DO UPDATE SET source_url = excluded.source_url, title = excluded.title,
             has_timing = excluded.has_timing, bytes = excluded.bytes, created_at = excluded.created_at, used_at = excluded.used_at,
             provenance = excluded.provenance
           RETURNING id`,
          [entry.platform, entry.canonicalKey, entry.sourceUrl, entry.title, hasTiming, bytes, now, provenanceColumn(entry.provenance)],
        );
        const id = (row as { id: number }).id;
        await s.query('INSERT INTO transcript_records (id, record) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET record = excluded.record', [id, record]);
        // The library's entry, its words indexed in this same write: a search right after the
        // commit finds it, on any node.
        await s.query(
          `INSERT INTO library_entries (kind, platform, ref_key, created_at, words) VALUES ('transcript', $3, $4, $5, ${WORDS})
           ON CONFLICT (kind, platform, ref_key) DO UPDATE SET created_at = excluded.created_at, words = excluded.words`,
          [...wordsOf(entry.title, entry.text), entry.platform, entry.canonicalKey, now],
        );
        if (aliasKey !== undefined && aliasKey !== entry.canonicalKey) await addAlias(s, entry.platform, aliasKey, entry.canonicalKey);
        await evict(s, id);
      }, true);
    },

    addAlias: (platform, aliasKey, canonicalKey) => addAlias(sql, platform, aliasKey, canonicalKey),

    async keep(platform, key) {
      await sql.query(`UPDATE transcripts SET kept = TRUE WHERE platform = $1 AND NOT kept AND canonical_key = ${CANONICAL}`, [platform, key]);
    },

    // eslint-disable-next-line @typescript-eslint/require-await -- the port's shape; nothing to ask the database
    async overrideLimit(bytes) {
      limitOf.override = bytes;
    },
    limit: () => limitOn(sql),
    stats: () => stats(sql),
    evictPastLimit: () => sql.unit((s) => evict(s, -1), true),

    async stale(before) {
      return (await staleRows(sql, before)).map((r) => ({ platform: r.platform, canonicalKey: r.canonical_key, title: r.title, bytes: r.bytes, usedAt: r.used_at }));
    },
    prune: (before) =>
      sql.unit(async (s) => {
        const ids = (await staleRows(s, before)).map((r) => r.id);
        await deleteAll(s, ids);
        return ids.length;
      }, true),
  };
}

async function addAlias(sql: Sql, platform: LibraryPlatform, aliasKey: string, canonicalKey: string): Promise<void> {
  if (aliasKey === canonicalKey) return;
  await sql.query(
    'INSERT INTO transcript_aliases (platform, alias_key, canonical_key) VALUES ($1, $2, $3) ON CONFLICT (platform, alias_key) DO UPDATE SET canonical_key = excluded.canonical_key',
    [platform, aliasKey, canonicalKey],
  );
}
