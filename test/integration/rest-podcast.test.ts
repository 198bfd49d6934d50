// Podcast jobs through the REST API of a real `serve` process (spec §2.4, §3, §4.2, §4.3, §8):
// Apple's lookup API, the feeds and the audio on the fixture upstream, pocketsphinx as the engine.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Ledger } from '#service/ledger/index';
import { ledgerFile } from '#service/home';
import { createKey, type CreatedKey } from '../helpers/cli';
import { cliGuardMs, POLLED_JOB_GUARD_MS, speechGuardMs } from '../helpers/guards';
import { startHarness, type Harness } from '../helpers/harness';
import { balanceOf, getJob, ISO_MS, pollJob, submitEpisode } from '../helpers/podcast';
import { clipGuardMs, expectClipSpeech } from '../helpers/spoken';
import { wordErrorRate } from '../helpers/wer';
import { episodeLink, PODCAST_IDS } from '../upstream/hosts/podcasts';
import { EPISODE_SECONDS, episodeText, prepareMedia } from '../upstream/media';

let h: Harness;
let pro: string; // the harness key: pro plan, 100 credits
let plus: CreatedKey;
let latecomer: CreatedKey;
const START = 100;
const engineRtf = inject('engineRtf');
const MAIN = episodeLink(PODCAST_IDS.show, PODCAST_IDS.main, 'trains-kitchens-lighthouses');
const TRACKERS = ['dts.podtrac.com', 'chrt.fm', 'pdst.fm', 'arttrk.com', 'claritaspod.com', 'pscrb.fm', 'mgln.ai', 'pdrl.fm', 'chtbl.com', 'pfx.vpixl.com', 'prefix.up.audio', 'prfx.byspotify.com', 'tracking.swap.fm', 'play.podtrac.com', 'www.podtrac.com'];

beforeAll(async () => {
  await prepareMedia(inject('speechCache'));
  h = await startHarness(START, { plan: 'pro', mediaDir: inject('speechCache') });
  pro = h.key.key;
  [plus, latecomer] = await Promise.all([createKey(h.home, { plan: 'plus', credits: 50 }), createKey(h.home, { plan: 'plus', credits: 20 })]);
});
afterAll(async () => {
  await h.close();
});

