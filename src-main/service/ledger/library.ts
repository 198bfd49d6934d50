import type Database from 'better-sqlite3';
import type { PlatformToken } from '#shared/platforms';
import { HIT_END, HIT_START, SEARCH_COUNT_CAP, type LibraryFilter, type LibraryRow } from '../store/transcripts';
import { provenanceOfColumn } from '../store/provenanceColumn';
import type { LibraryIndexer } from './libraryIndex';



interface Row {
  id: number;
  kind: 'transcript' | 'episode';
  platform: PlatformToken;
  ref_key: string;
  created_at: number;
  title: string | null;
  subtitle: string | null;
  source_url: string | null;
  has_timing: number;
  provenance: string | null;
  snippet: string;
}

const toRow = (r: Row): LibraryRow => ({
  id: r.id,
  kind: r.kind,
  platform: r.platform,
  refKey: r.ref_key,
  title: r.title === '' ? null : r.title,
  subtitle: r.subtitle,
  sourceUrl: r.source_url,
  snippet: r.snippet,
  hasTiming: r.has_timing === 1,
  createdAt: r.created_at,
  provenance: provenanceOfColumn(r.provenance),
});

// The entry's own columns, and the title, show and source of the transcript or episode it indexes.
const COLUMNS = `e.id, e.kind, e.platform, e.ref_key, e.created_at,
  COALESCE(t.title, p.title) AS title,
  p.show_title AS subtitle,
  COALESCE(t.source_url, p.audio_url) AS source_url,
  COALESCE(t.has_timing, p.segments IS NOT NULL AND p.segments != '[]') AS has_timing,
  COALESCE(t.provenance, p.provenance) AS provenance`;
/**
 * The entry's provenance by a lookup of its own, so the filter needs none of the joins: the count
 * and the full-text page read only library_entries.
 */
const ENTRY_PROVENANCE = `CASE e.kind WHEN 'transcript' THEN (SELECT pt.provenance FROM transcripts pt WHERE pt.platform = e.platform AND pt.canonical_key = e.ref_key)
  ELSE (SELECT pp.provenance FROM podcast_episodes pp WHERE pp.episode_key = e.ref_key) END`;
const JOINS = `LEFT JOIN transcripts t ON e.kind = 'transcript' AND t.platform = e.platform AND t.canonical_key = e.ref_key
  LEFT JOIN podcast_episodes p ON e.kind = 'episode' AND p.episode_key = e.ref_key`;
/** The entry's text (what library_content has for it), read for this row only. */
const TEXT = `CASE WHEN e.kind = 'transcript' THEN (SELECT transcript_text(r.record) FROM transcript_records r WHERE r.id = t.id) ELSE p.transcript END`;
/** The entry has indexed text (library_content has its row), decided without reading the text. */
const HAS_TEXT = `(t.id IS NOT NULL OR (p.status = 'done' AND p.transcript IS NOT NULL))`;

/**
 * The library's index (migrations 004 and 006): search, read, delete. Triggers keep it in step with
 * the cache; it holds no text of its own but reads it from library_content (the compressed records).
 */
export class Library {
  constructor(
    private readonly db: Database.Database,
    private readonly index: LibraryIndexer,
  ) {}

