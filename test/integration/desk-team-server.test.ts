// The desk against a team server (Settings ▸ Team server): a real `serve` process on loopback
// stands in for it (it speaks exactly the spec's REST API), a desk on another data home whose own
// upstream leads nowhere, so every transcript it shows must have come from the team server.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueItem } from '#shared/contract/queue';
import { freePort } from '../helpers/loopback';
import { createKey, startServer, type CreatedKey, type ServerProcess } from '../helpers/cli';
import { openTestDesk, TestClock, type TestDesk } from '../helpers/desk';
import { cliGuardMs, POLLED_JOB_GUARD_MS } from '../helpers/guards';
import { tempHome } from '../helpers/home';
import { call } from '../helpers/http';
import { episodeLink, PODCAST_IDS } from '../upstream/hosts/podcasts';
import { YOUTUBE_IDS } from '../upstream/hosts/youtube';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';

let serverHome: ReturnType<typeof tempHome>;
let deskHome: ReturnType<typeof tempHome>;
let fixture: FixtureUpstream;
let server: ServerProcess;
let team: CreatedKey;
let t: TestDesk;

const YT = `https://www.youtube.com/watch?v=${YOUTUBE_IDS.withCaptions}`;
const EPISODE = episodeLink(PODCAST_IDS.show, PODCAST_IDS.publisher, 'should-you-have-a-trailer');
const teamBalance = async () => (await call(server.url, 'GET', '/api/balance', { key: team.key })).body.credits as number;

/** Reads the queue until every row is past running (real time: the runner and the job poll are real). */
async function settled(deadlineMs: number): Promise<QueueItem[]> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    const { items } = await t.call('queue.list', {});
    if (items.every((item) => !['queued', 'running', 'submitted'].includes(item.status)) || Date.now() > until) return items;
    await sleep(100);
  }
}

beforeAll(async () => {
  serverHome = tempHome();
  deskHome = tempHome();
  fixture = await startFixtureUpstream();
  team = await createKey(serverHome.dir, { plan: 'pro', credits: 40, label: 'team' });
  server = await startServer(serverHome.dir, { TRANSCRIPT_DESK_UPSTREAM: fixture.url });
  // The desk's own upstream is a closed port: nothing it shows can have been fetched here.
  t = await openTestDesk(deskHome.dir, 'http://127.0.0.1:9', { clock: new TestClock(Date.now()) });
}, cliGuardMs(2));

afterAll(async () => {
  await t.close();
  await server.stop();
  await fixture.close();
  serverHome.remove();
  deskHome.remove();
});