describe('an episode transcribed by speech-to-text', () => {
  let jobId: string;
  let joinedJobId: string;

  it('submit → 202 with a jobId; the reservation is taken at once; polls show chunksDone rising; done with the transcript and the settled balance', { timeout: speechGuardMs(EPISODE_SECONDS, { engineRtf }) }, async () => {
    const mark = h.mark();
    const submitted = await submitEpisode(h, pro, MAIN);
    expect(submitted.status).toBe(202);
    expect(Object.keys(submitted.body).sort()).toEqual(['jobId', 'status']);
    expect(submitted.body.status).toBe('processing');
    jobId = submitted.body.jobId as string;
    expect(await balanceOf(h, pro)).toBe(START - 10); // 1:58 reserves 10

    // The same account again: its own job back, nothing reserved twice.
    const again = await submitEpisode(h, pro, `${MAIN}&uo=4`);
    expect(again.status).toBe(202);
    expect(again.body).toEqual({ jobId, status: 'processing' });
    expect(await balanceOf(h, pro)).toBe(START - 10);

    // Another account while it runs: joins the work with its own job, reserving nothing.
    const joined = await submitEpisode(h, plus.key, episodeLink(PODCAST_IDS.show, PODCAST_IDS.main, 'another-slug', 'gb'));
    expect(joined.status).toBe(202);
    joinedJobId = joined.body.jobId as string;
    expect(joinedJobId).not.toBe(jobId);
    expect(await balanceOf(h, plus.key)).toBe(50);

    const records = await pollJob(h, pro, jobId);
    const processing = records.filter((r) => r.status === 'processing');
    for (const record of processing) {
      expect(Object.keys(record)).toEqual(['jobId', 'status', 'progress', 'episode', 'createdAt', 'completedAt']);
      expect(record.completedAt).toBeNull();
      expect(record.createdAt).toMatch(ISO_MS);
      expect(record.episode).toEqual({
        title: 'Trains, Kitchens & Lighthouses',
        showTitle: 'Fixture FM',
        artworkUrl: `https://is1-ssl.mzstatic.com/image/thumb/Podcasts/fixture/${PODCAST_IDS.show}/600x600bb.jpg`,
        durationSeconds: expect.any(Number) as unknown,
      });
    }
    const done = records.at(-1) as Record<string, unknown>;
    const progress = processing.map((r) => r.progress as { chunksDone: number; chunksTotal: number });
    const total = (done.progress as { chunksTotal: number }).chunksTotal;
    expect(total).toBeGreaterThanOrEqual(3);
    const steps = [...new Set(progress.filter((p) => p.chunksTotal === total).map((p) => p.chunksDone))];
    expect(steps.length, `chunksDone seen: ${JSON.stringify(progress)}`).toBeGreaterThanOrEqual(2);
    expect(steps).toEqual([...steps].sort((a, b) => a - b));
    // A poll may catch the last chunk done before the job's merge and settlement mark it done (a
    // slow machine shows it; a user sees 4 of 4 for a moment), never more chunks than there are.
    expect(Math.max(...steps)).toBeLessThanOrEqual(total);

    expect(Object.keys(done)).toEqual(['jobId', 'status', 'progress', 'episode', 'transcript', 'credits', 'source', 'createdAt', 'completedAt']);
    expect(done).toMatchObject({ jobId, status: 'done', progress: { chunksDone: total, chunksTotal: total }, source: 'ai', credits: START - 10 });
    expect(done.completedAt).toMatch(ISO_MS);
    expect((done.episode as { durationSeconds: number }).durationSeconds).toBeGreaterThan(100);
    expect(wordErrorRate(episodeText(), done.transcript as string)).toBeLessThan(0.45);
    expect(await balanceOf(h, pro)).toBe(START - 10);

    // The lookup, the feed, then fifteen tracking redirects to the one file, fetched once.
    const requests = h.requestsSince(mark);
    expect(requests[0]).toBe(`https://itunes.apple.com/lookup?id=${PODCAST_IDS.show}&country=us&media=podcast&entity=podcastEpisode&limit=200`);
    expect(requests[1]).toBe('https://feeds.fixture.fm/fixture-fm.xml');
    const hops = requests.map((u) => new URL(u).host).filter((host) => TRACKERS.includes(host));
    expect(hops).toEqual(TRACKERS);
    expect(requests.filter((u) => u.startsWith('https://media.fixture.fm/'))).toEqual(['https://media.fixture.fm/episodes/main.mp3?source=rss&aid=fixture']);
  });

  it('the account that joined sees the same transcript and paid nothing', async () => {
    const record = (await getJob(h, plus.key, joinedJobId)).body;
    expect(record).toMatchObject({ jobId: joinedJobId, status: 'done', source: 'ai', credits: 50 });
    expect(record.transcript).toBe((await getJob(h, pro, jobId)).body.transcript);
  });

  it('a third account submitting the finished episode: 200 deduped with the finished record, free, and a job it can poll', async () => {
    const reply = await submitEpisode(h, latecomer.key, MAIN);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ status: 'done', deduped: true, credits: 20, source: 'ai' });
    expect(reply.body.transcript).toBe((await getJob(h, pro, jobId)).body.transcript);
    expect(reply.body.completedAt).toMatch(ISO_MS);
    expect(await balanceOf(h, latecomer.key)).toBe(20);
    const polled = await getJob(h, latecomer.key, reply.body.jobId as string);
    expect(polled.body).toMatchObject({ jobId: reply.body.jobId, status: 'done', transcript: reply.body.transcript });
    // Asking again gives the same job, not another one.
    expect((await submitEpisode(h, latecomer.key, MAIN)).body.jobId).toBe(reply.body.jobId);
  });

  it("another account's job is 404, like an unknown one", async () => {
    for (const id of [jobId, 'job_00000000000000000000000000000000']) {
      const reply = await getJob(h, latecomer.key, id);
      expect(reply.status).toBe(404);
      expect(reply.body).toEqual({ error: 'Job not found' });
    }
  });
});

