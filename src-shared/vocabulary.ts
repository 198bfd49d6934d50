// Custom vocabulary: the names and terms a person expects in their speech (a show's hosts, a
// product, jargon). Speech engines that take a prompt are steered towards those spellings
// (vocabularyPrompt); transcripts that come from captions get replace suggestions instead
// (vocabularySuggestions), since caption text cannot be transcribed again.
import type { Segment } from './transcript';

/** Bounds of the settings `stt.vocabulary` and `stt.vocabulary.bySource` (settings.ts). */
export const VOCABULARY_LIMITS = { terms: 200, termChars: 80, sources: 500, sourceKeyChars: 2048 } as const;

/**
 * Whisper reads at most half its 448-token text context as prompt (224 tokens) and silently keeps
 * only the last tokens of a longer one; OpenAI documents the same 224 for `prompt`. The prompt is
 * cut to fit here, dropping whole terms from the end of the list (so the first-named, the
 * source's own, survive), with a margin since the count below is an estimate.
 */
export const PROMPT_MAX_TOKENS = 200;

/**
 * A generous estimate of whisper's BPE tokens: one per three characters of a word, rounded up
 * (common English words are one token per four to five characters; names split finer).
 */
export function estimateTokens(text: string): number {
  return text
    .split(/\s+/)
    .filter((w) => w !== '')
    .reduce((sum, w) => sum + Math.ceil(w.length / 3), 0);
}

/** A free-text prompt cut, at a word, to about `maxTokens`; undefined when nothing is left. */
export function trimPrompt(prompt: string, maxTokens = PROMPT_MAX_TOKENS): string | undefined {
  const kept: string[] = [];
  let tokens = 0;
  for (const word of prompt.split(/\s+/).filter((w) => w !== '')) {
    tokens += estimateTokens(word);
    if (tokens > maxTokens) break;
    kept.push(word);
  }
  return kept.length === 0 ? undefined : kept.join(' ');
}

/** Terms without blanks or repeats (case-insensitive), in the order given. */
export function uniqueTerms(terms: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of terms) {
    const term = raw.trim().replace(/\s+/g, ' ');
    const key = term.toLowerCase();
    if (term === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(term);
  }
  return out;
}

/**
 * The prompt an engine gets for these terms (most important first), or undefined for none: a
 * comma-separated list, which is how whisper's prompt is meant to show it spellings, cut to
 * PROMPT_MAX_TOKENS.
 */
export function vocabularyPrompt(terms: readonly string[], maxTokens = PROMPT_MAX_TOKENS): string | undefined {
  const kept: string[] = [];
  let tokens = 0;
  for (const term of uniqueTerms(terms)) {
    const cost = estimateTokens(term) + 1; // the comma
    if (tokens + cost > maxTokens) break;
    kept.push(term);
    tokens += cost;
  }
  return kept.length === 0 ? undefined : `${kept.join(', ')}.`;
}

/** The terms for a job: its sources' own lists (in the order of `sourceKeys`) before the global one. */
export function vocabularyFor(global: readonly string[], bySource: Readonly<Record<string, readonly string[]>>, sourceKeys: readonly string[]): string[] {
  const own = sourceKeys.flatMap((key) => bySource[key] ?? []);
  return uniqueTerms([...own, ...global]);
}

export interface VocabularySuggestion {
  /** The text as it stands in the transcript (its first spelling met). */
  from: string;
  /** The glossary's term. */
  to: string;
  /** How many times `from` (any case) occurs. */
  count: number;
  /** Indexes of the segments it occurs in, for an edit that applies the suggestion. */
  segments: number[];
}

const wordsOf = (text: string) => text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
const squash = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** Edit distance, stopping early past `max` (the answer is then max + 1). */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min((previous[j] as number) + 1, (row[j - 1] as number) + 1, (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
      row.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return max + 1;
    previous = row;
  }
  return previous[b.length] as number;
}

/** How far a spelling may stray from a term and still be taken for it: none for short terms, whose near neighbours are real words. */
const allowedDistance = (length: number) => (length < 5 ? 0 : length < 9 ? 1 : 2);

