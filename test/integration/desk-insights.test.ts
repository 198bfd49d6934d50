// Summaries and chapters through the desk's operations, on a real data home against the fixture
// upstream, with the person's language model a loopback OpenAI-compatible server set in Settings:
// what is sent (and when nothing is), what is stored and answered again, long transcripts in parts,
// the creator's chapters before the model's, and a model answer that is garbage.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OperationInput } from '#shared/contract/operations';
import type { TranscriptRef } from '#shared/contract/transcript';
import { LLM_HOW_TO, tokensOf } from '#service/llm/index';
import { startFakeLlm, type FakeLlm, type RecordedLlmRequest } from '../helpers/fakeLlm';
import { openTestDesk, type TestDesk } from '../helpers/desk';
import { tempHome } from '../helpers/home';
import { YOUTUBE_IDS } from '../upstream/hosts/youtube';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';

const SHORT = YOUTUBE_IDS.withCaptions;
/** A talk of real length (test/upstream/realLength.ts: 400 cues, about 24 KB). */
const LONG = 'realTalk001';
const CREATOR = YOUTUBE_IDS.creatorChapters;
const refOf = (key: string): TranscriptRef => ({ kind: 'transcript', platform: 'longform', key });

/** The fake model: summaries say which request they answer; chapters name real fixture times. */
function model(request: RecordedLlmRequest): string {
  const system = request.body.messages?.[0]?.content ?? '';
  const user = request.body.messages?.[1]?.content ?? '';
  if (system.includes('notes on consecutive parts')) return `REDUCED SUMMARY of ${(user.match(/^Part \d+:/gm) ?? []).length} parts`;
  if (system.includes('one part of a longer transcript into chapters')) {
    const first = /^\[(\d+:\d\d)\]/m.exec(user)?.[1] ?? '0:00';
    return `${first} Part starting at ${first}`;
  }
  if (system.includes('into chapters')) return 'Here are the chapters:\n0:00 Opening\n0:06 The type cover\n0:10 Price\n9:99 garbage\n0:03 going back\n59:00 Past the end';
  if (system.includes('one part of a longer transcript')) return `- notes on ${user.slice(0, 12)}`;
  return 'A short paragraph about the Surface Go.\nKey points:\n- It is small';
}

