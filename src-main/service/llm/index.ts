// The language model port (issue 19): settings → a client, or null when none is configured.
import type { Settings } from '../settings';
import { LlmClient, type LlmRequestLog } from './client';
import { readLlmConfig } from './config';

export { LlmClient, LlmError, type ChatMessage, type ChatRequest, type LlmRequestLog } from './client';
export { apiRootOf, LLM_HOW_TO, llmStatus, readLlmConfig, type LlmConfig } from './config';
export { CHARS_PER_TOKEN, textBudget, tokensOf } from './budget';

/** The configured model's client, or null: callers must then say how to set one up and send nothing. */
export async function openLlm(settings: Settings, log?: LlmRequestLog): Promise<LlmClient | null> {
  const config = await readLlmConfig(settings);
  return config === null ? null : new LlmClient(config, log);
}
