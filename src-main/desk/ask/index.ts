// Ask the library (issue 19): a question over the person's transcripts, answered by their own
// language model from passages of the transcripts that match, with every citation checked against
// the stored segments before it is shown as a link. Nothing is sent without a configured model,
// and nothing when no transcript matches. The steps have a module each: question.ts (the search),
// retrieval.ts (which passages), prompt.ts (what is sent), citations.ts (the check).
import type { AskAnswer, AskScope } from '#shared/contract/insights';
import { DeskError } from '#shared/contract/result';
import { LLM_HOW_TO, LlmError, openLlm } from '#service/llm/index';
import type { InsightsContext } from '../insights/index';
import { checkAnswer } from './citations';
import { ANSWER_TOKENS, askMessages, fitPassages } from './prompt';
import { questionWords } from './question';
import { findCandidates, rerankByEmbeddings } from './retrieval';

export async function askLibrary(ctx: InsightsContext, input: { question: string; scope: AskScope }): Promise<AskAnswer> {
  const llm = await openLlm(ctx.settings, ctx.log);
  if (llm === null) throw new DeskError('unavailable', LLM_HOW_TO);
  const { endpoint, model } = llm.config;
  const answer = (over: Partial<AskAnswer>): AskAnswer => ({ question: input.question, parts: [], citations: [], flagged: [], sent: [], endpoint, model, nothingFound: false, ...over });

  const candidates = await findCandidates(ctx.deps, questionWords(input.question), input.scope);
  if (candidates.length === 0) return answer({ nothingFound: true });
  try {
    const ranked = await rerankByEmbeddings(llm, input.question, candidates);
    const passages = fitPassages(
      ranked.map((c) => c.passage),
      input.question,
      llm.config.contextTokens,
    );
    const sent = [...new Map(passages.map((p) => [p.source.libraryId, { libraryId: p.source.libraryId, title: p.source.title }])).values()];
    const text = await llm.chat({ messages: askMessages(input.question, passages), sends: sent.map((s) => s.title ?? `library entry ${s.libraryId}`), maxTokens: ANSWER_TOKENS });
    return answer({ ...checkAnswer(text, passages), sent });
  } catch (error) {
    // The endpoint's failure, named (unreachable, refused key, missing model): the person can act on it.
    if (error instanceof LlmError) throw new DeskError('unavailable', error.message);
    throw error;
  }
}
