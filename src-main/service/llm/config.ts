// Where the person's language model is, read from settings at each use (a change in Settings
// applies to the next request). Both a base URL and a model must be set: until then there is no
// client, and no code path can send a transcript anywhere (the "nothing unless configured" rule).
import type { LlmStatus } from '#shared/contract/insights';
import type { Settings } from '../settings';

export interface LlmConfig {
  /** The API root with `/v1` (the way `stt.openai.baseUrl` is read: `http://localhost:11434` and `…/v1` are the same). */
  apiRoot: string;
  /** host[:port] only: what the desk shows and provenance records (never a path, query or key). */
  endpoint: string;
  model: string;
  apiKey: string | null;
  contextTokens: number;
  embeddingModel: string | null;
}

export const LLM_HOW_TO =
  'No language model is set up. In Settings ▸ Language model, enter the base URL of an OpenAI-compatible endpoint (Ollama: http://localhost:11434/v1, LM Studio: http://localhost:1234/v1) and a model name; nothing is sent anywhere until you do.';

export function apiRootOf(baseUrl: string): string {
  const url = new URL(baseUrl);
  const path = url.pathname.replace(/\/+$/, '');
  url.pathname = /\/v1$/.test(path) ? path : `${path}/v1`;
  url.search = '';
  url.hash = '';
  return url.toString().replace(/\/+$/, '');
}

export async function readLlmConfig(settings: Settings): Promise<LlmConfig | null> {
  const [baseUrl, model, apiKey, contextTokens, embeddingModel] = await Promise.all([
    settings.get('llm.baseUrl'),
    settings.get('llm.model'),
    settings.get('llm.apiKey'),
    settings.get('llm.contextTokens'),
    settings.get('llm.embeddingModel'),
  ]);
  if (baseUrl === null || model === null) return null;
  return { apiRoot: apiRootOf(baseUrl), endpoint: new URL(baseUrl).host, model, apiKey, contextTokens, embeddingModel };
}

export function llmStatus(config: LlmConfig | null): LlmStatus {
  if (config === null) return { configured: false, endpoint: null, model: null, howTo: LLM_HOW_TO };
  return { configured: true, endpoint: config.endpoint, model: config.model, howTo: null };
}
