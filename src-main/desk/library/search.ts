// Library search: what a person types becomes a safe FTS5 query, and FTS5's snippets become
// text parts the renderer draws as text.
import type { LibraryEntry, TextPart } from '#shared/contract/library';
import type { ParsedInput } from '#shared/contract/operations';
import { HIT_END, HIT_START, type LibraryRow } from '#service/store/port';
import { DeskError } from '#shared/contract/result';
import type { DeskDeps } from '../deps';

/**
 * The shortest last word searched as a prefix. FTS5 reads a prefix by merging the lists of every
 * word it starts, so a one- or two-letter prefix costs as much as the library is large ("r" at
 * 100,000 transcripts: 2.4 s, "ra" 0.9 s, on the desk's main process, bench/scale/library.ts);
 * shorter words are searched as the whole word they are ("AI", "Go"), at once.
 */
export const MIN_PREFIX_CHARS = 3;

/**
 * Words must all occur (the last one, from MIN_PREFIX_CHARS letters, as a prefix, so results come
 * while typing); "quoted text" is a phrase. Every term is quoted, so FTS5 operators and stray
 * punctuation in the input are just text: no input can make a syntax error. Returns null when
 * nothing searchable is left.
 */
export function toFtsQuery(input: string): string | null {
  const terms: string[] = [];
  const phrase = /"([^"]*)"?/g;
  let rest = input;
  for (const match of input.matchAll(phrase)) {
    const words = (match[1] ?? '').match(/[\p{L}\p{N}]+/gu);
    if (words !== null) terms.push(`"${words.join(' ')}"`);
    rest = rest.replace(match[0], ' ');
  }
  const words = rest.match(/[\p{L}\p{N}]+/gu) ?? [];
  const typing = (index: number, word: string) => index === words.length - 1 && !/\s$/.test(input) && [...word].length >= MIN_PREFIX_CHARS;
  words.forEach((word, index) => terms.push(typing(index, word) ? `"${word}"*` : `"${word}"`));
  return terms.length === 0 ? null : terms.join(' ');
}

/** Splits a snippet at the hit markers. */
export function snippetParts(snippet: string): TextPart[] {
  const parts: TextPart[] = [];
  let hit = false;
  for (const piece of snippet.split(new RegExp(`([${HIT_START}${HIT_END}])`))) {
    if (piece === HIT_START) hit = true;
    else if (piece === HIT_END) hit = false;
    else if (piece !== '') parts.push({ text: piece, hit });
  }
  return parts;
}

export function toEntry(row: LibraryRow): LibraryEntry {
  return {
    id: row.id,
    ref: row.kind === 'episode' ? { kind: 'episode', key: row.refKey } : { kind: 'transcript', platform: row.platform, key: row.refKey },
    platform: row.platform,
    title: row.title,
    subtitle: row.subtitle,
    sourceUrl: row.sourceUrl,
    snippet: snippetParts(row.snippet.replace(/\s+/g, ' ')),
    hasTiming: row.hasTiming,
    createdAt: row.createdAt,
    provenance: row.provenance,
  };
}

export async function searchLibrary(deps: DeskDeps, input: ParsedInput<'library.search'>): Promise<{ total: number; entries: LibraryEntry[] }> {
  const match = toFtsQuery(input.query);
  if (input.query.trim() !== '' && match === null) return { total: 0, entries: [] };
  const { total, rows } = await deps.store.library.search({ match, platform: input.platform, provenance: input.provenance, from: input.from, to: input.to, limit: input.limit, offset: input.offset });
  return { total, entries: rows.map(toEntry) };
}

/** One entry by its id; not_found when there is none (deleted, or a number that was never an id). */
export async function libraryEntry(deps: DeskDeps, id: number): Promise<LibraryEntry> {
  const row = await deps.store.library.get(id);
  if (row === undefined) throw new DeskError('not_found', `The library has no transcript with id ${id} (it may have been deleted)`);
  return toEntry(row);
}
