// Apple Podcasts links the lookup cannot answer, through the REST API of a real `serve` process:
// slug-less links to episodes older than the lookup's newest 200 are read from Apple's episode
// page; lookups are cached per show; "no such episode" (404) only when Apple's page says so.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { POLLED_JOB_GUARD_MS } from '../helpers/guards';
import { startHarness, type Harness } from '../helpers/harness';
import { balanceOf, pollJob, submitEpisode } from '../helpers/podcast';
import { bareEpisodeLink, episodeLink, PODCAST_IDS } from '../upstream/hosts/podcasts';
import { RETRY_AFTER_SECONDS } from '../upstream/answers';
import { prepareMedia } from '../upstream/media';

let h: Harness;
let pro: string;

beforeAll(async () => {
  await prepareMedia(inject('speechCache'));
  h = await startHarness(100, { plan: 'pro', mediaDir: inject('speechCache') });
  pro = h.key.key;
});
afterAll(async () => {
  await h.close();
});

const hostsSince = (mark: number) => h.requestsSince(mark).map((u) => new URL(u).host);

describe("an episode only Apple's page knows", () => {
  it("a slug-less link to an episode older than the lookup lists: found through Apple's page and the feed, done, charged once; a second episode of the show costs no second lookup", { timeout: POLLED_JOB_GUARD_MS }, async () => {
    const before = await balanceOf(h, pro);
    const mark = h.mark();
    const submitted = await submitEpisode(h, pro, bareEpisodeLink(PODCAST_IDS.show, PODCAST_IDS.old));
    expect(submitted.status).toBe(202);
    const done = (await pollJob(h, pro, submitted.body.jobId as string)).at(-1) as Record<string, unknown>;
    expect(done).toMatchObject({ status: 'done', source: 'publisher', episode: { title: "The Lighthouse Keeper's Notebook", showTitle: 'Fixture FM', durationSeconds: 420 } });
    expect(done.transcript).toBe('Every night I climbed the narrow stairs.\nI wrote down the weather and the ships I saw.\nAnd the birds that rested on the rail.');
    expect(await balanceOf(h, pro)).toBe(before - 10);
    expect(h.requestsSince(mark)).toContain(`https://podcasts.apple.com/us/podcast/id${PODCAST_IDS.show}?i=${PODCAST_IDS.old}`);

    // Another episode of the same show, listed by the lookup: the cached lookup answers, Apple is asked nothing.
    const second = await submitEpisode(h, pro, episodeLink(PODCAST_IDS.show, PODCAST_IDS.publisher, 'should-you-have-a-trailer'));
    expect(second.status).toBe(202);
    expect((await pollJob(h, pro, second.body.jobId as string)).at(-1)).toMatchObject({ status: 'done', source: 'publisher' });
    const hosts = hostsSince(mark);
    expect(hosts.filter((x) => x === 'itunes.apple.com')).toHaveLength(1);
    expect(hosts.filter((x) => x === 'podcasts.apple.com')).toHaveLength(1);
  });
});

describe('refusals, free', () => {
  it("Apple's page says the episode does not exist (HTTP 404): 404", async () => {
    const before = await balanceOf(h, pro);
    const reply = await submitEpisode(h, pro, bareEpisodeLink(PODCAST_IDS.show, PODCAST_IDS.pageGone));
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ error: 'No transcript available', message: expect.stringMatching(/neither among the newest episodes .* nor in the show's feed, and Apple Podcasts says it does not exist \(its page answers HTTP 404\)/) as unknown });
    expect(await balanceOf(h, pro)).toBe(before);
  });

  it.each([
    ['a server error page without data', PODCAST_IDS.pageServerError, /episode page has no serialized-server-data \(HTTP 500\)/],
    ['a page whose data has no EpisodeLockup (a layout change)', PODCAST_IDS.pageChanged, /no EpisodeLockup/],
  ])("Apple's page unreadable, %s: 502, not a 404", async (_name, episodeId, message) => {
    const before = await balanceOf(h, pro);
    const reply = await submitEpisode(h, pro, bareEpisodeLink(PODCAST_IDS.show, episodeId));
    expect(reply.status).toBe(502);
    expect(reply.body).toEqual({ error: 'Upstream error', message: expect.stringMatching(message) as unknown });
    expect(await balanceOf(h, pro)).toBe(before);
  });

  it('the lookup answers 429 with a long Retry-After: 502 upstream_rate_limited with the Retry-After', async () => {
    const before = await balanceOf(h, pro);
    const reply = await submitEpisode(h, pro, episodeLink(PODCAST_IDS.rateLimitedShow, '1000799900001'));
    expect(reply.status).toBe(502);
    expect(reply.body).toEqual({ error: 'Upstream error', code: 'upstream_rate_limited', message: `Apple Podcasts is rate-limiting requests from this machine (HTTP 429, retry after ${RETRY_AFTER_SECONDS} s)` });
    expect(reply.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(await balanceOf(h, pro)).toBe(before);
  });
});
