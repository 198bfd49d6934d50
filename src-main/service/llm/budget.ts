// How much text fits a model's context. Tokenizers differ per model and the endpoint does not say,
// so this counts the way they roughly agree for English and most Latin scripts: about four
// characters a token. The estimate errs on the small side of what fits, because an endpoint given
// more than its context truncates silently (Ollama drops the start of the prompt).
export const CHARS_PER_TOKEN = 4;

export const tokensOf = (text: string) => Math.ceil(text.length / CHARS_PER_TOKEN);

/**
 * Characters of transcript one request may carry: the context minus the instructions and the
 * answer's room, with a tenth kept spare for the estimate's error.
 */
export function textBudget(contextTokens: number, instructionTokens: number, answerTokens: number): number {
  const usable = Math.floor(contextTokens * 0.9) - instructionTokens - answerTokens;
  return Math.max(500, usable * CHARS_PER_TOKEN);
}
