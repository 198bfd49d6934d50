// Settings ▸ Language model's "Test": whether the endpoint and model answer, before a person
// relies on them for a summary. One tiny request that carries no transcript; the answer (or the
// LlmError naming the endpoint and the cause) is shown as it is. The form's values are tried
// where given (before saving), else the saved ones, checked by the settings' own rules.
import { SETTING_SCHEMAS } from '#shared/settings';
import { apiRootOf, LLM_HOW_TO, LlmClient, type LlmRequestLog } from '#service/llm/index';
import type { Settings } from '#service/settings';

export interface LlmTestInput {
  baseUrl?: string | undefined;
  model?: string | undefined;
  key?: string | undefined;
}

/** A test waits this long: a model that is loading answers in seconds, a stuck one never. */
const TEST_TIMEOUT_MS = 60_000;

const ANSWER_SHOWN_CHARS = 200;

export async function testLlm(settings: Settings, input: LlmTestInput, log?: LlmRequestLog): Promise<{ ok: boolean; message: string }> {
  const savedUrl = await settings.get('llm.baseUrl');
  const baseUrl = input.baseUrl?.trim() || savedUrl;
  const model = input.model?.trim() || (await settings.get('llm.model'));
  if (baseUrl === null || model === null) return { ok: false, message: LLM_HOW_TO };
  const url = SETTING_SCHEMAS['llm.baseUrl'].safeParse(baseUrl);
  if (!url.success) return { ok: false, message: `The base URL ${url.error.issues[0]?.message ?? 'is not valid'}` };
  const name = SETTING_SCHEMAS['llm.model'].safeParse(model);
  if (!name.success || name.data === null) return { ok: false, message: `The model name ${name.error?.issues[0]?.message ?? 'is not valid'}` };
  // The saved key goes only to the saved base URL: testing another address must not hand it the key.
  const key = input.key?.trim() || (baseUrl === savedUrl ? await settings.get('llm.apiKey') : null);
  const endpoint = new URL(baseUrl).host;
  const client = new LlmClient({ apiRoot: apiRootOf(baseUrl), endpoint, model: name.data, apiKey: key, contextTokens: await settings.get('llm.contextTokens'), embeddingModel: null }, log);
  const signal = AbortSignal.timeout(TEST_TIMEOUT_MS);
  try {
    const answer = await client.chat({ messages: [{ role: 'user', content: 'Reply with OK' }], sends: [], maxTokens: 16, signal });
    const shown = answer.length > ANSWER_SHOWN_CHARS ? `${answer.slice(0, ANSWER_SHOWN_CHARS)}…` : answer;
    return { ok: true, message: `${name.data} at ${endpoint} answered: ${shown}` };
  } catch (error) {
    if (signal.aborted) return { ok: false, message: `The language model at ${endpoint} (${name.data}) did not answer within ${TEST_TIMEOUT_MS / 1000} s` };
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
