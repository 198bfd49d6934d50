// The one place a request leaves for the person's language model: any OpenAI-compatible endpoint,
// through the `openai` client (which speaks the chat and embeddings APIs; we only choose what to
// send). Every request names the transcripts it carries (`sends`), and the desk's log says so
// before it goes: a person can always find out what left the machine, and for which model.
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import type { LlmConfig } from './config';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  messages: ChatMessage[];
  /** The transcripts whose text is in the messages, by title or URL: logged with the request. */
  sends: readonly string[];
  /** Tokens the answer may use. */
  maxTokens: number;
  signal?: AbortSignal;
}

/** A refusal, an unreachable endpoint, an empty answer: the message names the endpoint and the cause. */
export class LlmError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'LlmError';
  }
}

/** Where requests are reported (the desk's log; tests read it). */
export type LlmRequestLog = (line: string) => void;

const defaultLog: LlmRequestLog = (line) => console.error(`transcript-desk: ${line}`);

/**
 * Long transcripts on a small local model take minutes per part; an endpoint that has not answered
 * in 10 minutes is stuck, not thinking.
 */
const REQUEST_TIMEOUT_MS = 10 * 60_000;

export class LlmClient {
  private readonly api: OpenAI;

  constructor(
    readonly config: LlmConfig,
    private readonly log: LlmRequestLog = defaultLog,
  ) {
    // Everything explicit: the client would otherwise read OPENAI_BASE_URL / OPENAI_API_KEY from the
    // environment, and nothing may be sent to an endpoint the person did not set in Settings.
    this.api = new OpenAI({ baseURL: config.apiRoot, apiKey: config.apiKey ?? 'none', maxRetries: 1, timeout: REQUEST_TIMEOUT_MS });
  }

  /** The assistant's text; an LlmError when the endpoint fails or answers nothing. */
  async chat(request: ChatRequest): Promise<string> {
    this.log(`language model request to ${this.config.endpoint} (${this.config.model}) sends ${describeSends(request.sends)}`);
    const answer = await this.api.chat.completions
      .create({ model: this.config.model, messages: request.messages, max_tokens: request.maxTokens, temperature: 0.2 }, { signal: request.signal })
      .catch((error: unknown) => {
        throw this.failure(error);
      });
    const text = answer.choices[0]?.message.content?.trim() ?? '';
    if (text === '') throw new LlmError(`The language model at ${this.config.endpoint} (${this.config.model}) answered nothing`);
    return text;
  }

  /** Vectors for `texts` with the configured embeddings model; null when none is configured. */
  async embed(texts: readonly string[], sends: readonly string[]): Promise<number[][] | null> {
    if (this.config.embeddingModel === null || texts.length === 0) return null;
    this.log(`embeddings request to ${this.config.endpoint} (${this.config.embeddingModel}) sends ${describeSends(sends)}`);
    const answer = await this.api.embeddings.create({ model: this.config.embeddingModel, input: [...texts], encoding_format: 'float' }).catch((error: unknown) => {
      throw this.failure(error);
    });
    const vectors = [...answer.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
    if (vectors.length !== texts.length) throw new LlmError(`The embeddings model at ${this.config.endpoint} answered ${vectors.length} vectors for ${texts.length} passages`);
    return vectors;
  }

  private failure(error: unknown): LlmError {
    const where = `The language model at ${this.config.endpoint} (${this.config.model})`;
    if (error instanceof APIConnectionTimeoutError) return new LlmError(`${where} did not answer in time`, { cause: error });
    if (error instanceof APIConnectionError) return new LlmError(`${where} cannot be reached: ${error.cause instanceof Error ? error.cause.message : error.message}`, { cause: error });
    if (error instanceof APIError) {
      if (error.status === 401 || error.status === 403) return new LlmError(`${where} refused the key (HTTP ${error.status}); check Settings ▸ Language model`, { cause: error });
      if (error.status === 404) return new LlmError(`${where} answered 404: check the base URL and that the model is installed there`, { cause: error });
      return new LlmError(`${where} failed: HTTP ${String(error.status)} ${error.message}`.trim(), { cause: error });
    }
    return new LlmError(`${where} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}

function describeSends(sends: readonly string[]): string {
  if (sends.length === 0) return 'no transcript';
  const shown = sends.slice(0, 5).map((s) => `“${s}”`);
  return `${shown.join(', ')}${sends.length > 5 ? ` and ${sends.length - 5} more` : ''}`;
}
