// The citation check: every citation in the model's answer is resolved against the STORED segments
// before it is shown as a link, so a person never follows a citation to words nobody said.
//
// The citation syntax (the prompt, prompt.ts, asks for it; this is the one place that reads it):
//
//   [n] "exact words"      a passage number in square brackets, then (optionally, after spaces or
//                          a colon) a quote of a few words from that passage in straight or curly
//                          double quotes, on one line.
//
// A citation is verified when passage n was sent AND its quote, if any, occurs in the stored
// segments of that passage's transcript, compared as normalize.ts does (case, accents, punctuation
// and spacing do not count) and allowed to run across adjacent segments. It then points at the
// segment where the quote starts (without a quote: the passage's first segment). Anything else is
// flagged with the reason, and its marker is DROPPED from the answer's text: a bare "[7]" left
// in place would still read as a source. The quote's words stay (they are the model's sentence).
import type { AnswerPart, Citation, FlaggedCitation } from '#shared/contract/insights';
import { normalizeWords } from './normalize';
import type { AskSource, Passage, StoredUnit } from './passages';

/** `[n]` and an optional quote right after it. Bounded everywhere, so no answer can make it backtrack far. */
const CITATION = /\[\s*(\d{1,9})\s*\](?:[ \t]*:?[ \t]*(?:"([^"\n]{0,500})"|“([^”\n]{0,500})”))?/g;

/** More of an answer than this is not read (an endpoint can send anything; the prompt asks for a few paragraphs). */
export const MAX_ANSWER_CHARS = 20_000;
/** Citations checked per answer; past it the markers are dropped and one warning says so. */
export const MAX_CITATIONS = 100;

export interface CheckedAnswer {
  parts: AnswerPart[];
  citations: Citation[];
  flagged: FlaggedCitation[];
}

/** A source's stored units as one normalized string, with where each unit starts in it. */
interface SearchableSource {
  /** ` word word … ` with a space at both ends, so a match can be asked for on word boundaries. */
  text: string;
  starts: { offset: number; unit: number }[];
}

function searchable(source: AskSource): SearchableSource {
  let text = ' ';
  const starts: SearchableSource['starts'] = [];
  source.units.forEach((unit, i) => {
    const words = normalizeWords(unit.text);
    if (words === '') return;
    starts.push({ offset: text.length, unit: i });
    text += `${words} `;
  });
  return { text, starts };
}

/** The unit where `quote` starts in the source, or null when its words are not there in that order. */
function findQuote(where: SearchableSource, quote: string): number | null {
  const at = where.text.indexOf(` ${quote} `);
  if (at < 0) return null;
  let unit: number | null = null;
  for (const start of where.starts) {
    if (start.offset > at + 1) break;
    unit = start.unit;
  }
  return unit;
}

const citationOf = (n: number, source: AskSource, unit: StoredUnit): Citation => ({
  n,
  libraryId: source.libraryId,
  ref: source.ref,
  title: source.title,
  platform: source.platform,
  start: unit.start,
  end: unit.end,
  segmentIndex: unit.index,
  text: unit.text,
});

const nameOf = (source: AskSource) => (source.title === null || source.title.trim() === '' ? 'that transcript' : `“${source.title}”`);

/**
 * Reads the answer's citations against the passages that were sent (numbered from 1, as the prompt
 * numbered them). Never throws: whatever the model wrote comes back as text, links and warnings.
 */
export function checkAnswer(answer: string, sent: readonly Passage[]): CheckedAnswer {
  const text = answer.length > MAX_ANSWER_CHARS ? `${answer.slice(0, MAX_ANSWER_CHARS)}…` : answer;
  const parts: AnswerPart[] = [];
  const citations: Citation[] = [];
  const flagged: FlaggedCitation[] = [];
  const indexes = new Map<AskSource, SearchableSource>();
  // After a dropped marker, the space it stood between is said once ("see [7] and" → "see and").
  let dropped = false;
  const pushText = (raw: string) => {
    const last = parts.at(-1);
    const piece = dropped && last?.kind === 'text' && /\s$/.test(last.text) ? raw.replace(/^[ \t]+/, '') : raw;
    if (piece === '') return;
    dropped = false;
    if (last?.kind === 'text') last.text += piece;
    else parts.push({ kind: 'text', text: piece });
  };
  const cite = (citation: Citation) => {
    let at = citations.findIndex((c) => c.n === citation.n && c.libraryId === citation.libraryId && c.segmentIndex === citation.segmentIndex && c.text === citation.text);
    if (at < 0) at = citations.push(citation) - 1;
    parts.push({ kind: 'cite', n: citation.n, citation: at });
  };

  let checked = 0;
  let unchecked = 0;
  let cursor = 0;
  for (const match of text.matchAll(CITATION)) {
    const at = match.index;
    pushText(text.slice(cursor, at));
    cursor = at + match[0].length;
    const n = Number(match[1]);
    const rawQuote = match[2] ?? match[3];
    const quoteText = rawQuote === undefined ? '' : match[0].slice(match[0].indexOf(']') + 1).replace(/^[ \t]*:?[ \t]*/, '');
    // A flagged marker goes; the quote (with its quotation marks) stays as the model's words.
    const keepQuote = () => pushText(quoteText === '' ? '' : ` ${quoteText}`);
    const drop = () => {
      dropped = true;
      keepQuote();
    };
    if (checked >= MAX_CITATIONS) {
      unchecked += 1;
      drop();
      continue;
    }
    checked += 1;
    const quote = rawQuote === undefined ? null : rawQuote.trim();
    const passage = Number.isSafeInteger(n) && n >= 1 ? sent[n - 1] : undefined;
    if (passage === undefined) {
      flagged.push({ n: Number.isSafeInteger(n) ? n : null, quote, reason: `cites passage [${match[1]}], which was not sent` });
      drop();
      continue;
    }
    const source = passage.source;
    const normalized = quote === null ? '' : normalizeWords(quote);
    if (normalized === '') {
      const first = source.units[passage.from];
      if (first === undefined) {
        flagged.push({ n, quote, reason: `cites passage [${n}], which has no text` });
        drop();
      } else {
        cite(citationOf(n, source, first));
        keepQuote();
      }
      continue;
    }
    let index = indexes.get(source);
    if (index === undefined) {
      index = searchable(source);
      indexes.set(source, index);
    }
    const unit = findQuote(index, normalized);
    const found = unit === null ? undefined : source.units[unit];
    if (found === undefined) {
      flagged.push({ n, quote, reason: `quotes text that is not in ${nameOf(source)}` });
      drop();
    } else {
      cite(citationOf(n, source, found));
      keepQuote();
    }
  }
  pushText(text.slice(cursor));
  if (unchecked > 0) flagged.push({ n: null, quote: null, reason: `${unchecked} more citation${unchecked === 1 ? ' was' : 's were'} not checked (more than ${MAX_CITATIONS} in one answer)` });
  return { parts, citations, flagged };
}
