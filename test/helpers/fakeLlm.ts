// A loopback stand-in for an OpenAI-compatible endpoint (Ollama, LM Studio, OpenAI): answers
// POST /v1/chat/completions and /v1/embeddings in the shape those servers answer, and records every
// request it receives so a test can assert what was (or was never) sent.
import { listen, readBody, type Loopback } from './loopback';

export interface RecordedLlmRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    max_tokens?: number;
    input?: string[] | string;
  };
}

/** What the test answers a chat request with: the assistant's text, or an HTTP error. */
export type ChatResponder = (request: RecordedLlmRequest) => string | { status: number; error: string };

export interface FakeLlm {
  /** The base URL as a person types it into Settings (with /v1). */
  baseUrl: string;
  loopback: Loopback;
  requests: RecordedLlmRequest[];
  chats(): RecordedLlmRequest[];
  /** The whole prompt of a chat request (every message), for `includes` checks. */
  promptOf(request: RecordedLlmRequest): string;
  respond: ChatResponder;
  /** Embeddings: a vector per input; the default counts a few letters (stable, good enough to rank). */
  embed: (text: string) => number[];
  close(): Promise<void>;
}

const letterVector = (text: string) => {
  const lower = text.toLowerCase();
  return 'etaoinshrdlucmfw'.split('').map((c) => lower.split(c).length - 1);
};

export async function startFakeLlm(respond: ChatResponder = () => 'ok'): Promise<FakeLlm> {
  const fake: Omit<FakeLlm, 'baseUrl' | 'loopback' | 'close'> = {
    requests: [],
    chats: () => fake.requests.filter((r) => r.path.endsWith('/chat/completions')),
    promptOf: (request) => (request.body.messages ?? []).map((m) => m.content).join('\n'),
    respond,
    embed: letterVector,
  };
  const loopback = await listen((req, res) => {
    void readBody(req).then((raw) => {
      const body = JSON.parse(raw || '{}') as RecordedLlmRequest['body'];
      const request: RecordedLlmRequest = { path: req.url ?? '', authorization: req.headers.authorization, body };
      fake.requests.push(request);
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(payload));
      };
      if (req.method === 'POST' && request.path === '/v1/chat/completions') {
        const answer = fake.respond(request);
        if (typeof answer !== 'string') return send(answer.status, { error: { message: answer.error, type: 'invalid_request_error' } });
        return send(200, {
          id: `chatcmpl-${fake.requests.length}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        });
      }
      if (req.method === 'POST' && request.path === '/v1/embeddings') {
        const inputs = Array.isArray(body.input) ? body.input : [body.input ?? ''];
        return send(200, { object: 'list', model: body.model, data: inputs.map((text, index) => ({ object: 'embedding', index, embedding: fake.embed(text) })), usage: { prompt_tokens: 1, total_tokens: 1 } });
      }
      send(404, { error: { message: `no route ${req.method} ${request.path}` } });
    });
  });
  return Object.assign(fake, { baseUrl: `${loopback.url}/v1`, loopback, close: () => loopback.close() });
}