describe('other episodes', () => {
  it("an enclosure that is gone: the job fails with the spec's record and the reservation comes back", { timeout: POLLED_JOB_GUARD_MS }, async () => {
    const before = await balanceOf(h, pro);
    const submitted = await submitEpisode(h, pro, episodeLink(PODCAST_IDS.show, PODCAST_IDS.failing));
    expect(submitted.status).toBe(202);
    expect(await balanceOf(h, pro)).toBe(before - 10);
    const failed = (await pollJob(h, pro, submitted.body.jobId as string)).at(-1);
    expect(failed).toEqual({
      jobId: submitted.body.jobId,
      status: 'failed',
      error: { code: 'transcription_failed', message: expect.stringMatching(/audio could not be downloaded: .*HTTP 404/) as unknown },
    });
    expect(await balanceOf(h, pro)).toBe(before);

    // A failed episode can be submitted again: a new job and a new reservation.
    const retried = await submitEpisode(h, pro, episodeLink(PODCAST_IDS.show, PODCAST_IDS.failing));
    expect(retried.status).toBe(202);
    expect(retried.body.jobId).not.toBe(submitted.body.jobId);
    expect((await pollJob(h, pro, retried.body.jobId as string)).at(-1)?.status).toBe('failed');
    expect(await balanceOf(h, pro)).toBe(before);
  });

  it("a feed with <podcast:transcript>: the publisher's English VTT, no speech-to-text, source publisher", { timeout: POLLED_JOB_GUARD_MS }, async () => {
    const before = await balanceOf(h, pro);
    const mark = h.mark();
    const submitted = await submitEpisode(h, pro, episodeLink(PODCAST_IDS.show, PODCAST_IDS.publisher, 'should-you-have-a-trailer'));
    expect(submitted.status).toBe(202);
    const done = (await pollJob(h, pro, submitted.body.jobId as string)).at(-1) as Record<string, unknown>;
    expect(done).toMatchObject({ status: 'done', source: 'publisher', progress: { chunksDone: 1, chunksTotal: 1 }, episode: { title: 'Should You Have a Trailer?', durationSeconds: 1500 } });
    expect((done.transcript as string).split('\n').slice(0, 2)).toEqual(["In today's episode, you'll learn whether or not you", 'should have a podcast trailer. And if so, what should you']);
    expect(done.transcript).toContain('Welcome to Podcasting Q&A');
    expect(done.credits).toBe(before - 10); // 25 minutes
    const requests = h.requestsSince(mark);
    expect(requests.filter((u) => u.startsWith('https://transcripts.fixture.fm/'))).toEqual(['https://transcripts.fixture.fm/ep3/transcript.vtt']);
    expect(requests.some((u) => u.startsWith('https://media.fixture.fm/'))).toBe(false);
  });

  it('an episode older than the lookup lists: found in the feed by the title in the link; a JSON transcript', { timeout: POLLED_JOB_GUARD_MS }, async () => {
    const submitted = await submitEpisode(h, pro, episodeLink(PODCAST_IDS.show, PODCAST_IDS.old, 'the-lighthouse-keepers-notebook'));
    expect(submitted.status).toBe(202);
    const done = (await pollJob(h, pro, submitted.body.jobId as string)).at(-1) as Record<string, unknown>;
    expect(done).toMatchObject({ status: 'done', source: 'publisher', episode: { title: "The Lighthouse Keeper's Notebook", showTitle: 'Fixture FM', durationSeconds: 420 } });
    expect(done.transcript).toBe('Every night I climbed the narrow stairs.\nI wrote down the weather and the ships I saw.\nAnd the birds that rested on the rail.');
  });

  it("an episode named by its feed and guid (what expanding a feed gives): read from the feed, the publisher's transcript, charged as any episode", { timeout: POLLED_JOB_GUARD_MS }, async () => {
    const before = await balanceOf(h, pro);
    const link = 'https://feeds.fixture.fm/fixture-fm.xml#guid=fixture-fm-ep-0005';
    const submitted = await submitEpisode(h, pro, link);
    expect(submitted.status).toBe(202);
    const done = (await pollJob(h, pro, submitted.body.jobId as string)).at(-1) as Record<string, unknown>;
    expect(done).toMatchObject({ status: 'done', source: 'publisher', episode: { title: "The Lighthouse Keeper's Notebook", showTitle: 'Fixture FM', durationSeconds: 420 } });
    expect(done.transcript).toBe('Every night I climbed the narrow stairs.\nI wrote down the weather and the ships I saw.\nAnd the birds that rested on the rail.');
    expect(await balanceOf(h, pro)).toBe(before - 10);
    // The same episode again: the finished transcript, free.
    const again = await submitEpisode(h, pro, link);
    expect(again).toMatchObject({ status: 200, body: { status: 'done', deduped: true } });
    expect(await balanceOf(h, pro)).toBe(before - 10);
  });

  it('a feed episode the feed does not have, or a feed that is gone: 404 from the publisher, nothing charged', async () => {
    const before = await balanceOf(h, pro);
    const missing = await submitEpisode(h, pro, 'https://feeds.fixture.fm/fixture-fm.xml#guid=no-such-guid');
    expect(missing).toMatchObject({ status: 404, body: { error: 'No transcript available', message: 'The feed of "Fixture FM" (5 episodes) has no episode with the guid no-such-guid' } });
    const gone = await submitEpisode(h, pro, 'https://feeds.fixture.fm/deleted.xml#guid=x');
    expect(gone).toMatchObject({ status: 404, body: { message: "feeds.fixture.fm: the show's feed answered HTTP 404" } });
    expect(await balanceOf(h, pro)).toBe(before);
  });

  it('no duration in the lookup or the feed: the reservation comes from the file size (HEAD through the redirects)', { timeout: clipGuardMs() }, async () => {
    const before = await balanceOf(h, pro);
    const mark = h.mark();
    const submitted = await submitEpisode(h, pro, episodeLink(PODCAST_IDS.show, PODCAST_IDS.noDuration));
    expect(submitted.status).toBe(202);
    expect(h.fixture.requests.slice(mark).some((r) => r.method === 'HEAD' && r.url === 'https://media.fixture.fm/episodes/short.mp3')).toBe(true);
    expect(await balanceOf(h, pro)).toBe(before - 10);
    const done = (await pollJob(h, pro, submitted.body.jobId as string)).at(-1) as Record<string, unknown>;
    expect(done).toMatchObject({ status: 'done', source: 'ai', credits: before - 10 });
    expectClipSpeech(done.transcript);
  });

  it('a real feed (1865: enclosures behind podtrac, chartable and podsights), from a UK link of a US-only show', { timeout: clipGuardMs() }, async () => {
    const mark = h.mark();
    const submitted = await submitEpisode(h, pro, episodeLink(PODCAST_IDS.realShow, PODCAST_IDS.realEpisode, 'introducing-history-daily-from-host-lindsay-graham', 'gb'));
    expect(submitted.status).toBe(202);
    const done = (await pollJob(h, pro, submitted.body.jobId as string)).at(-1) as Record<string, unknown>;
    expect(done).toMatchObject({ status: 'done', source: 'ai', episode: { title: "Introducing 'History Daily' From Host Lindsay Graham", showTitle: '1865' } });
    expectClipSpeech(done.transcript);
    const hosts = h.requestsSince(mark).map((u) => new URL(u).host);
    expect(hosts.filter((x) => x === 'itunes.apple.com')).toHaveLength(2); // gb: nothing, then us
    expect(hosts).toEqual(expect.arrayContaining(['dts.podtrac.com', 'chrt.fm', 'pdst.fm', 'rss.art19.com']));
  });
});