  search(filter: LibraryFilter): { total: number; rows: LibraryRow[] } {
    const where: string[] = ['e.hidden = 0'];
    const params: Record<string, unknown> = { limit: filter.limit, offset: filter.offset };
    if (filter.platform !== null) {
      where.push('e.platform = @platform');
      params.platform = filter.platform;
    }
    if (filter.provenance === 'unknown') where.push(`(${ENTRY_PROVENANCE}) IS NULL`);
    else if (filter.provenance != null) {
      where.push(`json_extract(${ENTRY_PROVENANCE}, '$.kind') = @provenance`);
      params.provenance = filter.provenance;
    }
    if (filter.from !== null) {
      where.push('e.created_at >= @from');
      params.from = filter.from;
    }
    if (filter.to !== null) {
      where.push('e.created_at <= @to');
      params.to = filter.to;
    }
    if (filter.match === null) {
      const clause = where.join(' AND ');
      const total = (this.db.prepare(`SELECT COUNT(*) FROM library_entries e WHERE ${clause}`).pluck().get(params) as number) ?? 0;
      // The page first, then its texts: a text is decompressed only for the rows shown (the
      // sorter would otherwise compute the snippet of every entry before LIMIT applies).
      const rows = this.db
        .prepare(
          `WITH page AS MATERIALIZED (SELECT e.id FROM library_entries e ${JOINS} WHERE ${clause} AND ${HAS_TEXT} ORDER BY e.created_at DESC, e.id DESC LIMIT @limit OFFSET @offset)
           SELECT ${COLUMNS}, substr(${TEXT}, 1, 240) AS snippet FROM page JOIN library_entries e ON e.id = page.id ${JOINS}
           ORDER BY e.created_at DESC, e.id DESC`,
        )
        .all(params) as Row[];
      return { total, rows: rows.map(toRow) };
    }
    params.match = filter.match;
    // A transcript delivered a moment ago may still wait for the index (libraryIndex.ts).
    this.index.indexMarked();
    const clause = ['library_fts MATCH @match', ...where].join(' AND ');
    const matches = `FROM library_fts f JOIN library_entries e ON e.id = f.rowid WHERE ${clause}`;
    // Counted up to one past the cap: past it, "more than SEARCH_COUNT_CAP" is all a person reads.
    const counted = this.db.prepare(`SELECT COUNT(*) FROM (SELECT 1 ${matches} LIMIT ${SEARCH_COUNT_CAP + 1})`).pluck().get(params) as number;
    const many = counted > SEARCH_COUNT_CAP;
    // Up to the cap, the best matches first (ranking that many is bounded work). Past it, ranking
    // would score every match before the first row comes out (225 ms for "the" at 100k
    // transcripts): the most recently added come first instead, which FTS5 reads in rowid order
    // and stops after the page.
    const order = many ? 'ORDER BY f.rowid DESC' : 'ORDER BY f.rank, e.created_at DESC';
    const rows = this.db
      .prepare(
        `WITH page AS MATERIALIZED (SELECT f.rowid AS id, ${many ? 'f.rowid' : 'f.rank'} AS rank, e.created_at AS created_at ${matches} ${order} LIMIT @limit OFFSET @offset)
         SELECT ${COLUMNS}, '' AS snippet
         FROM page JOIN library_entries e ON e.id = page.id ${JOINS}
         ORDER BY ${many ? 'page.rank DESC' : 'page.rank, page.created_at DESC'}`,
      )
      .all(params) as Row[];
    // Snippets in one pass of the match over the page's rowid range: a correlated query per row
    // ran the whole match again for each of the page's rows (a typed prefix such as "r*" merges the
    // lists of every word it starts: 0.9 s at 1,000 transcripts, linear in the library). The range
    // holds the page's rows and, for a ranked page, other matches between them, at most the count
    // cap's worth, whose texts are not read; past the cap the page is the newest and the range is the page.
    if (rows.length > 0) {
      const ids = rows.map((r) => r.id);
      const snippets = new Map(
        (this.db
          // `+rowid IN`: a filter FTS5 does not take as a lookup per id (each would run the match
          // again); rows of the range not on the page are dropped before their snippet is made.
          .prepare(
            `SELECT rowid AS id, snippet(library_fts, 1, '${HIT_START}', '${HIT_END}', '…', 24) AS snippet FROM library_fts
             WHERE library_fts MATCH @match AND rowid >= @low AND rowid <= @high AND +rowid IN (SELECT value FROM json_each(@ids))`,
          )
          .all({ match: filter.match, low: Math.min(...ids), high: Math.max(...ids), ids: JSON.stringify(ids) }) as { id: number; snippet: string }[])
          .map((r) => [r.id, r.snippet]),
      );
      for (const row of rows) row.snippet = snippets.get(row.id) ?? '';
    }
    // Past the cap the total is a lower bound that stays ahead of a full page, so "show more" stays.
    const total = many ? Math.max(counted, filter.offset + rows.length + (rows.length === filter.limit ? 1 : 0)) : counted;
    return { total, rows: rows.map(toRow) };
  }

  get(id: number): LibraryRow | undefined {
    const row = this.db.prepare(`SELECT ${COLUMNS}, '' AS snippet FROM library_entries e ${JOINS} WHERE e.id = ? AND e.hidden = 0`).get(id) as Row | undefined;
    return row && toRow(row);
  }

  /**
   * Deletes transcripts from the library. A cached transcript leaves the shared cache (with its
   * short-link aliases), so fetching it again fetches and charges again; a podcast episode is only
   * hidden, because its job record must keep answering with its transcript.
   */
  delete(ids: readonly number[]): number {
    return this.db
      .transaction(() => {
        let deleted = 0;
        for (const id of ids) {
          const entry = this.db.prepare('SELECT kind, platform, ref_key FROM library_entries WHERE id = ? AND hidden = 0').get(id) as
            | { kind: 'transcript' | 'episode'; platform: string; ref_key: string }
            | undefined;
          if (entry === undefined) continue;
          if (entry.kind === 'transcript') {
            this.db.prepare('DELETE FROM transcript_aliases WHERE platform = ? AND canonical_key = ?').run(entry.platform, entry.ref_key);
            this.db.prepare('DELETE FROM transcripts WHERE platform = ? AND canonical_key = ?').run(entry.platform, entry.ref_key);
          } else {
            // Its trigger takes it out of the index (migration 006).
            this.db.prepare('UPDATE library_entries SET hidden = 1 WHERE id = ?').run(id);
          }
          deleted++;
        }
        return deleted;
      })
      .immediate();
  }
}
