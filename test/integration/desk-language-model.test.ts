// Issue 19, Settings ▸ Language model and what exports make of stored summaries and chapters:
// the key is write-only and kept in the keychain (a stand-in here; the real stores are tested in
// test/unit/app/secrets.test.ts), "Test" sends one tiny request to the loopback fake endpoint or
// says why it cannot, and exports carry what is stored without ever calling the model.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OperationInput, OperationName, OperationOutput } from '#shared/contract/operations';
import type { Provenance } from '#shared/contract/provenance';
import type { SettingKey } from '#shared/settings';
import { createDesk, type Desk } from '../../src-main/desk/index';
import { storeChapters, storeSummary } from '../../src-main/desk/insights/stored';
import { versionRefKey } from '../../src-main/desk/versions/refKey';
import { LLM_HOW_TO } from '#service/llm/index';
import { openService, type OpenedService } from '#service/open';
import type { SecretSettings } from '#service/settings';
import { startFakeLlm, type FakeLlm } from '../helpers/fakeLlm';
import { openTestDesk, type TestDesk } from '../helpers/desk';
import { tempHome } from '../helpers/home';
import { freePort } from '../helpers/loopback';
import { TIKTOK_IDS, TIKTOK_USER } from '../upstream/hosts/tiktok';
import { YOUTUBE_IDS } from '../upstream/hosts/youtube';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';

/** The keychain as the desk sees it (src-main/app/secrets/settingsSecrets.ts in the app). */
class KeychainStandIn implements SecretSettings {
  readonly values = new Map<SettingKey, string>();
  get = (key: SettingKey) => this.values.get(key) ?? null;
  set = (key: SettingKey, value: string | null) => Promise.resolve(void (value === null ? this.values.delete(key) : this.values.set(key, value)));
}