describe('refusals', () => {
  it('free and credits plans: 402 upgrade_required', { timeout: cliGuardMs(2) }, async () => {
    for (const plan of ['free', 'credits']) {
      const key = await createKey(h.home, { plan, credits: 100 });
      const reply = await submitEpisode(h, key.key, MAIN);
      expect(reply.status).toBe(402);
      expect(reply.body.error).toBe('upgrade_required');
    }
  });

  it('a show link without ?i=: 400', async () => {
    const reply = await submitEpisode(h, pro, `https://podcasts.apple.com/us/podcast/fixture-fm/id${PODCAST_IDS.show}`);
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('Invalid URL');
  });

  it('a balance that cannot cover the reservation: 403 no_credits, nothing reserved, nothing started', { timeout: cliGuardMs(1) }, async () => {
    const poor = await createKey(h.home, { plan: 'plus', credits: 5 });
    const mark = h.mark();
    const reply = await submitEpisode(h, poor.key, episodeLink(PODCAST_IDS.show, PODCAST_IDS.failing));
    expect(reply.status).toBe(403);
    expect(reply.body).toEqual({ error: 'no_credits', message: expect.stringMatching(/needs 10 credits reserved; this key has 5/) as unknown });
    expect(await balanceOf(h, poor.key)).toBe(5);
    expect(h.requestsSince(mark).some((u) => u.startsWith('https://media.fixture.fm/'))).toBe(false);
  });

  it.each([
    ['an unknown show', episodeLink(PODCAST_IDS.unknownShow, '1000799999999'), /no show with the id/],
    ['an episode in neither the lookup nor the feed', episodeLink(PODCAST_IDS.show, '1000700000099', 'no-such-episode'), /neither among the newest episodes/],
  ])('%s: 404, free', async (_name, url, message) => {
    const before = await balanceOf(h, pro);
    const reply = await submitEpisode(h, pro, url);
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ error: 'No transcript available', message: expect.stringMatching(message) as unknown });
    expect(await balanceOf(h, pro)).toBe(before);
  });
});

it('every credit change is a ledger row; each episode was charged once', () => {
  const ledger = Ledger.open(ledgerFile(h.home));
  try {
    const account = (prefix: string) => ledger.keys.list().find((k) => k.prefix === prefix)?.accountId as number;
    const proId = account(h.key.prefix);
    const entries = ledger.credits.entries(proId);
    expect(ledger.credits.sumOfEntries(proId)).toBe(ledger.credits.balance(proId));
    const reserves = entries.filter((e) => e.kind === 'reserve');
    // main, failing ×2, publisher, old, the feed episode, no-duration, 1865: one reservation per job, never two.
    expect(new Set(reserves.map((e) => e.reference)).size).toBe(reserves.length);
    expect(reserves).toHaveLength(8);
    expect(entries.filter((e) => e.kind === 'refund')).toHaveLength(2);
    expect(entries.filter((e) => e.kind === 'settle')).toHaveLength(6);
    for (const other of [plus.prefix, latecomer.prefix]) expect(ledger.credits.entries(account(other)).map((e) => e.kind)).toEqual(['grant']);
  } finally {
    ledger.close();
  }
});
