// A question as a library search: its content words (stop words dropped), searched as "any of
// these words" so a passage that answers with other words for half the question still comes back;
// the full-text ranking puts the transcripts with the most of them first.
import { wordsOf } from './normalize';

/**
 * English function words and question words: they occur in nearly every transcript, so as search
 * terms they only push real matches down the ranking. Kept short on purpose: a content word wrongly
 * listed here is a match lost, a function word missing is only a little noise.
 */
const STOP_WORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before being below between both but by can could did do does doing done down during each ' +
    'either else ever every few for from further get gets got had has have having he her here hers herself him himself his how i if in into is it its itself just let like me ' +
    'more most much must my myself no nor not now of off on once only or other our ours ourselves out over own please really said same say says she should so some such tell than that ' +
    'the their theirs them themselves then there these they this those through to too under until up upon us very was we were what when where which while who whom whose why will with ' +
    'would yes yet you your yours yourself yourselves anyone anything someone something thing things know think talk talked talks mention mentioned mentions'
  ).split(' '),
);

/** At most this many words are searched: a pasted paragraph must not become a huge OR query. */
export const MAX_QUESTION_WORDS = 16;

/** The question's content words, lower-cased, each once, in the order asked. */
export function questionWords(question: string): string[] {
  const words = wordsOf(question).filter((w) => !STOP_WORDS.has(w) && ([...w].length > 1 || /\p{N}/u.test(w)));
  return [...new Set(words)].slice(0, MAX_QUESTION_WORDS);
}

/**
 * The words as the library's query syntax in its "any of these" form: every word quoted (so no
 * word can be an operator), joined by OR. FTS5 reads it natively; the PostgreSQL store turns it into
 * a tsquery with `|` (service/postgres/library.ts toTsQuery). Null when nothing is left to search.
 */
export function anyWordsQuery(words: readonly string[]): string | null {
  return words.length === 0 ? null : words.map((w) => `"${w}"`).join(' OR ');
}
