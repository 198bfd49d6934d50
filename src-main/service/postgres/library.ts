// The desk's library on PostgreSQL (ledger/library.ts is the SQLite twin): cached transcripts and
// finished podcast episodes, searched with PostgreSQL's text search (migration 003).
import type { PlatformToken } from '#shared/platforms';
import { provenanceOfColumn } from '../store/provenanceColumn';
import { recordText } from '../store/transcriptRecord';
import { HIT_END, HIT_START, SEARCH_COUNT_CAP, type LibraryRow, type LibraryStore } from '../store/transcripts';
import type { Sql } from './sql';

/** Characters of the text a listing (no search) shows, as the SQLite library does. */
const LISTING_SNIPPET_CHARS = 240;

/**
 * Accents off (NFD, then the combining marks dropped), as the SQLite index's remove_diacritics
 * does: in Node, not with PostgreSQL's unaccent, so the team's server needs no extension. The
 * indexed words and the searched ones go through it alike.
 */
export const searchable = (text: string) => text.normalize('NFD').replace(/\p{M}+/gu, '');

/** The words of a transcript, as stored beside its cache row; the title weighs more in the ranking. */
export const WORDS = "setweight(to_tsvector('simple', $1), 'A') || setweight(to_tsvector('simple', $2), 'B')";
export const wordsOf = (title: string | null, text: string) => [searchable(title ?? ''), searchable(text)];

/**
 * The library's query syntax (desk/library/search.ts toFtsQuery: every term quoted, `"a b"` a
 * phrase, a last `"word"*` a prefix, all terms required; or quoted terms joined by ` OR `, any of
 * them: desk/ask/question.ts anyWordsQuery) as a tsquery. Only letters and digits reach the tsquery
 * text, so no input can make a syntax error. Null when nothing searchable is left.
 */
export function toTsQuery(match: string): string | null {
  const terms: string[] = [];
  for (const term of match.matchAll(/"([^"]*)"(\*?)/g)) {
    const words = searchable(term[1] ?? '').match(/[\p{L}\p{N}]+/gu);
    if (words === null) continue;
    const phrase = words.map((w) => `'${w.toLowerCase()}'`).join(' <-> ');
    terms.push(term[2] === '*' && words.length === 1 ? `${phrase}:*` : words.length > 1 ? `(${phrase})` : phrase);
  }
  if (terms.length === 0) {
    // Not in the quoted form (a caller that passed words as typed): every word required.
    for (const word of searchable(match).match(/[\p{L}\p{N}]+/gu) ?? []) terms.push(`'${word.toLowerCase()}'`);
  }
  const any = /^\s*"[^"]*"(\s+OR\s+"[^"]*")+\s*$/.test(match);
  return terms.length === 0 ? null : terms.join(any ? ' | ' : ' & ');
}

interface Row {
  id: number;
  kind: 'transcript' | 'episode';
  platform: PlatformToken;
  ref_key: string;
  created_at: number;
  title: string | null;
  subtitle: string | null;
  source_url: string | null;
  has_timing: boolean;
  provenance: unknown;
  /** A transcript's record, or null for an episode (its text is `episode_text`). */
  record: Buffer | null;
  episode_text: string | null;
}

const textOf = (r: Row) => (r.record === null ? (r.episode_text ?? '') : recordText(r.record));

const toRow = (r: Row, snippet: string): LibraryRow => ({
  id: r.id,
  kind: r.kind,
  platform: r.platform,
  refKey: r.ref_key,
  title: r.title === '' ? null : r.title,
  subtitle: r.subtitle,
  sourceUrl: r.source_url,
  snippet,
  hasTiming: r.has_timing,
  createdAt: r.created_at,
  provenance: provenanceOfColumn(r.provenance),
});

// The entry's own columns, and the title, show and source of the transcript or episode it indexes.
const FROM = `FROM library_entries e
  LEFT JOIN transcripts t ON e.kind = 'transcript' AND t.platform = e.platform AND t.canonical_key = e.ref_key
  LEFT JOIN transcript_records r ON r.id = t.id
  LEFT JOIN podcast_episodes p ON e.kind = 'episode' AND p.episode_key = e.ref_key`;
const COLUMNS = `e.id, e.kind, e.platform, e.ref_key, e.created_at, COALESCE(t.title, p.title) AS title, p.show_title AS subtitle,
  COALESCE(t.source_url, p.audio_url) AS source_url, COALESCE(t.has_timing, p.segments IS NOT NULL AND p.segments <> '[]') AS has_timing,
  COALESCE(t.provenance, p.provenance) AS provenance`;
/** The entry's provenance by a lookup of its own, so the filter needs none of the joins (the count reads only library_entries). */
const ENTRY_PROVENANCE = `CASE e.kind WHEN 'transcript' THEN (SELECT pt.provenance FROM transcripts pt WHERE pt.platform = e.platform AND pt.canonical_key = e.ref_key)
  ELSE (SELECT pp.provenance FROM podcast_episodes pp WHERE pp.episode_key = e.ref_key) END`;
/** What a page's snippets are made from: the record, or the episode's text. */
const TEXTS = 'r.record, p.transcript AS episode_text';

