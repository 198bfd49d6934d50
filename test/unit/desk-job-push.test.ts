// Job changes this process makes reach the desk when they happen, not at the next poll: the desk
// here polls once an hour, so every card update below came from a push.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openTestDesk, type TestDesk } from '../helpers/desk';
import { tempHome } from '../helpers/home';
import { advanceJob, insertProcessingJob } from '../helpers/podcastRecords';
import { episodeLink, PODCAST_IDS } from '../upstream/hosts/podcasts';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';
import { sqliteLedgerOf } from '#service/open';

const HOUR = 3_600_000;
let fixture: FixtureUpstream;
let home: ReturnType<typeof tempHome>;
let t: TestDesk | undefined;

beforeAll(async () => {
  fixture = await startFixtureUpstream();
});
afterAll(() => fixture.close());
beforeEach(() => {
  home = tempHome();
});
afterEach(async () => {
  await t?.close();
  t = undefined;
  home.remove();
});

describe('podcast job changes pushed to the desk', () => {
  it('a change told through watch() shows on the card at once; one that is not told waits for the poll', async () => {
    const listeners = new Set<() => void>();
    const push = () => listeners.forEach((listener) => listener());
    t = await openTestDesk(home.dir, fixture.url, {
      jobPollMs: HOUR,
      podcast: { cancel: () => Promise.resolve(false), watch: (listener) => (listeners.add(listener), () => listeners.delete(listener)) },
    });
    const desk = t;
    const job = { jobId: 'job-pushed', episodeKey: 'ep-pushed', title: 'Pushed', showTitle: 'Fixture Radio', durationSeconds: 600, chunksTotal: 4, reserved: 5, accountId: desk.opened.owner.accountId };
    expect(listeners.size).toBe(1);
    insertProcessingJob(sqliteLedgerOf(desk.opened), job);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(desk.eventsOf('job.progress')).toEqual([]);
    push();
    await vi.waitFor(() => expect(desk.eventsOf('job.progress').at(-1)).toMatchObject({ jobId: 'job-pushed', status: 'processing', progress: { chunksDone: 0, chunksTotal: 4 } }));
    advanceJob(sqliteLedgerOf(desk.opened), job.episodeKey, 2);
    push();
    await vi.waitFor(() => expect(desk.eventsOf('job.progress').at(-1)?.progress).toEqual({ chunksDone: 2, chunksTotal: 4 }));
  });

  it("the real service's runner: an episode with a publisher transcript goes from the queue to done on its card with no poll", { timeout: 60_000 }, async () => {
    t = await openTestDesk(home.dir, fixture.url, { jobPollMs: HOUR });
    const desk = t;
    await desk.call('queue.enqueue', { entries: [{ url: episodeLink(PODCAST_IDS.show, PODCAST_IDS.publisher) }] });
    await desk.call('queue.run', {});
    await vi.waitFor(() => expect(desk.eventsOf('job.progress').at(-1)).toMatchObject({ status: 'done' }), { timeout: 30_000 });
    // The queue item took the job's outcome, which only the watcher hands over.
    await vi.waitFor(async () => expect((await desk.call('queue.list', {})).items[0]).toMatchObject({ status: 'done', transcript: { kind: 'episode' } }), { timeout: 10_000 });
  });
});