describe('summaries and chapters', () => {
  let fixture: FixtureUpstream;
  let home: ReturnType<typeof tempHome>;
  let t: TestDesk;
  let fake: FakeLlm;
  const configure = (changes: OperationInput<'settings.update'>['changes']) => t.call('settings.update', { changes });

  beforeAll(async () => {
    fixture = await startFixtureUpstream();
    fake = await startFakeLlm(model);
    home = tempHome();
    t = await openTestDesk(home.dir, fixture.url);
    await t.call('queue.enqueue', { entries: [SHORT, LONG, CREATOR].map((id) => ({ url: `https://www.youtube.com/watch?v=${id}` })) });
    await t.call('queue.run', {});
    await vi.waitFor(async () => expect((await t.call('queue.list', {})).items.map((i) => i.status)).toEqual(['done', 'done', 'done']), { timeout: 30_000 });
  }, 60_000);
  afterAll(async () => {
    await t.close();
    home.remove();
    await fixture.close();
    await fake.close();
  });
  beforeEach(() => {
    fake.requests.length = 0;
    fake.respond = model;
  });

  it('with no model set, answers how to set one up and sends nothing; insights.get never sends anything', async () => {
    const view = await t.call('insights.get', { ref: refOf(SHORT) });
    expect(view).toMatchObject({ summary: null, chapters: null, llm: { configured: false, howTo: LLM_HOW_TO } });
    const result = await t.raw('insights.make', { ref: refOf(SHORT), what: 'summary' });
    expect(result).toMatchObject({ ok: false, error: { code: 'unavailable', message: LLM_HOW_TO } });
    const chapters = await t.raw('insights.make', { ref: refOf(CREATOR), what: 'chapters' });
    expect(chapters).toMatchObject({ ok: false, error: { code: 'unavailable', message: LLM_HOW_TO } });
    expect(fake.requests).toHaveLength(0);
  });

  it('summarizes with the model set in Settings, stores it with the model named, and answers the stored one again without a request', async () => {
    await configure({ 'llm.baseUrl': fake.baseUrl, 'llm.model': 'tiny-model', 'llm.contextTokens': 8192 });
    const endpoint = new URL(fake.baseUrl).host;
    // The desk's log (stderr) says before each request where it goes and which transcript it carries.
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const made = await t.call('insights.make', { ref: refOf(SHORT), what: 'summary', refresh: false });
    expect(log.mock.calls.map((c) => String(c[0]))).toEqual([`transcript-desk: language model request to ${endpoint} (tiny-model) sends “Surface Go Review - It’s Awesome”`]);
    log.mockRestore();
    expect(made.summary?.text).toBe('A short paragraph about the Surface Go.\nKey points:\n- It is small');
    expect(made.summary?.provenance).toEqual({ kind: 'generated', task: 'summary', model: 'tiny-model', endpoint, from: 'Original' });
    expect(made.llm).toMatchObject({ configured: true, model: 'tiny-model', endpoint });
    expect(fake.chats()).toHaveLength(1);
    const prompt = fake.promptOf(fake.chats()[0]!);
    expect(prompt).toContain("[0:02] It's Microsoft's smallest & cheapest Surface.");

    const again = await t.call('insights.make', { ref: refOf(SHORT), what: 'summary', refresh: false });
    expect(again.summary?.id).toBe(made.summary?.id);
    expect(fake.chats()).toHaveLength(1);
    const read = await t.call('insights.get', { ref: refOf(SHORT) });
    expect(read.summary?.id).toBe(made.summary?.id);
    expect(fake.chats()).toHaveLength(1);

    fake.respond = () => 'A second, fresher summary.';
    const refreshed = await t.call('insights.make', { ref: refOf(SHORT), what: 'summary', refresh: true });
    expect(fake.chats()).toHaveLength(2);
    expect(refreshed.summary?.text).toBe('A second, fresher summary.');
    expect((await t.call('insights.get', { ref: refOf(SHORT) })).summary?.text).toBe('A second, fresher summary.');
  });

  it('summarizes a transcript longer than the context in parts, each request within the budget, then the part notes together', async () => {
    await configure({ 'llm.contextTokens': 1024 });
    const made = await t.call('insights.make', { ref: refOf(LONG), what: 'summary', refresh: false });
    const chats = fake.chats();
    const maps = chats.filter((c) => fake.promptOf(c).includes('one part of a longer transcript'));
    const reduces = chats.filter((c) => fake.promptOf(c).includes('notes on consecutive parts'));
    expect(maps.length).toBeGreaterThan(3);
    expect(reduces.length).toBeGreaterThanOrEqual(1);
    for (const c of chats) expect(tokensOf(fake.promptOf(c)) + (c.body.max_tokens ?? 0)).toBeLessThanOrEqual(1024);
    // The last reduce carries the notes the map requests answered.
    const last = fake.promptOf(reduces[reduces.length - 1]!);
    expect(last).toContain('- notes on');
    expect(made.summary?.text).toMatch(/^REDUCED SUMMARY of \d+ parts$/);
    await configure({ 'llm.contextTokens': 8192 });
  });

  it('makes chapters at real segment starts from a model answer with garbage in it', async () => {
    const made = await t.call('insights.make', { ref: refOf(SHORT), what: 'chapters', refresh: false });
    // 0:06 falls in the segment that starts at 5.7 s; 0:10 in the one at 9 s; the rest is dropped.
    expect(made.chapters?.chapters).toEqual([
      { start: 0, title: 'Opening' },
      { start: 5.7, title: 'The type cover' },
      { start: 9, title: 'Price' },
    ]);
    expect(made.chapters?.provenance).toMatchObject({ kind: 'generated', task: 'chapters', model: 'tiny-model' });
    const prompt = fake.promptOf(fake.chats()[0]!);
    expect(prompt).toContain('[0:05] The Type Cover is sold separately.');
  });

  it('a garbled chapters answer is a clear error naming the endpoint and model, and nothing is stored', async () => {
    await configure({ 'llm.model': 'other-model' });
    fake.respond = () => 'I cannot help with that. Chapter one: the beginning.';
    const before = await t.call('insights.get', { ref: refOf(SHORT) });
    const result = await t.raw('insights.make', { ref: refOf(SHORT), what: 'chapters', refresh: false });
    expect(result).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    const message = result.ok ? '' : result.error.message;
    expect(message).toContain(`${new URL(fake.baseUrl).host} (other-model) answered no usable chapters`);
    expect((await t.call('insights.get', { ref: refOf(SHORT) })).chapters?.id).toBe(before.chapters?.id);
    await configure({ 'llm.model': 'tiny-model' });
  });

  it('long transcripts get chapters per part, at absolute times, merged', async () => {
    await configure({ 'llm.contextTokens': 1024 });
    const made = await t.call('insights.make', { ref: refOf(LONG), what: 'chapters', refresh: false });
    const chapters = made.chapters?.chapters ?? [];
    expect(fake.chats().length).toBeGreaterThan(3);
    expect(chapters.length).toBeGreaterThan(3);
    expect(chapters.length).toBeLessThanOrEqual(20);
    expect(chapters[0]?.start).toBe(0);
    const versions = await t.call('versions.get', { ref: refOf(LONG), id: null });
    const starts = new Set((versions.segments ?? []).map((s) => s.startMs / 1000));
    for (const c of chapters) expect(starts.has(c.start)).toBe(true);
    expect(chapters.map((c) => c.start)).toEqual([...chapters.map((c) => c.start)].sort((a, b) => a - b));
    await configure({ 'llm.contextTokens': 8192 });
  });

  it("answers the creator's chapters from the video's description without asking the model", async () => {
    const made = await t.call('insights.make', { ref: refOf(CREATOR), what: 'chapters', refresh: false });
    expect(made.chapters?.provenance).toEqual({ kind: 'creator-chapters', platform: 'youtube' });
    expect(made.chapters?.chapters).toEqual([
      { start: 0, title: 'Intro' },
      { start: 90, title: 'The keyboard' },
      { start: 185, title: 'Verdict' },
    ]);
    expect(fake.requests).toHaveLength(0);
    expect((await t.call('insights.get', { ref: refOf(CREATOR) })).chapters?.id).toBe(made.chapters?.id);
  });

  it('summarizes the edited version once the person edits, naming it', async () => {
    const edited = await t.call('versions.edit', { ref: refOf(SHORT), from: null, edit: { kind: 'segmentText', index: 0, text: 'Hello everyone, this is the Surface Go' } });
    expect((await t.call('insights.get', { ref: refOf(SHORT) })).summary).toBeNull();
    fake.respond = () => 'Summary of the edited text.';
    const made = await t.call('insights.make', { ref: refOf(SHORT), what: 'summary', refresh: false });
    expect(fake.promptOf(fake.chats()[0]!)).toContain('[0:00] Hello everyone, this is the Surface Go');
    expect(made.summary?.provenance).toMatchObject({ kind: 'generated', from: edited.version.name });
    expect(made.summary?.text).toBe('Summary of the edited text.');
  });

  it('a transcript without timing gets a summary of its paragraphs, and no chapters', async () => {
    // A plain-text transcript in the cache, as a publisher's text file leaves one: no segments.
    const text = 'The first paragraph of a plain talk.\n\nThe second paragraph, about something else.';
    await t.opened.store.cache.put({ platform: 'microblog', canonicalKey: 'plain0001', sourceUrl: 'https://x.com/someone/status/1', title: 'A plain talk', body: { transcript: text }, text, segments: null });
    const plain: TranscriptRef = { kind: 'transcript', platform: 'microblog', key: 'plain0001' };
    fake.respond = () => 'A plain summary.';
    const made = await t.call('insights.make', { ref: plain, what: 'summary', refresh: false });
    expect(made.summary?.text).toBe('A plain summary.');
    expect(fake.promptOf(fake.chats()[0]!)).toContain('The first paragraph of a plain talk.\nThe second paragraph, about something else.');
    const chapters = await t.raw('insights.make', { ref: plain, what: 'chapters', refresh: false });
    expect(chapters).toMatchObject({ ok: false, error: { code: 'unavailable', message: 'This transcript has no timing, so it cannot have chapters' } });
    expect(fake.chats()).toHaveLength(1);
  });

  it("when the video's description cannot be read, the model makes the chapters and a note says why they are not the creator's", async () => {
    await fixture.close(); // YouTube unreachable from here on (the last test)
    const made = await t.call('insights.make', { ref: refOf(CREATOR), what: 'chapters', refresh: true });
    expect(made.chapters?.provenance).toMatchObject({ kind: 'generated', task: 'chapters' });
    expect(made.chapters?.note).toMatch(/^The video's description could not be read \(.+\), so these chapters were written by the model instead of the creator's\.$/);
    expect(fake.chats().length).toBeGreaterThan(0);
  });
});