/** ts_headline's options: the port's hit markers, one fragment about as long as SQLite's 24-token snippet. */
const HEADLINE = `StartSel=${HIT_START}, StopSel=${HIT_END}, MaxWords=24, MinWords=12, ShortWord=0, MaxFragments=1, FragmentDelimiter=…`;

export function pgLibrary(sql: Sql): LibraryStore {
  return {
    async search(filter) {
      const where = ['NOT e.hidden'];
      const params: unknown[] = [];
      const param = (value: unknown) => `$${params.push(value)}`;
      if (filter.platform !== null) where.push(`e.platform = ${param(filter.platform)}`);
      if (filter.provenance === 'unknown') where.push(`(${ENTRY_PROVENANCE}) IS NULL`);
      else if (filter.provenance != null) where.push(`(${ENTRY_PROVENANCE}) ->> 'kind' = ${param(filter.provenance)}`);
      if (filter.from !== null) where.push(`e.created_at >= ${param(filter.from)}`);
      if (filter.to !== null) where.push(`e.created_at <= ${param(filter.to)}`);
      const query = filter.match === null ? null : toTsQuery(filter.match);
      if (filter.match !== null && query === null) return { total: 0, rows: [] };

      if (query === null) {
        const clause = where.join(' AND ');
        const [count] = await sql.query<{ n: number }>(`SELECT COUNT(*) AS n FROM library_entries e WHERE ${clause}`, params);
        const rows = await sql.query<Row>(
          `SELECT ${COLUMNS}, ${TEXTS} ${FROM} WHERE ${clause} ORDER BY e.created_at DESC, e.id DESC LIMIT ${param(filter.limit)} OFFSET ${param(filter.offset)}`,
          params,
        );
        return { total: count?.n ?? 0, rows: rows.map((r) => toRow(r, textOf(r).slice(0, LISTING_SNIPPET_CHARS))) };
      }

      const q = `to_tsquery('simple', ${param(query)})`;
      const clause = [`e.words @@ ${q}`, ...where].join(' AND ');
      // Counted up to one past the cap: past it, "more than SEARCH_COUNT_CAP" is all a person reads.
      const [count] = await sql.query<{ n: number }>(`SELECT COUNT(*) AS n FROM (SELECT 1 FROM library_entries e WHERE ${clause} LIMIT ${SEARCH_COUNT_CAP + 1}) m`, params);
      const counted = count?.n ?? 0;
      const many = counted > SEARCH_COUNT_CAP;
      // Up to the cap the best matches first; past it, ranking would score every match before the
      // first row, so the most recently added come first instead.
      const order = many ? 'e.id DESC' : `ts_rank(e.words, ${q}) DESC, e.created_at DESC, e.id DESC`;
      const rows = await sql.query<Row>(`SELECT ${COLUMNS}, ${TEXTS} ${FROM} WHERE ${clause} ORDER BY ${order} LIMIT ${param(filter.limit)} OFFSET ${param(filter.offset)}`, params);
      // The server has no text to mark hits in (only the compressed records): the page's texts go
      // to it once, for this page only.
      const texts = rows.map(textOf);
      const snippets =
        rows.length === 0
          ? []
          : await sql.query<{ snippet: string }>(
              `SELECT ts_headline('simple', u.text, to_tsquery('simple', $1), $2) AS snippet FROM unnest($3::text[]) WITH ORDINALITY AS u(text, n) ORDER BY u.n`,
              [query, HEADLINE, texts],
            );
      // Past the cap the total is a lower bound that stays ahead of a full page, so "show more" stays.
      const total = many ? Math.max(counted, filter.offset + rows.length + (rows.length === filter.limit ? 1 : 0)) : counted;
      return { total, rows: rows.map((r, i) => toRow(r, snippets[i]?.snippet ?? '')) };
    },

    async get(id) {
      const [row] = await sql.query<Row>(`SELECT ${COLUMNS}, NULL AS record, NULL AS episode_text ${FROM} WHERE e.id = $1 AND NOT e.hidden`, [id]);
      return row && toRow(row, '');
    },

    // A cached transcript leaves the shared cache with its short-link aliases (fetching it again
    // charges again; its entry follows, migration 003's trigger); a podcast episode is only
    // hidden, because its job record must keep answering.
    delete: (ids) =>
      sql.unit(async (s) => {
        const gone = await s.query<{ id: number; kind: 'transcript' | 'episode'; platform: string; ref_key: string }>(
          'SELECT id, kind, platform, ref_key FROM library_entries WHERE id = ANY($1::bigint[]) AND NOT hidden',
          [ids],
        );
        for (const { id, kind, platform, ref_key: key } of gone) {
          if (kind === 'episode') {
            await s.query('UPDATE library_entries SET hidden = TRUE WHERE id = $1', [id]);
            continue;
          }
          await s.query('DELETE FROM transcript_aliases WHERE platform = $1 AND canonical_key = $2', [platform, key]);
          await s.query('DELETE FROM transcripts WHERE platform = $1 AND canonical_key = $2', [platform, key]);
        }
        return gone.length;
      }, true),
  };
}
