// The request the model gets: instructions that ask for the citation syntax citations.ts checks,
// then the numbered passages `[n] (Title, m:ss) text`, then the question. Which passages fit is
// decided here too: the model's context (llm.contextTokens) bounds the passages' text.
import { playerClock } from '#shared/format/markdown';
import { textBudget, tokensOf, type ChatMessage } from '#service/llm/index';
import type { Passage } from './passages';

/** Room the answer may take: a few paragraphs with their citations. */
export const ANSWER_TOKENS = 700;
/** At most this many passages, whatever the context: past a dozen a small model loses track of the numbers. */
export const MAX_PASSAGES = 12;

export const ASK_INSTRUCTIONS = [
  'You answer questions about a person’s library of transcripts, using ONLY the numbered passages you are given.',
  'Every statement you make must cite the passage it comes from: write its number in square brackets followed by a short exact quote from that passage in double quotes, for example: the launch moved to spring [2] "we pushed the launch to April".',
  'Quote the words exactly as they are in the passage (a few words, never more than one sentence). Cite only passage numbers you were given.',
  'If the passages do not answer the question, say so in one sentence and cite nothing. Do not use anything you know from elsewhere.',
].join('\n');

const titleOf = (passage: Passage) => (passage.source.title ?? '').replace(/\s+/g, ' ').trim() || 'Untitled';

/** `[n] (Title, m:ss) text`, the time where the passage starts (left out for a transcript without timing). */
export function formatPassage(n: number, passage: Passage): string {
  const start = passage.source.units[passage.from]?.start ?? null;
  const where = start === null ? titleOf(passage) : `${titleOf(passage)}, ${playerClock(start * 1000)}`;
  return `[${n}] (${where}) ${passage.text.replace(/\s+/g, ' ')}`;
}

/** The best passages (in the order given) whose text fits the model's context, at most MAX_PASSAGES. */
export function fitPassages(ranked: readonly Passage[], question: string, contextTokens: number): Passage[] {
  const budget = textBudget(contextTokens, tokensOf(ASK_INSTRUCTIONS) + tokensOf(question) + 40, ANSWER_TOKENS);
  const chosen: Passage[] = [];
  let used = 0;
  for (const passage of ranked) {
    if (chosen.length >= MAX_PASSAGES) break;
    const cost = formatPassage(chosen.length + 1, passage).length + 2;
    // The first passage always goes (cut by textBudget's floor at worst): an answer needs one.
    if (chosen.length > 0 && used + cost > budget) continue;
    chosen.push(passage);
    used += cost;
  }
  return chosen;
}

export function askMessages(question: string, passages: readonly Passage[]): ChatMessage[] {
  const numbered = passages.map((p, i) => formatPassage(i + 1, p)).join('\n\n');
  return [
    { role: 'system', content: ASK_INSTRUCTIONS },
    { role: 'user', content: `Passages:\n\n${numbered}\n\nQuestion: ${question}` },
  ];
}
