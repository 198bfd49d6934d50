// Which passages of the library go to the model: the library's full-text search finds the
// transcripts with any of the question's words (best first, bounded), each is read as the viewer
// shows it (its export version), cut into windows of consecutive segments, and the windows with
// the most question words are kept. With an embeddings model configured the candidates are
// re-ranked by cosine similarity to the question; the model's context bounds what is kept.
import type { AskScope } from '#shared/contract/insights';
import type { LibraryRow } from '#service/store/port';
import type { LlmClient } from '#service/llm/index';
import type { DeskDeps } from '../deps';
import { toEntry } from '../library/search';
import { readForExport } from '../transcripts';
import { wordsOf } from './normalize';
import { unitsOf, windowsOf, type AskSource, type Passage } from './passages';
import { anyWordsQuery } from './question';

/** Transcripts read per question: the search's best; reading more costs time and finds little. */
export const MAX_TRANSCRIPTS = 8;
/** Passages one transcript may contribute, so one long talk does not crowd out the others. */
export const PASSAGES_PER_TRANSCRIPT = 3;
/** Candidates ranked (and embedded) before the context's budget picks the ones sent. */
export const MAX_CANDIDATES = 24;

export interface Candidate {
  passage: Passage;
  /** Distinct question words in the passage, weighted above how often they occur. */
  score: number;
  /** The search's rank of its transcript (0 best): the tie-breaker. */
  rank: number;
}

/** A question word counts when a passage word is it or, from four letters, starts with it ("price" → "prices"). */
function wordScore(passageWords: readonly string[], question: readonly string[]): number {
  let distinct = 0;
  let total = 0;
  for (const q of question) {
    const hits = passageWords.filter((w) => w === q || (q.length >= 4 && w.startsWith(q))).length;
    if (hits > 0) distinct += 1;
    total += hits;
  }
  return distinct * 10 + Math.min(total, 9);
}

/** The library rows in scope: a selection is read by id (filtered like the search), the rest searched. */
async function rowsInScope(deps: DeskDeps, words: readonly string[], scope: AskScope): Promise<LibraryRow[]> {
  if (scope.ids !== undefined) {
    const rows = await Promise.all(scope.ids.map((id) => deps.store.library.get(id)));
    return rows.filter((r): r is LibraryRow => r !== undefined && (scope.platform === null || r.platform === scope.platform) && (scope.provenance === null || (r.provenance?.kind ?? 'unknown') === scope.provenance));
  }
  const match = anyWordsQuery(words);
  if (match === null) return [];
  const { rows } = await deps.store.library.search({ match, platform: scope.platform, provenance: scope.provenance, from: null, to: null, limit: MAX_TRANSCRIPTS, offset: 0 });
  return rows;
}

/** The best windows of the transcripts in scope, by question words; none when nothing matches. */
export async function findCandidates(deps: DeskDeps, words: readonly string[], scope: AskScope): Promise<Candidate[]> {
  if (words.length === 0) return [];
  const rows = await rowsInScope(deps, words, scope);
  const candidates: Candidate[] = [];
  for (const [rank, row] of rows.entries()) {
    const entry = toEntry(row);
    // Deleted between the search and the read: not an error for a question, just not a source.
    const view = await readForExport(deps, entry.ref).catch(() => null);
    if (view === null) continue;
    const source: AskSource = { libraryId: row.id, ref: entry.ref, title: view.title ?? row.title, platform: row.platform, units: unitsOf(view) };
    const scored = windowsOf(source)
      .map((passage) => ({ passage, score: wordScore(wordsOf(`${passage.text}`), words), rank }))
      .filter((c) => c.score > 0)
      .sort((a, b) => b.score - a.score || a.passage.from - b.passage.from)
      .slice(0, PASSAGES_PER_TRANSCRIPT);
    candidates.push(...scored);
  }
  return candidates.sort((a, b) => b.score - a.score || a.rank - b.rank).slice(0, MAX_CANDIDATES);
}

const cosine = (a: readonly number[], b: readonly number[]) => {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    dot += (a[i] ?? 0) * (b[i] ?? 0);
    na += (a[i] ?? 0) ** 2;
    nb += (b[i] ?? 0) ** 2;
  }
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
};

/**
 * The candidates by similarity to the question, when the endpoint has an embeddings model; as
 * they are (word ranking) without one. The candidates' text goes to the endpoint for this: the
 * same endpoint the answer's passages go to, logged like them.
 */
export async function rerankByEmbeddings(llm: LlmClient, question: string, candidates: readonly Candidate[]): Promise<Candidate[]> {
  if (llm.config.embeddingModel === null || candidates.length < 2) return [...candidates];
  const sends = [...new Set(candidates.map((c) => c.passage.source.title ?? `library entry ${c.passage.source.libraryId}`))];
  const vectors = await llm.embed([question, ...candidates.map((c) => c.passage.text)], sends);
  if (vectors === null) return [...candidates];
  const [asked, ...passages] = vectors;
  if (asked === undefined) return [...candidates];
  return candidates
    .map((c, i) => ({ c, similarity: cosine(asked, passages[i] ?? []) }))
    .sort((a, b) => b.similarity - a.similarity || b.c.score - a.c.score)
    .map((x) => x.c);
}
