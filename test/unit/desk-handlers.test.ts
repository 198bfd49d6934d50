// The handler table: every payload is parsed with the operation's schema; errors come back as
// `{ ok: false, error: { code, message } }` a person can read; keys, settings, podcast jobs.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { EVENTS } from '#shared/contract/events';
import { OPERATIONS } from '#shared/contract/operations';
import { openTestDesk, type TestDesk } from '../helpers/desk';
import { tempHome } from '../helpers/home';
import { advanceJob, failJob, finishJob, insertProcessingJob } from '../helpers/podcastRecords';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';
import { sqliteLedgerOf } from '#service/open';

let fixture: FixtureUpstream;
let home: ReturnType<typeof tempHome>;
let t: TestDesk;
const cancelled: [number, string][] = [];

beforeAll(async () => {
  fixture = await startFixtureUpstream();
});
afterAll(() => fixture.close());
beforeEach(async () => {
  home = tempHome();
  t = await openTestDesk(home.dir, fixture.url, { podcast: { cancel: (accountId, jobId) => (cancelled.push([accountId, jobId]), Promise.resolve(jobId === 'job-running')) } });
});
afterEach(async () => {
  await t.close();
  home.remove();
});

describe('contract parsing', () => {
  it('refuses payloads that do not match, naming the field; unknown operations; extra keys on empty inputs', async () => {
    expect(await t.raw('queue.enqueue', { entries: 'https://youtu.be/x' })).toEqual({ ok: false, error: { code: 'invalid_input', message: expect.stringMatching(/^queue\.enqueue: entries: /) as string } });
    expect(await t.raw('queue.enqueue', { entries: [] })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await t.raw('queue.list', { sneaky: 1 })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await t.raw('library.search', { limit: 1e9 })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await t.raw('export.run', { scope: { kind: 'queue' }, format: 'pdf' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await t.raw('__proto__', {})).toEqual({ ok: false, error: { code: 'not_found', message: 'No operation named __proto__' } });
    expect(await t.raw('queue.list', null)).toMatchObject({ ok: true });
  });

  it('every handler output satisfies its schema', async () => {
    const outputs: [keyof typeof OPERATIONS, unknown][] = [
      ['queue.list', await t.call('queue.list', {})],
      ['queue.enqueue', await t.call('queue.enqueue', { entries: [{ url: 'https://youtu.be/GJLlxj_dtq8' }, { url: 'bad' }] })],
      ['settings.get', await t.call('settings.get', {})],
      ['keys.list', await t.call('keys.list', {})],
      ['models.list', await t.call('models.list', {})],
      ['library.search', await t.call('library.search', {})],
      ['balance.get', await t.call('balance.get', {})],
      ['podcast.list', await t.call('podcast.list', {})],
    ];
    for (const [name, value] of outputs) expect(OPERATIONS[name].output.safeParse(value).error).toBeUndefined();
    await vi.waitFor(() => expect(t.events.length).toBeGreaterThan(0));
    for (const { event, payload } of t.events) expect(EVENTS[event].safeParse(payload).error).toBeUndefined();
  });
});

describe('keys', () => {
  it('creates a key shown once, lists prefixes, revokes; refuses to revoke the app key', async () => {
    const created = await t.call('keys.create', { plan: 'plus', credits: 50, label: 'script' });
    expect(created).toMatchObject({ plan: 'plus', credits: 50, key: expect.stringMatching(/^sk_live_/) as string });
    const { keys } = await t.call('keys.list', {});
    expect(keys.map((k) => [k.prefix, k.isAppKey])).toEqual([
      [t.opened.owner.key.slice(0, 16), true],
      [created.prefix, false],
    ]);
    expect(JSON.stringify(keys)).not.toContain(created.key);
    expect(await t.call('keys.revoke', { prefix: created.prefix })).toEqual({ revoked: true });
    expect(await t.opened.service.admit(`Bearer ${created.key}`, 'x')).toMatchObject({ ok: false, response: { status: 401, body: { error: 'Invalid API key' } } });
    expect(await t.raw('keys.revoke', { prefix: t.opened.owner.key.slice(0, 16) })).toMatchObject({ ok: false, error: { code: 'unavailable' } });
    expect(await t.raw('keys.revoke', { prefix: 'sk_live_nothere1' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});

describe('settings', () => {
  it('stores desk settings, masks secrets, and changes nothing when one value is bad', async () => {
    const view = await t.call('settings.update', { changes: { 'desk.theme': 'dark', 'desk.queue.concurrency': 5, 'stt.openai.apiKey': 'sk-secret' } });
    expect(view.values).toMatchObject({ 'desk.theme': 'dark', 'desk.queue.concurrency': 5, 'stt.openai.apiKey': null });
    expect(view.secretsSet).toEqual(['stt.openai.apiKey']);
    expect(JSON.stringify(view)).not.toContain('sk-secret');
    expect(view.exportFolder).toBe(t.exportDir);
    expect(await t.raw('settings.update', { changes: { 'desk.theme': 'light', 'desk.api.port': 80 } })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect((await t.call('settings.get', {})).values['desk.theme']).toBe('dark');
    expect((await t.call('settings.update', { reset: ['desk.theme'] })).values['desk.theme']).toBe('system');
    expect((await t.call('queue.list', {})).state.concurrency).toBe(5);
  });
});

describe('podcast jobs', () => {
  const job = { jobId: 'job-running', episodeKey: 'ep-1000482637777', title: 'The Long Interview', showTitle: 'Fixture Radio', durationSeconds: 5400, chunksTotal: 4, reserved: 20 };

  it('shows job records as cards, reports progress as it moves, and done with what it cost', async () => {
    insertProcessingJob(sqliteLedgerOf(t.opened), { ...job, accountId: t.opened.owner.accountId });
    await vi.waitFor(() => expect(t.eventsOf('job.progress').at(-1)).toMatchObject({ jobId: 'job-running', status: 'processing', progress: { chunksDone: 0, chunksTotal: 4 }, credits: { reserved: 20, refunded: 0, charged: 20 } }));
    advanceJob(sqliteLedgerOf(t.opened), job.episodeKey, 3);
    await vi.waitFor(() => expect(t.eventsOf('job.progress').at(-1)?.progress).toEqual({ chunksDone: 3, chunksTotal: 4 }));
    finishJob(sqliteLedgerOf(t.opened), { ...job, accountId: t.opened.owner.accountId }, 'Welcome to Fixture Radio, the long interview.', 20);
    await vi.waitFor(() => expect(t.eventsOf('job.progress').at(-1)).toMatchObject({ status: 'done', progress: { chunksDone: 4, chunksTotal: 4 }, credits: { charged: 20 } }));
    expect((await t.call('podcast.list', {})).jobs).toHaveLength(1);
    // The finished episode is in the library and opens in the viewer.
    const found = await t.call('library.search', { query: 'long interview' });
    expect(found.entries.map((e) => [e.title, e.subtitle, e.ref])).toEqual([['The Long Interview', 'Fixture Radio', { kind: 'episode', key: job.episodeKey }]]);
    expect((await t.call('transcript.get', { ref: { kind: 'episode', key: job.episodeKey } })).text).toBe('Welcome to Fixture Radio, the long interview.');
  });

  it('a failed job shows the error and the refund', async () => {
    insertProcessingJob(sqliteLedgerOf(t.opened), { ...job, jobId: 'job-failing', episodeKey: 'ep-2', accountId: t.opened.owner.accountId });
    const before = sqliteLedgerOf(t.opened).credits.balance(t.opened.owner.accountId);
    failJob(sqliteLedgerOf(t.opened), { jobId: 'job-failing', episodeKey: 'ep-2', accountId: t.opened.owner.accountId }, 'The episode audio could not be downloaded (HTTP 404)');
    await vi.waitFor(() =>
      expect(t.eventsOf('job.progress').at(-1)).toMatchObject({ status: 'failed', error: { code: 'transcription_failed', message: 'The episode audio could not be downloaded (HTTP 404)' }, credits: { reserved: 20, refunded: 20, charged: 0 } }),
    );
    expect(sqliteLedgerOf(t.opened).credits.balance(t.opened.owner.accountId)).toBe(before + 20);
    await vi.waitFor(() => expect(t.eventsOf('balance').at(-1)?.credits).toBe(before + 20));
  });

  it('cancel goes to the podcast runner for the owner account', async () => {
    expect(await t.call('podcast.cancel', { jobId: 'job-running' })).toEqual({ cancelled: true });
    expect(await t.call('podcast.cancel', { jobId: 'job-other' })).toEqual({ cancelled: false });
    expect(cancelled).toEqual([
      [t.opened.owner.accountId, 'job-running'],
      [t.opened.owner.accountId, 'job-other'],
    ]);
  });
});