describe('the desk with a team server', { timeout: POLLED_JOB_GUARD_MS }, () => {
  it('Test connection shows the balance and plan, or the server’s refusal, before anything is saved', async () => {
    expect(await t.call('teamServer.test', { url: server.url, key: team.key })).toEqual({ ok: true, server: server.url, credits: 40, plan: 'pro', message: 'Connected: 40 credits on the pro plan' });
    const wrong = await t.call('teamServer.test', { url: server.url, key: 'sk_live_0000000000000000000000000000' });
    expect(wrong).toMatchObject({ ok: false, credits: null });
    expect(wrong.message).toContain('Invalid API key');
    const ftp = await t.call('teamServer.test', { url: 'ftp://team.example', key: team.key });
    expect(ftp.message).toBe('The URL must start with http:// or https://');
    // Nothing was saved by testing.
    const view = await t.call('settings.get', {});
    expect(view.values['team.server.url']).toBeNull();
    expect(view.secretsSet).not.toContain('team.server.key');
  });

  it('saved, the header shows the team key’s balance; the key stays write-only', async () => {
    const view = await t.call('settings.update', { changes: { 'team.server.url': server.url, 'team.server.key': team.key } });
    expect(view.values['team.server.url']).toBe(server.url);
    expect(view.values['team.server.key']).toBeNull();
    expect(view.secretsSet).toContain('team.server.key');
    expect(await t.call('balance.get', {})).toEqual({ credits: 40, plan: 'pro' });
    expect(await t.call('teamServer.test', {})).toMatchObject({ ok: true, credits: 40 });
  });

  it('the queue runs a video and a podcast episode on the team server: its credits, its job; the transcripts land in this library', async () => {
    const ownerBefore = await t.opened.store.credits.balance(t.opened.owner.accountId);
    await t.call('queue.enqueue', { entries: [{ url: YT }, { url: EPISODE }] });
    await t.call('queue.run', {});
    const items = await settled(POLLED_JOB_GUARD_MS - 5000);
    const video = items.find((item) => item.platform === 'longform');
    const episode = items.find((item) => item.platform === 'podcast');
    expect(video).toMatchObject({ status: 'done', credits: 1, httpStatus: 200 });
    expect(episode).toMatchObject({ status: 'done', title: 'Should You Have a Trailer?', credits: 10 });
    expect(episode?.message).toBe(`Transcribed on the team server ${server.url}`);

    // The team key paid (1 + 10); this machine's owner paid nothing.
    expect(await teamBalance()).toBe(29);
    expect(await t.opened.store.credits.balance(t.opened.owner.accountId)).toBe(ownerBefore);

    // The job card came from polling the team server's job record.
    const { jobs } = await t.call('podcast.list', {});
    expect(jobs[0]).toMatchObject({ jobId: episode?.jobId, status: 'done', progress: { chunksDone: 1, chunksTotal: 1 }, episode: { title: 'Should You Have a Trailer?' } });
    expect(t.eventsOf('job.progress').some((job) => job.jobId === episode?.jobId && job.status === 'done')).toBe(true);

    // Both are in the local library: viewer, search and export read them as any other.
    const viewed = await t.call('transcript.get', { ref: video?.transcript ?? { kind: 'episode', key: '' } });
    expect(viewed.text).toContain('Hey guys, so this is the Surface Go.');
    expect(viewed.segments?.[0]).toEqual({ text: 'Hey guys, so this is the Surface Go.', startMs: 0, endMs: 2500 });
    const episodeView = await t.call('transcript.get', { ref: episode?.transcript ?? { kind: 'episode', key: '' } });
    expect(episodeView.text.split('\n')[0]).toBe("In today's episode, you'll learn whether or not you");
    const found = await t.call('library.search', { query: 'trailer' });
    expect(found.entries.map((entry) => entry.platform)).toContain('podcast');
    const exported = await t.call('export.run', { scope: { kind: 'items', ids: [video?.id ?? ''] }, format: 'srt', folder: t.exportDir });
    expect(exported.files).toHaveLength(1);
  });

  it('“Transcribe the audio” is refused clearly: a team server offers only the REST API', async () => {
    const client = await t.call('balance.get', {});
    expect(client.plan).toBe('pro');
    const { items } = await t.call('queue.enqueue', { entries: [{ url: 'https://www.tiktok.com/@someone/video/7300000000000000001' }] });
    // A row that ended `empty` (as a TikTok without captions does) is what the remedy starts from.
    await t.opened.store.queue.update(items[0]?.id ?? '', { status: 'empty', httpStatus: 200, credits: 1 });
    await t.call('queue.transcribeAudio', { id: items[0]?.id ?? '' });
    for (let i = 0; i < 50; i++) {
      const row = (await t.call('queue.list', {})).items.find((item) => item.id === items[0]?.id);
      if (row?.message?.startsWith('Transcribing the audio failed') === true) {
        expect(row.message).toContain('Not offered by a team server');
        expect(row.status).toBe('empty');
        return;
      }
      await sleep(50);
    }
    throw new Error('the row never said why');
  });

  it('a team server that stops answering: the row fails saying so, nothing is charged here', async () => {
    const gone = `http://127.0.0.1:${await freePort()}`;
    await t.call('settings.update', { changes: { 'team.server.url': gone } });
    await expect(t.call('balance.get', {})).rejects.toThrow(`Team server unreachable: The team server ${gone} could not be reached: connection refused`);
    await t.call('queue.enqueue', { entries: [{ url: `https://youtu.be/${YOUTUBE_IDS.noCaptions}` }] });
    await t.call('queue.run', {});
    const items = await settled(20_000);
    const row = items.find((item) => item.url.includes(YOUTUBE_IDS.noCaptions));
    expect(row).toMatchObject({ status: 'failed', httpStatus: 502, error: 'Team server unreachable', credits: 0 });
  });

  it('switched off, the desk is this machine’s again', async () => {
    await t.call('settings.update', { reset: ['team.server.url', 'team.server.key'] });
    expect(await t.call('balance.get', {})).toEqual({ credits: 1000, plan: 'pro' });
  });
});
