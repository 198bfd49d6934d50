// Podcast job cards: a job behind another says how many episodes are ahead, its time counts from
// its own start, and a retried episode keeps one card.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PodcastJob } from '#shared/contract/podcast';
import { jobMeta } from '../../src-renderer/src/features/jobs/jobMeta';
import { openTestDesk, type TestDesk } from '../helpers/desk';
import { tempHome } from '../helpers/home';
import { sqliteLedgerOf } from '#service/open';

const T0 = Date.UTC(2026, 10, 26, 12, 0, 0);
const card = (over: Partial<PodcastJob>): PodcastJob => ({
  jobId: 'job_1',
  status: 'processing',
  progress: { chunksDone: 0, chunksTotal: 0 },
  episode: { key: 'e1', title: 'Episode', showTitle: 'Show', artworkUrl: '', durationSeconds: 600 },
  createdAt: T0,
  startedAt: null,
  episodesAhead: 0,
  completedAt: null,
  error: null,
  credits: { reserved: 10, refunded: 0, charged: 0 },
  ...over,
});

describe('the line under the bar', () => {
  it('a job waiting its turn says how many episodes are ahead, not "Preparing audio" with time running', () => {
    expect(jobMeta(card({ episodesAhead: 1 }), T0 + 55_000)).toBe('Waiting: 1 episode ahead');
    expect(jobMeta(card({ episodesAhead: 3 }), T0 + 55_000)).toBe('Waiting: 3 episodes ahead');
  });

  it('elapsed time and the estimate count from the start of its own work', () => {
    // Submitted at T0, started 50 s later, 1 of 4 chunks in after 10 s of its own work.
    const running = card({ startedAt: T0 + 50_000, progress: { chunksDone: 1, chunksTotal: 4 } });
    expect(jobMeta(running, T0 + 60_000)).toBe('1 / 4 chunks · 10 s elapsed · about 30 s left');
    expect(jobMeta(card({ startedAt: T0 + 50_000 }), T0 + 52_000)).toBe('Preparing audio · 2 s elapsed');
  });

  it('"Done in" is the time of its own work', () => {
    expect(jobMeta(card({ status: 'done', startedAt: T0 + 50_000, completedAt: T0 + 80_000, credits: { reserved: 10, refunded: 0, charged: 10 } }), T0 + 99_000)).toBe('Done in 30 s · 10 credits');
  });
});

describe('the job records behind the cards', () => {
  let home: ReturnType<typeof tempHome>;
  let t: TestDesk;
  beforeEach(async () => {
    home = tempHome();
    // Nothing here reaches an upstream: the episodes are written as the submit and the runner write them.
    t = await openTestDesk(home.dir, 'http://127.0.0.1:9');
  });
  afterEach(async () => {
    await t.close();
    home.remove();
  });
  const facts = (key: string) => ({ key, episodeUrl: `https://podcasts.apple.com/us/podcast/x/id1?i=${key}`, title: `Episode ${key}`, showTitle: 'Fixture FM', artworkUrl: '', durationSeconds: 60, audioUrl: null, transcriptUrl: null, transcriptType: null });
  const submit = (key: string) => {
    const started = sqliteLedgerOf(t.opened).podcastWork.start(t.opened.owner.accountId, facts(key), 10);
    if (!started.ok) throw new Error(started.reason);
    return started.jobId;
  };
  const cards = async () => (await t.call('podcast.list', {})).jobs.map((j) => ({ key: j.episode.key, jobId: j.jobId, status: j.status, ahead: j.episodesAhead, started: j.startedAt !== null }));

  it('the second episode waits with one episode ahead until the first is done; then it is the one being worked on', async () => {
    const first = submit('e1');
    const second = submit('e2');
    expect(sqliteLedgerOf(t.opened).podcastWork.claim('e1', process.pid, () => true)).toBe(true);
    expect(await cards()).toEqual(
      expect.arrayContaining([
        { key: 'e1', jobId: first, status: 'processing', ahead: 0, started: true },
        { key: 'e2', jobId: second, status: 'processing', ahead: 1, started: false },
      ]),
    );
    sqliteLedgerOf(t.opened).podcastWork.fail('e1', 'The episode audio could not be downloaded');
    expect((await cards()).find((c) => c.key === 'e2')).toEqual({ key: 'e2', jobId: second, status: 'processing', ahead: 0, started: false });
    sqliteLedgerOf(t.opened).podcastWork.claim('e2', process.pid, () => true);
    expect((await cards()).find((c) => c.key === 'e2')).toMatchObject({ ahead: 0, started: true });
  });

  it('retrying a failed episode: one card, the retry’s', async () => {
    const failed = submit('e1');
    sqliteLedgerOf(t.opened).podcastWork.claim('e1', process.pid, () => true);
    sqliteLedgerOf(t.opened).podcastWork.fail('e1', 'The episode audio could not be downloaded');
    expect(await cards()).toEqual([{ key: 'e1', jobId: failed, status: 'failed', ahead: 0, started: true }]);
    const retry = submit('e1');
    expect(await cards()).toEqual([{ key: 'e1', jobId: retry, status: 'processing', ahead: 0, started: false }]);
  });
});
