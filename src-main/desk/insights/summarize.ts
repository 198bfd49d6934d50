// A summary of a transcript with the person's model: one request when the transcript fits the
// model's context, else map-reduce: each part summarized (map), then the part summaries summarized
// together (reduce), in rounds while they still do not fit. Every request's prompt stays inside
// `llm.contextTokens` (service/llm/budget.ts), because an endpoint given more drops text silently.
import { textBudget, tokensOf, type LlmClient } from '#service/llm/index';
import { splitParts } from './parts';

/** What a summary may be when stored: the model's text is untrusted, and a runaway answer is not a summary. */
export const MAX_SUMMARY_CHARS = 20_000;
/** Tokens the model may answer with: a final summary, and one part's notes. */
const SUMMARY_TOKENS = 600;
const PART_TOKENS = 300;
/** Reduce rounds: each at least halves the notes (below), so this is never reached; it is the loop's bound. */
const MAX_ROUNDS = 40;

const SUMMARY_INSTRUCTIONS =
  'You summarize transcripts. Answer in the transcript\'s language with a short paragraph saying what it is about, then "Key points:" and 3 to 7 points, each on its own line starting with "- ". Use only what the transcript says.';
const PART_INSTRUCTIONS = 'You summarize one part of a longer transcript. Answer with at most 8 short lines starting with "- ", covering what this part says, in the transcript\'s language. Use only what the part says.';
const REDUCE_INSTRUCTIONS = 'You are given notes on consecutive parts of one transcript, in order. Write one summary of the whole transcript from them.';

export interface SummaryRequest {
  llm: LlmClient;
  /** The transcript as lines (`[m:ss] text` where it has timing, else its paragraphs). */
  units: readonly string[];
  /** What the request log names (the transcript's title or link). */
  sends: readonly string[];
}

/** Characters of text a request with `instructions` and `answerTokens` may carry. */
export const budgetFor = (llm: LlmClient, instructions: string, answerTokens: number) => textBudget(llm.config.contextTokens, tokensOf(instructions) + 16, answerTokens);

export async function summarize(request: SummaryRequest): Promise<string> {
  const { llm, sends } = request;
  const whole = request.units.join('\n');
  const finalBudget = budgetFor(llm, SUMMARY_INSTRUCTIONS, SUMMARY_TOKENS);
  if (whole.length <= finalBudget) return bound(await ask(llm, SUMMARY_INSTRUCTIONS, `Transcript:\n${whole}`, SUMMARY_TOKENS, sends));

  const partBudget = budgetFor(llm, PART_INSTRUCTIONS, PART_TOKENS);
  const parts = splitParts(request.units, partBudget);
  let notes: string[] = [];
  for (const [i, part] of parts.entries()) notes.push(await ask(llm, PART_INSTRUCTIONS, `Part ${i + 1} of ${parts.length}:\n${part}`, PART_TOKENS, sends));

  const reduceBudget = budgetFor(llm, REDUCE_INSTRUCTIONS + SUMMARY_INSTRUCTIONS, SUMMARY_TOKENS);
  // Each note at most half a request, so every reduce request carries at least two of them and
  // each round at least halves their number, whatever the model answers.
  const noteLimit = Math.floor(reduceBudget / 2) - 20;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    notes = notes.map((n) => n.slice(0, noteLimit));
    const numbered = notes.map((n, i) => `Part ${i + 1}:\n${n}`);
    const joined = numbered.join('\n\n');
    if (joined.length <= reduceBudget) return bound(await ask(llm, `${REDUCE_INSTRUCTIONS} ${SUMMARY_INSTRUCTIONS}`, joined, SUMMARY_TOKENS, sends));
    const groups = splitParts(numbered, reduceBudget);
    const next: string[] = [];
    for (const group of groups) next.push(await ask(llm, `${REDUCE_INSTRUCTIONS} ${PART_INSTRUCTIONS}`, group, PART_TOKENS, sends));
    notes = next;
  }
  throw new Error('The part summaries did not get shorter');
}

function ask(llm: LlmClient, instructions: string, content: string, maxTokens: number, sends: readonly string[]): Promise<string> {
  return llm.chat({ messages: [{ role: 'system', content: instructions }, { role: 'user', content }], sends, maxTokens });
}

const bound = (text: string) => [...text].slice(0, MAX_SUMMARY_CHARS).join('').trim();
