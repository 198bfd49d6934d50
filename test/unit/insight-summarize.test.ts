// Map-reduce summaries against a loopback model that answers far too much: every request stays
// inside the context, the reduce runs in rounds until the notes fit, and the answer is bounded.
import { afterEach, describe, expect, it } from 'vitest';
import { apiRootOf, LlmClient, tokensOf } from '#service/llm/index';
import { MAX_SUMMARY_CHARS, summarize } from '../../src-main/desk/insights/summarize';
import { startFakeLlm, type FakeLlm } from '../helpers/fakeLlm';

let fake: FakeLlm | undefined;
afterEach(async () => fake?.close());

const clientFor = (baseUrl: string, contextTokens: number) => new LlmClient({ apiRoot: apiRootOf(baseUrl), endpoint: new URL(baseUrl).host, model: 'chatty', apiKey: null, contextTokens, embeddingModel: null }, () => undefined);

describe('map-reduce summaries', () => {
  it('reduces in rounds when a chatty model’s notes do not fit one request, every prompt within the context', async () => {
    fake = await startFakeLlm((request) => {
      const system = request.body.messages?.[0]?.content ?? '';
      if (system.includes('Write one summary of the whole transcript') && !system.includes('one part')) return `FINAL ${'z'.repeat(30_000)}`;
      return `- ${'note '.repeat(2000)}`; // 10,000 characters of notes for every part
    });
    const units = Array.from({ length: 3000 }, (_, i) => `[${Math.floor(i / 20)}:${String((i * 3) % 60).padStart(2, '0')}] line ${i} of a very long talk about many things`);
    const text = await summarize({ llm: clientFor(fake.baseUrl, 1024), units, sends: ['Long talk'] });
    const chats = fake.chats();
    for (const c of chats) expect(tokensOf(fake.promptOf(c)) + (c.body.max_tokens ?? 0)).toBeLessThanOrEqual(1024);
    const rounds = chats.filter((c) => (c.body.messages?.[0]?.content ?? '').startsWith('You are given notes'));
    expect(rounds.length).toBeGreaterThan(1);
    expect(text.startsWith('FINAL')).toBe(true);
    expect(text.length).toBeLessThanOrEqual(MAX_SUMMARY_CHARS);
  });

  it('asks once when the transcript fits', async () => {
    fake = await startFakeLlm(() => 'Short.');
    expect(await summarize({ llm: clientFor(fake.baseUrl, 8192), units: ['[0:00] hello', '[0:02] world'], sends: ['T'] })).toBe('Short.');
    expect(fake.chats()).toHaveLength(1);
  });
});
