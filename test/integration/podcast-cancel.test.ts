// Cancelling podcast jobs the way the desk does, in-process through `opened.podcast.cancel()`:
// the job fails with "Cancelled" and is refunded; the work stops unless another account waits on it.
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { openService, type OpenedService } from '#service/open';
import { podcastScratch, type PodcastEvent } from '#service/podcast/runner';
import type { Caller } from '#service/service';
import { createKey } from '../helpers/cli';
import { POLLED_JOB_GUARD_MS } from '../helpers/guards';
import { tempHome } from '../helpers/home';
import { episodeLink, PODCAST_IDS } from '../upstream/hosts/podcasts';
import { prepareMedia } from '../upstream/media';
import { clipGuardMs } from '../helpers/spoken';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';
import { sqliteLedgerOf } from '#service/open';

let home: ReturnType<typeof tempHome>;
let fixture: FixtureUpstream;
let opened: OpenedService;
let alice: Caller;
let bob: Caller;
const events: PodcastEvent[] = [];

beforeAll(async () => {
  await prepareMedia(inject('speechCache'));
  home = tempHome();
  fixture = await startFixtureUpstream({ mediaDir: inject('speechCache') });
  const [a, b] = await Promise.all([createKey(home.dir, { plan: 'pro', credits: 50 }), createKey(home.dir, { plan: 'plus', credits: 30 })]);
  opened = await openService(home.dir, {}, { TRANSCRIPT_DESK_UPSTREAM: fixture.url });
  await opened.stt.settings.set('stt.engine', 'pocketsphinx');
  opened.podcast.subscribe((e) => events.push(e));
  const admit = async (key: string) => {
    const admission = await opened.service.admit(`Bearer ${key}`, 'test');
    if (!admission.ok) throw new Error('key not admitted');
    return admission.caller;
  };
  [alice, bob] = [await admit(a?.key ?? ''), await admit(b?.key ?? '')];
});
afterAll(async () => {
  await opened.podcast.close();
  await opened.close();
  await fixture.close();
  home.remove();
});

const submit = async (caller: Caller, url: string) => (await opened.service.submitPodcast(caller, JSON.stringify({ url }))).body as { jobId: string; status: string };
const record = async (caller: Caller, jobId: string) => (await opened.service.job(caller, jobId)).body as Record<string, unknown>;
/** Waits for `check`; `ms` is a hang guard (guards.ts), never a measure of speed. */
const until = async (check: () => boolean | Promise<boolean>, ms: number) => expect.poll(check, { timeout: ms, interval: 50 }).toBe(true);
/** Bob's job transcribes the short clip while Alice's is cancelled. */
const CLIP_GUARD_MS = clipGuardMs();

// No chunk is transcribed to the end here: download, decode, the first progress event, a cancel.
it('cancelling the only job stops the work, fails the job with "Cancelled" and refunds it', { timeout: 2 * POLLED_JOB_GUARD_MS }, async () => {
  const { jobId } = await submit(alice, episodeLink(PODCAST_IDS.show, PODCAST_IDS.main));
  expect(sqliteLedgerOf(opened).credits.balance(alice.accountId)).toBe(40);
  await until(() => events.some((e) => e.type === 'progress' && e.episodeKey === PODCAST_IDS.main), POLLED_JOB_GUARD_MS);

  expect(await opened.podcast.cancel(alice.accountId, jobId)).toBe(true);
  expect(await record(alice, jobId)).toEqual({ jobId, status: 'failed', error: { code: 'transcription_failed', message: 'Cancelled' } });
  expect(sqliteLedgerOf(opened).credits.balance(alice.accountId)).toBe(50);
  await until(() => !existsSync(podcastScratch(home.dir, PODCAST_IDS.main)), POLLED_JOB_GUARD_MS);
  // Not twice, not someone else's, not an unknown one.
  expect(await opened.podcast.cancel(alice.accountId, jobId)).toBe(false);
  expect(await opened.podcast.cancel(bob.accountId, jobId)).toBe(false);
  expect(await opened.podcast.cancel(alice.accountId, 'job_nope')).toBe(false);
  expect(events.filter((e) => e.type === 'done' && e.episodeKey === PODCAST_IDS.main)).toEqual([]);
});

it('cancelling while another account waits on the same episode: the work goes on for the other job', { timeout: CLIP_GUARD_MS }, async () => {
  const url = episodeLink(PODCAST_IDS.show, PODCAST_IDS.noDuration);
  const mine = await submit(alice, url);
  const theirs = await submit(bob, url);
  expect(theirs.status).toBe('processing');
  expect(await opened.podcast.cancel(alice.accountId, mine.jobId)).toBe(true);
  expect(await record(alice, mine.jobId)).toMatchObject({ status: 'failed', error: { message: 'Cancelled' } });
  expect(sqliteLedgerOf(opened).credits.balance(alice.accountId)).toBe(50);

  await until(async () => (await record(bob, theirs.jobId)).status === 'done', CLIP_GUARD_MS);
  expect(await record(bob, theirs.jobId)).toMatchObject({ status: 'done', source: 'ai', credits: 30 });
  expect((await record(alice, mine.jobId)).status).toBe('failed');
});

it('a cancelled episode can be submitted again', async () => {
  const again = await submit(alice, episodeLink(PODCAST_IDS.show, PODCAST_IDS.main));
  expect(again.status).toBe('processing');
  expect(sqliteLedgerOf(opened).credits.balance(alice.accountId)).toBe(40);
  expect(await opened.podcast.cancel(alice.accountId, again.jobId)).toBe(true);
  expect(sqliteLedgerOf(opened).credits.balance(alice.accountId)).toBe(50);
});