describe('Settings ▸ Language model', () => {
  let home: ReturnType<typeof tempHome>;
  let opened: OpenedService;
  let desk: Desk;
  let keychain: KeychainStandIn;
  let fake: FakeLlm;
  const call = async <N extends OperationName>(name: N, input: OperationInput<N>): Promise<OperationOutput<N>> => {
    const result = await desk.call(name, input);
    if (!result.ok) throw new Error(`[${result.error.code}] ${result.error.message}`);
    return result.value;
  };

  beforeEach(async () => {
    home = tempHome();
    keychain = new KeychainStandIn();
    fake = await startFakeLlm((request) => (request.body.messages?.at(-1)?.content === 'Reply with OK' ? 'OK' : 'unexpected prompt'));
    // No upstream is needed: nothing here fetches a transcript.
    opened = await openService(home.dir, {}, { TRANSCRIPT_DESK_UPSTREAM: 'http://127.0.0.1:9' }, { secretSettings: keychain });
    desk = createDesk(opened, { home: home.dir, defaultExportFolder: join(home.dir, 'exports'), eventFlushMs: 1 });
  });
  afterEach(async () => {
    await desk.close();
    await opened.close();
    await fake.close();
    home.remove();
  });

  it('keeps the key in the keychain: settings.get never returns it, only that one is set', async () => {
    await call('settings.update', { changes: { 'llm.baseUrl': fake.baseUrl, 'llm.model': 'llama3.1:8b', 'llm.apiKey': 'sk-local-secret', 'llm.contextTokens': 4096, 'llm.embeddingModel': 'nomic-embed-text' } });
    const view = await call('settings.get', {});
    expect(JSON.stringify(view)).not.toContain('sk-local-secret');
    expect(view.secretsSet).toContain('llm.apiKey');
    expect(view.values).toMatchObject({ 'llm.baseUrl': fake.baseUrl, 'llm.model': 'llama3.1:8b', 'llm.apiKey': null, 'llm.contextTokens': 4096, 'llm.embeddingModel': 'nomic-embed-text' });
    expect(keychain.values.get('llm.apiKey')).toBe('sk-local-secret');
    expect(await opened.store.settings.get('llm.apiKey')).toBeUndefined();
    // Clear forgets it.
    await call('settings.update', { changes: {}, reset: ['llm.apiKey'] });
    expect((await call('settings.get', {})).secretsSet).not.toContain('llm.apiKey');
    expect(keychain.values.has('llm.apiKey')).toBe(false);
  });

  it('refuses a link-local base URL with the schema’s message', async () => {
    await expect(call('settings.update', { changes: { 'llm.baseUrl': 'http://169.254.169.254/v1' } })).rejects.toThrow('169.254.169.254 is a link-local address');
  });

  it('Test sends one tiny request to the form’s endpoint and shows the answer; nothing is saved by testing', async () => {
    const result = await call('llm.test', { baseUrl: fake.baseUrl, model: 'llama3.1:8b', key: 'sk-form' });
    expect(result).toEqual({ ok: true, message: `llama3.1:8b at ${fake.loopback.url.replace('http://', '')} answered: OK` });
    expect(fake.requests).toHaveLength(1);
    expect(fake.chats()[0]?.body).toMatchObject({ model: 'llama3.1:8b', messages: [{ role: 'user', content: 'Reply with OK' }] });
    expect(fake.chats()[0]?.authorization).toBe('Bearer sk-form');
    const view = await call('settings.get', {});
    expect(view.values['llm.baseUrl']).toBeNull();
    expect(view.secretsSet).not.toContain('llm.apiKey');
  });

  it('Test uses the saved settings when the form gives none, and the saved key only for the saved URL', async () => {
    await call('settings.update', { changes: { 'llm.baseUrl': fake.baseUrl, 'llm.model': 'tiny', 'llm.apiKey': 'sk-saved' } });
    expect(await call('llm.test', {})).toMatchObject({ ok: true });
    expect(fake.chats()[0]?.authorization).toBe('Bearer sk-saved');
    const other = await startFakeLlm(() => 'OK');
    try {
      expect(await call('llm.test', { baseUrl: other.baseUrl })).toMatchObject({ ok: true });
      expect(other.chats()[0]?.authorization).not.toContain('sk-saved');
      expect(other.chats()[0]?.body.model).toBe('tiny');
    } finally {
      await other.close();
    }
  });

  it('Test says why not: the endpoint’s error, an endpoint that is down, a refused URL, nothing configured', async () => {
    fake.respond = () => ({ status: 404, error: 'model "nope" not found' });
    const missing = await call('llm.test', { baseUrl: fake.baseUrl, model: 'nope' });
    expect(missing.ok).toBe(false);
    expect(missing.message).toContain('answered 404: check the base URL and that the model is installed there');

    const port = await freePort();
    const down = await call('llm.test', { baseUrl: `http://127.0.0.1:${port}/v1`, model: 'tiny' });
    expect(down).toMatchObject({ ok: false, message: expect.stringContaining(`The language model at 127.0.0.1:${port} (tiny) cannot be reached`) as string });

    const before = fake.requests.length;
    expect(await call('llm.test', { baseUrl: 'http://169.254.169.254/v1', model: 'tiny' })).toEqual({ ok: false, message: expect.stringMatching(/^The base URL 169\.254\.169\.254 is a link-local address/) as string });
    expect(await call('llm.test', { baseUrl: 'ftp://localhost/v1', model: 'tiny' })).toEqual({ ok: false, message: 'The base URL must start with http:// or https://' });
    expect(await call('llm.test', { baseUrl: 'http://metadata.google.internal/v1', model: 'tiny' })).toEqual({ ok: false, message: 'The base URL metadata.google.internal is a cloud metadata service, not a language model server' });
    expect(await call('llm.test', { baseUrl: 'http://me:sk-x@localhost:11434/v1', model: 'tiny' })).toEqual({ ok: false, message: 'The base URL must not contain a user name or password (set llm.apiKey instead)' });
    expect(await call('llm.test', {})).toEqual({ ok: false, message: LLM_HOW_TO });
    expect(await call('llm.test', { baseUrl: fake.baseUrl })).toEqual({ ok: false, message: LLM_HOW_TO });
    expect(fake.requests).toHaveLength(before);
  });
});