/**
 * Replace suggestions for a transcript that cannot be transcribed again (captions): spellings that
 * are nearly a glossary term ("Kubernetis" for Kubernetes, "open telemetry" for OpenTelemetry,
 * "kubernetes" for Kubernetes), case-insensitive, matched over one to as many words as the term
 * has plus one. A term already written exactly gets no suggestion for that exact spelling; a
 * stretch of text is suggested for one term at most.
 */
export function vocabularySuggestions(segments: readonly Segment[], glossary: readonly string[]): VocabularySuggestion[] {
  const found = new Map<string, VocabularySuggestion>();
  const terms = uniqueTerms(glossary).map((term) => ({ term, key: squash(term), words: wordsOf(term).length }));
  segments.forEach((segment, index) => {
    const words = wordsOf(segment.text);
    const lower = segment.text.toLowerCase();
    const taken = new Array<boolean>(words.length).fill(false);
    const free = (start: number, n: number) => !taken.slice(start, start + n).some(Boolean);
    // A possessive is the term itself ("Ada Lovelace's" needs no fixing); words joined by
    // punctuation ("open, telemetry") are not one spelling of a term.
    const spanAt = (start: number, n: number) => {
      const span = words
        .slice(start, start + n)
        .join(' ')
        .replace(/['’]s$/i, '');
      return lower.includes(span.toLowerCase()) ? span : undefined;
    };
    // Exact spellings first, so a near match never swallows a correct one with a neighbour word.
    for (const { term, words: n } of terms) {
      for (let start = 0; start + n <= words.length; start++) if (spanAt(start, n) === term) taken.fill(true, start, start + n);
    }
    for (const { term, key, words: termWords } of terms) {
      if (key.length < 3) continue;
      const max = allowedDistance(key.length);
      for (let start = 0; start < words.length; start++) {
        // At one place, the span nearest the term (fewest edits) is the one suggested.
        let best: { span: string; n: number; d: number } | undefined;
        for (let n = Math.max(1, termWords - 1); n <= termWords + 1 && start + n <= words.length; n++) {
          const span = spanAt(start, n);
          if (span === undefined || span === term || !free(start, n)) continue;
          const squashed = squash(span);
          // One letter off a common word ("there"/"these") would be noise: a near match must
          // share the term's first letter.
          if (squashed[0] !== key[0]) continue;
          const d = distance(squashed, key, max);
          if (d <= max && (best === undefined || d < best.d)) best = { span, n, d };
        }
        if (best === undefined) continue;
        taken.fill(true, start, start + best.n);
        const id = `${best.span.toLowerCase()}\u0000${term}`;
        const entry = found.get(id) ?? { from: best.span, to: term, count: 0, segments: [] };
        entry.count++;
        if (entry.segments.at(-1) !== index) entry.segments.push(index);
        found.set(id, entry);
      }
    }
  });
  return [...found.values()].sort((a, b) => b.count - a.count || a.from.localeCompare(b.from));
}

/** Settings ▸ Speech-to-text's glossary box: one term per line (or comma-separated). */
export function parseTermLines(text: string): string[] {
  return uniqueTerms(text.split(/[\n,]/));
}

/**
 * Settings ▸ Speech-to-text's box of per-show lists: one show or source a line, `key = term, term`.
 * ` = ` and not `:` separates, since a source URL has colons. Lines without it are ignored.
 */
export function parseSourceLines(text: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const line of text.split('\n')) {
    const at = line.indexOf(' = ');
    if (at < 0) continue;
    const key = line.slice(0, at).trim();
    const terms = uniqueTerms(line.slice(at + 3).split(','));
    if (key !== '' && terms.length > 0) out[key] = uniqueTerms([...(out[key] ?? []), ...terms]);
  }
  return out;
}

export const formatSourceLines = (bySource: Readonly<Record<string, readonly string[]>>) =>
  Object.entries(bySource)
    .map(([key, terms]) => `${key} = ${terms.join(', ')}`)
    .join('\n');
