// The language model port against a loopback OpenAI-compatible server: what is sent, to where,
// and what a person reads when the endpoint fails.
import { afterEach, describe, expect, it } from 'vitest';
import { apiRootOf, LlmClient, type LlmConfig } from '#service/llm/index';
import { startFakeLlm, type FakeLlm } from '../helpers/fakeLlm';
import { freePort } from '../helpers/loopback';

let fake: FakeLlm | undefined;
afterEach(async () => fake?.close());

const configFor = (baseUrl: string, over: Partial<LlmConfig> = {}): LlmConfig => ({ apiRoot: apiRootOf(baseUrl), endpoint: new URL(baseUrl).host, model: 'tiny', apiKey: null, contextTokens: 4096, embeddingModel: null, ...over });

describe('LlmClient', () => {
  it('sends the messages to <base>/v1/chat/completions with the model and says which transcripts it carries', async () => {
    fake = await startFakeLlm(() => 'A short answer.');
    const lines: string[] = [];
    const client = new LlmClient(configFor(fake.loopback.url, { apiKey: 'sk-local' }), (line) => lines.push(line));
    const text = await client.chat({ messages: [{ role: 'user', content: 'Summarize: hello' }], sends: ['Talk one'], maxTokens: 100 });
    expect(text).toBe('A short answer.');
    expect(fake.chats()).toHaveLength(1);
    expect(fake.chats()[0]?.body.model).toBe('tiny');
    expect(fake.chats()[0]?.authorization).toBe('Bearer sk-local');
    expect(fake.promptOf(fake.chats()[0]!)).toContain('Summarize: hello');
    expect(lines).toEqual([`language model request to ${fake.loopback.url.replace('http://', '')} (tiny) sends “Talk one”`]);
  });

  it('names the endpoint and the cause when it cannot be reached, or answers an error or nothing', async () => {
    const port = await freePort();
    const down = new LlmClient(configFor(`http://127.0.0.1:${port}/v1`), () => undefined);
    await expect(down.chat({ messages: [{ role: 'user', content: 'x' }], sends: [], maxTokens: 10 })).rejects.toThrow(`The language model at 127.0.0.1:${port} (tiny) cannot be reached`);
    fake = await startFakeLlm(() => ({ status: 404, error: 'model "tiny" not found' }));
    const missing = new LlmClient(configFor(fake.baseUrl), () => undefined);
    await expect(missing.chat({ messages: [{ role: 'user', content: 'x' }], sends: [], maxTokens: 10 })).rejects.toThrow('answered 404: check the base URL and that the model is installed there');
    fake.respond = () => '   ';
    await expect(missing.chat({ messages: [{ role: 'user', content: 'x' }], sends: [], maxTokens: 10 })).rejects.toThrow('answered nothing');
  });

  it('asks for embeddings only with an embeddings model configured', async () => {
    fake = await startFakeLlm();
    const without = new LlmClient(configFor(fake.baseUrl), () => undefined);
    expect(await without.embed(['a', 'b'], ['T'])).toBeNull();
    expect(fake.requests).toHaveLength(0);
    const withModel = new LlmClient(configFor(fake.baseUrl, { embeddingModel: 'nomic-embed-text' }), () => undefined);
    const vectors = await withModel.embed(['eat', 'tea time'], ['T']);
    expect(vectors).toHaveLength(2);
    expect(fake.requests[0]?.body.model).toBe('nomic-embed-text');
  });

  it('reads a base URL with or without /v1 as the same API root', () => {
    expect(apiRootOf('http://localhost:11434')).toBe('http://localhost:11434/v1');
    expect(apiRootOf('http://localhost:11434/v1/')).toBe('http://localhost:11434/v1');
    expect(apiRootOf('https://api.example.com/openai/v1?x=1')).toBe('https://api.example.com/openai/v1');
  });
});
