// Ask the library through the desk's operations, on a real data home with transcripts fetched from
// the fixture upstream and the person's language model played by a loopback OpenAI-compatible
// server: what is sent (and when nothing is), and that citations point at stored segments.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AskAnswer } from '#shared/contract/insights';
import type { TranscriptView } from '#shared/contract/transcript';
import { LLM_HOW_TO } from '#service/llm/index';
import { openTestDesk, type TestDesk } from '../helpers/desk';
import { startFakeLlm, type FakeLlm, type RecordedLlmRequest } from '../helpers/fakeLlm';
import { tempHome } from '../helpers/home';
import { TIKTOK_IDS, TIKTOK_USER } from '../upstream/hosts/tiktok';
import { YOUTUBE_IDS } from '../upstream/hosts/youtube';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';

/** The numbered passages of a prompt, as `[n] (Title, m:ss) text` lines. */
const passagesOf = (prompt: string) => [...prompt.matchAll(/^\[(\d+)\] \((.+?)(?:, (\d+:\d\d))?\) (.*)$/gm)].map((m) => ({ n: Number(m[1]), title: m[2] ?? '', text: m[4] ?? '' }));

describe('ask the library', () => {
  let fixture: FixtureUpstream;
  let home: ReturnType<typeof tempHome>;
  let t: TestDesk;
  let fake: FakeLlm;
  let surface: TranscriptView;
  let lisbon: TranscriptView;
  const ids = { surface: 0, lisbon: 0 };
  const lastPrompt = () => {
    const chat = fake.chats().at(-1);
    if (chat === undefined) throw new Error('no chat request');
    return fake.promptOf(chat);
  };
  const ask = (question: string, scope: { ids?: number[]; platform?: 'longform' | null } = {}) => t.call('library.ask', { question, scope: { platform: null, provenance: null, ...scope } });
  const cites = (answer: AskAnswer) => answer.parts.filter((p) => p.kind === 'cite');

  beforeAll(async () => {
    fixture = await startFixtureUpstream();
    home = tempHome();
    t = await openTestDesk(home.dir, fixture.url);
    fake = await startFakeLlm();
    await t.call('queue.enqueue', { entries: [{ url: `https://www.youtube.com/watch?v=${YOUTUBE_IDS.manualAndAsr}` }, { url: `https://www.tiktok.com/@${TIKTOK_USER}/video/${TIKTOK_IDS.withCaptions}` }] });
    await t.call('queue.run', {});
    await vi.waitFor(async () => expect((await t.call('queue.list', {})).items.map((i) => i.status)).toEqual(['done', 'done']), { timeout: 20_000 });
    const { entries } = await t.call('library.search', {});
    for (const entry of entries) {
      const view = await t.call('transcript.get', { ref: entry.ref });
      if (view.text.includes('Surface')) {
        surface = view;
        ids.surface = entry.id;
      } else {
        lisbon = view;
        ids.lisbon = entry.id;
      }
    }
    expect(surface.segments?.length).toBeGreaterThan(2);
    expect(lisbon.segments?.length).toBeGreaterThan(2);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
    home.remove();
    await fixture.close();
  });

  it('with no language model set up, answers how to set one up and sends nothing', async () => {
    const result = await t.raw('library.ask', { question: 'Is the Surface Go cheap?' });
    expect(result).toEqual({ ok: false, error: { code: 'unavailable', message: LLM_HOW_TO } });
    expect(fake.requests).toHaveLength(0);
    await t.call('settings.update', { changes: { 'llm.baseUrl': fake.baseUrl, 'llm.model': 'tiny' } });
    expect(await t.call('llm.status', {})).toMatchObject({ configured: true, model: 'tiny', endpoint: new URL(fake.baseUrl).host });
  });

  it('answers nothing found, without a request, when no transcript has the question’s words', async () => {
    const answer = await ask('What about quantum chromodynamics?');
    expect(answer).toMatchObject({ nothingFound: true, parts: [], citations: [], sent: [], model: 'tiny' });
    expect(fake.requests).toHaveLength(0);
  });

  it('links the citations whose quotes are in the stored segments, at those segments’ times, and flags a made-up quote and an unsent passage', async () => {
    fake.respond = (request: RecordedLlmRequest) => {
      const passages = passagesOf(fake.promptOf(request));
      const cheap = passages.find((p) => p.text.includes('cheapest'));
      const hills = passages.find((p) => p.text.includes('hills'));
      if (cheap === undefined || hills === undefined) return 'The passages do not say.';
      return [
        `It is Microsoft’s cheapest Surface [${cheap.n}] "smallest & CHEAPEST surface".`,
        `Lisbon is steep [${hills.n}] “working remotely. First: the HILLS”.`,
        `It runs Linux [${cheap.n}] "runs Linux out of the box".`,
        `And it won an award [${passages.length + 5}].`,
      ].join(' ');
    };
    const answer = await ask('Is the Surface cheap, and what about the Lisbon hills?');
    expect(fake.chats()).toHaveLength(1);
    expect(answer.nothingFound).toBe(false);
    expect(answer.sent.map((s) => s.libraryId).sort()).toEqual([ids.surface, ids.lisbon].sort());

    const cheapSegment = surface.segments?.findIndex((s) => s.text.includes('cheapest')) ?? -1;
    const hillsSegment = lisbon.segments?.findIndex((s) => s.text.includes('working remotely')) ?? -1;
    expect(answer.citations).toEqual([
      expect.objectContaining({ libraryId: ids.surface, title: surface.title, segmentIndex: cheapSegment, start: (surface.segments?.[cheapSegment]?.startMs ?? -1) / 1000, text: surface.segments?.[cheapSegment]?.text }),
      expect.objectContaining({ libraryId: ids.lisbon, title: lisbon.title, segmentIndex: hillsSegment, start: (lisbon.segments?.[hillsSegment]?.startMs ?? -1) / 1000, text: lisbon.segments?.[hillsSegment]?.text }),
    ]);
    // The quote runs from the second segment into the third: it starts in the second.
    expect(answer.citations[1]?.start).toBe(1.8);
    expect(answer.citations[0]?.start).toBe(2.5);
    expect(cites(answer)).toEqual([
      { kind: 'cite', n: answer.citations[0]?.n, citation: 0 },
      { kind: 'cite', n: answer.citations[1]?.n, citation: 1 },
    ]);
    expect(answer.flagged).toEqual([
      { n: answer.citations[0]?.n, quote: 'runs Linux out of the box', reason: `quotes text that is not in “${surface.title}”` },
      { n: passagesOf(lastPrompt()).length + 5, quote: null, reason: `cites passage [${passagesOf(lastPrompt()).length + 5}], which was not sent` },
    ]);
    // The made-up claim's words stay as the model's text, with no link.
    const text = answer.parts.map((p) => (p.kind === 'text' ? p.text : '')).join('');
    expect(text).toContain('It runs Linux "runs Linux out of the box".');
    expect(text).not.toMatch(/\[\d+\]/);
  });

  it('sends only passages of the transcripts that match', async () => {
    fake.respond = () => 'It is cheap.';
    const answer = await ask('How cheap is the Surface?');
    const prompt = lastPrompt();
    const passages = passagesOf(prompt);
    expect(passages.length).toBeGreaterThan(0);
    expect(passages.every((p) => p.title === surface.title)).toBe(true);
    expect(prompt).not.toContain('Lisbon');
    expect(answer.sent).toEqual([{ libraryId: ids.surface, title: surface.title }]);
    expect(answer.parts).toEqual([{ kind: 'text', text: 'It is cheap.' }]);
  });

  it('keeps to the selection when the scope names entries', async () => {
    const answer = await ask('Is the Surface cheap, and what about the Lisbon hills?', { ids: [ids.lisbon] });
    expect(answer.sent).toEqual([{ libraryId: ids.lisbon, title: lisbon.title }]);
    expect(lastPrompt()).not.toContain('Surface Go');
    expect(passagesOf(lastPrompt()).every((p) => p.title === lisbon.title)).toBe(true);
    const none = await ask('Surface cheapest', { ids: [ids.lisbon] });
    expect(none.nothingFound).toBe(true);
  });

  it('names the endpoint when it fails, and answers an error instead of a broken answer', async () => {
    fake.respond = () => ({ status: 500, error: 'out of memory' });
    const result = await t.raw('library.ask', { question: 'How cheap is the Surface?' });
    if (result.ok) throw new Error('a failing endpoint cannot give an answer');
    expect(result.error.code).toBe('unavailable');
    expect(result.error.message).toContain(`The language model at ${new URL(fake.baseUrl).host} (tiny) failed`);
    fake.respond = () => 'It is cheap.';
  });

  it('with an embeddings model, asks the endpoint for embeddings and ranks the passages by them', async () => {
    await t.call('settings.update', { changes: { 'llm.embeddingModel': 'embed-tiny' } });
    const question = 'Surface or Lisbon?';
    const preferring = (words: string) => (text: string) => (text === question || text.includes(words) ? [1, 0] : [0, 1]);
    const before = fake.requests.length;
    fake.embed = preferring('hills');
    await ask(question);
    const embeddings = fake.requests.slice(before).filter((r) => r.path === '/v1/embeddings');
    expect(embeddings).toHaveLength(1);
    expect(embeddings[0]?.body).toMatchObject({ model: 'embed-tiny' });
    expect(embeddings[0]?.body.input?.[0]).toBe(question);
    expect(passagesOf(lastPrompt())[0]?.text).toContain('hills');
    fake.embed = preferring('cheapest');
    await ask(question);
    expect(passagesOf(lastPrompt())[0]?.text).toContain('cheapest');
  });
});