describe('exports with a stored summary and chapters', () => {
  let fixture: FixtureUpstream;
  let home: ReturnType<typeof tempHome>;
  let t: TestDesk;
  let fake: FakeLlm;
  const YT = `https://www.youtube.com/watch?v=${YOUTUBE_IDS.withCaptions}`;
  const TIKTOK = `https://www.tiktok.com/@${TIKTOK_USER}/video/${TIKTOK_IDS.withCaptions}`;
  const generated = (task: 'summary' | 'chapters'): Provenance => ({ kind: 'generated', task, model: 'llama3.1:8b', endpoint: 'localhost:11434', from: 'Original' });

  beforeAll(async () => {
    fixture = await startFixtureUpstream();
  });
  afterAll(() => fixture.close());
  beforeEach(async () => {
    home = tempHome();
    t = await openTestDesk(home.dir, fixture.url);
    // A configured model that must not be asked anything by an export.
    fake = await startFakeLlm();
    await t.call('settings.update', { changes: { 'llm.baseUrl': fake.baseUrl, 'llm.model': 'llama3.1:8b' } });
    await t.call('queue.enqueue', { entries: [{ url: YT }, { url: TIKTOK }] });
    await t.call('queue.run', {});
    // A hang guard: two items against the loopback fixture settle in well under a second here.
    await vi.waitFor(async () => expect((await t.call('queue.list', {})).items.every((i) => i.status === 'done')).toBe(true), { timeout: 20_000 });
    const item = (await t.call('queue.list', {})).items.find((i) => i.url === YT);
    const refKey = item?.transcript === null || item === undefined ? undefined : await versionRefKey(t.opened, item.transcript);
    if (refKey === undefined) throw new Error('the YouTube item has no transcript');
    await storeSummary(t.opened, refKey, null, 'A review of the Surface Go.\n\nIt is *awesome*.', generated('summary'));
    await storeChapters(t.opened, refKey, null, [{ start: 0, title: 'Intro' }, { start: 75, title: 'Keyboard' }, { start: 3725, title: 'Verdict' }], generated('chapters'));
  });
  afterEach(async () => {
    await t.close();
    await fake.close();
    home.remove();
  });

  it('Markdown: ## Summary and ## Chapters (time links, who wrote them) before the transcript', async () => {
    const result = await t.call('export.run', { scope: { kind: 'queue' }, format: 'md' });
    expect(result.files).toContain('Surface-Go-Review-It-s-Awesome.md');
    const md = readFileSync(join(t.exportDir, 'Surface-Go-Review-It-s-Awesome.md'), 'utf8');
    const link = (s: number) => `https://www.youtube.com/watch?v=${YOUTUBE_IDS.withCaptions}&t=${s}s`;
    expect(md).toContain(`## Summary\n\nA review of the Surface Go.\n\nIt is \\*awesome\\*.\n\n*Summary written by llama3.1:8b (localhost:11434) from Original*\n\n## Chapters\n\n- [0:00](${link(0)}) Intro\n- [1:15](${link(75)}) Keyboard\n- [1:02:05](${link(3725)}) Verdict\n\n*Chapters written by llama3.1:8b (localhost:11434) from Original*\n\n## Transcript\n\n`);
    // The TikTok transcript has none: no such sections.
    const other = result.files.find((f) => f !== 'Surface-Go-Review-It-s-Awesome.md') ?? '';
    expect(readFileSync(join(t.exportDir, other), 'utf8')).not.toContain('## Summary');
    expect(fake.requests).toHaveLength(0);
  });

  it('JSON: summary and chapters fields, null for a transcript without them', async () => {
    const result = await t.call('export.run', { scope: { kind: 'queue' }, format: 'json' });
    const read = (name: string) => JSON.parse(readFileSync(join(t.exportDir, name), 'utf8')) as Record<string, unknown>;
    const yt = read('Surface-Go-Review-It-s-Awesome.json');
    expect(yt.summary).toEqual({ text: 'A review of the Surface Go.\n\nIt is *awesome*.', provenance: generated('summary') });
    expect(yt.chapters).toEqual({ chapters: [{ start: 0, title: 'Intro' }, { start: 75, title: 'Keyboard' }, { start: 3725, title: 'Verdict' }], provenance: generated('chapters') });
    const other = read(result.files.find((f) => f !== 'Surface-Go-Review-It-s-Awesome.json') ?? '');
    expect(other).toMatchObject({ summary: null, chapters: null });
    expect(fake.requests).toHaveLength(0);
  });

  it('chapters: a YouTube chapter list file; a transcript without chapters is skipped with the reason', async () => {
    const result = await t.call('export.run', { scope: { kind: 'queue' }, format: 'chapters' });
    expect(result.files).toEqual(['Surface-Go-Review-It-s-Awesome.chapters.txt']);
    expect(readFileSync(join(t.exportDir, 'Surface-Go-Review-It-s-Awesome.chapters.txt'), 'utf8')).toBe('0:00 Intro\n1:15 Keyboard\n1:02:05 Verdict\n');
    expect(result.skipped).toEqual([{ name: expect.any(String) as string, reason: expect.stringContaining('none are stored for this transcript') as string }]);
    expect(fake.requests).toHaveLength(0);
  });

  it('takes the summary made from the export version over a newer one of another version', async () => {
    const item = (await t.call('queue.list', {})).items.find((i) => i.url === YT);
    const ref = item?.transcript;
    if (ref === null || ref === undefined) throw new Error('the YouTube item has no transcript');
    const refKey = (await versionRefKey(t.opened, ref)) as string;
    const edited = await t.call('versions.edit', { ref, from: null, edit: { kind: 'segmentText', index: 0, text: 'A corrected first line' } });
    await t.call('versions.choose', { ref, id: edited.version.id });
    await storeSummary(t.opened, refKey, edited.version.id, 'Summary of the edit.', generated('summary'));
    // Made later (versions are numbered in the order made), but from the original, which is not what this export writes.
    await storeSummary(t.opened, refKey, null, 'Summary of the original.', generated('summary'));
    const summaryOf = async () => {
      await t.call('export.run', { scope: { kind: 'transcripts', refs: [ref] }, format: 'json' });
      return (JSON.parse(readFileSync(join(t.exportDir, 'Surface-Go-Review-It-s-Awesome.json'), 'utf8')) as { summary: { text: string } }).summary.text;
    };
    expect(await summaryOf()).toBe('Summary of the edit.');
    await t.call('versions.choose', { ref, id: null });
    expect(await summaryOf()).toBe('Summary of the original.');
  });
});
