// Follows on a real desk (real SQLite file, the real service and queue), the feeds on the fixture
// upstream's feeds.follow.example, time moved by the test: a new episode is queued at the next
// check and its publisher transcript lands in the library with an event and a badge; a budget
// stops auto-queueing with a reason and charges exactly what it allows; a feed answering 429 is
// backed off from, and the requests per minute to its host stay within the setting; pause and
// resume, the nightly window, a restart, exporting the whole source.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import type { Follow } from '#shared/contract/sources';
import { sqliteLedgerOf } from '#service/open';
import { nextWindowOpen } from '../../src-main/desk/follows/window';
import { openTestDesk, TestClock, type TestDesk } from '../helpers/desk';
import { tempHome } from '../helpers/home';
import { createFollowFeed, episode, FOLLOW_FEED_HOST, followEpisodeUrl, followFeedUrl, publishEpisode, publisherText, rateLimitFollowFeed } from '../upstream/hosts/followFeeds';
import { prepareMedia } from '../upstream/media';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let fixture: FixtureUpstream;
let home: ReturnType<typeof tempHome>;
let t: TestDesk;

beforeAll(async () => {
  await prepareMedia(inject('speechCache'));
  fixture = await startFixtureUpstream({ mediaDir: inject('speechCache') });
});
afterAll(() => fixture.close());
beforeEach(async () => {
  home = tempHome();
  t = await openTestDesk(home.dir, fixture.url);
});
afterEach(async () => {
  await t.close();
  home.remove();
});

const balance = () => sqliteLedgerOf(t.opened).credits.balance(t.opened.owner.accountId);
const followOf = async (id: string) => (await t.call('follows.list', {})).follows.find((f) => f.id === id) as Follow;
const feedRequests = (feed: string) => fixture.requests.filter((r) => r.url === followFeedUrl(feed)).length;
const rowsOf = async (feed: string) => (await t.call('queue.list', {})).items.filter((i) => i.url.startsWith(`${followFeedUrl(feed)}#`));
/** Waits until every queue row of the feed has finished (podcast jobs run on real time). */
const finished = (feed: string, n: number) =>
  vi.waitFor(
    async () => {
      const rows = await rowsOf(feed);
      expect(rows.map((r) => r.status)).toEqual(Array(n).fill('done'));
      return rows;
    },
    { timeout: 30_000, interval: 100 },
  );

describe('a followed feed', () => {
  it('queues the episode published after the follow at the next check, uses the publisher transcript, announces it and raises the badge', async () => {
    const old = episode('daily-1', 'Episode One', t.clock.t - 2 * DAY);
    createFollowFeed('daily', 'The Daily Fixture', [old]);
    const before = balance();

    const { follow } = await t.call('follows.add', { url: followFeedUrl('daily') });
    expect(follow).toMatchObject({ source: { kind: 'podcast-feed', title: 'The Daily Fixture' }, status: 'ok', message: null, itemsKnown: 1, unseen: 0, lastCheck: { seen: 1, newItems: 0, queued: 0, error: null }, nextCheckAt: t.clock.t + HOUR });
    // What was there before the follow (backfill 0) is known, not fetched.
    expect(await rowsOf('daily')).toEqual([]);

    const fresh = episode('daily-2', 'Episode Two', t.clock.t + 10 * MINUTE);
    publishEpisode('daily', fresh);
    const requestsBefore = feedRequests('daily');
    t.clock.advance(HOUR);
    await vi.waitFor(() => expect(t.eventsOf('follows.landed')).toEqual([{ followId: follow.id, sourceTitle: 'The Daily Fixture', titles: ['Episode Two'], count: 1 }]), { timeout: 30_000, interval: 100 });
    expect(feedRequests('daily')).toBeGreaterThan(requestsBefore);

    const [row] = await finished('daily', 1);
    expect(row).toMatchObject({ title: 'Episode Two', credits: 10 });
    const ref = row?.transcript;
    if (ref == null) throw new Error('the row names no transcript');
    const transcript = await t.call('transcript.get', { ref });
    // The publisher's words, not a speech-to-text guess at the clip.
    expect(transcript.text).toBe(publisherText(fresh));
    expect(balance()).toBe(before - 10);

    const after = await followOf(follow.id);
    expect(after).toMatchObject({ unseen: 1, itemsKnown: 2, status: 'ok', lastCheck: { seen: 2, newItems: 1, queued: 1, error: null }, spentThisMonth: 10, budgetMonth: '2026-11' });
    expect(t.eventsOf('follows.changed').some((e) => e.upserted.some((f) => f.id === follow.id && f.unseen === 1))).toBe(true);

    // The person looked: the badge goes.
    await t.call('follows.seen', {});
    expect((await followOf(follow.id)).unseen).toBe(0);

    // A second follow of the same feed is refused, naming it.
    await expect(t.call('follows.add', { url: followFeedUrl('daily') })).rejects.toMatchObject({ code: 'invalid_input', message: expect.stringContaining('The Daily Fixture is followed already') as unknown });

    // The whole source exported: a folder named after it, the transcript inside.
    const exported = await t.call('export.run', { scope: { kind: 'source', url: followFeedUrl('daily') }, format: 'txt', folder: t.exportDir });
    expect(exported.folder).toBe(join(t.exportDir, 'The-Daily-Fixture'));
    expect(exported.files).toEqual(['Episode-Two.txt']);
    expect(readFileSync(join(exported.folder, 'Episode-Two.txt'), 'utf8')).toContain(publisherText(fresh).split('\n')[0]);
    const zipped = await t.call('export.run', { scope: { kind: 'source', url: followFeedUrl('daily') }, format: 'txt', target: 'zip', folder: t.exportDir });
    expect(zipped.zipFile).toBe(join(t.exportDir, 'The-Daily-Fixture.zip'));
    expect(existsSync(zipped.zipFile as string)).toBe(true);
  });

  it('backfills the newest N at the first check, and skips what is older than since', async () => {
    const now = t.clock.t;
    createFollowFeed('backlog', 'Backlog Radio', [episode('b-1', 'Oldest', now - 30 * DAY), episode('b-2', 'Older', now - 20 * DAY), episode('b-3', 'Newer', now - 2 * DAY), episode('b-4', 'Newest', now - DAY)]);
    const { follow } = await t.call('follows.add', { url: followFeedUrl('backlog'), backfill: 3, since: now - 10 * DAY });
    // The newest three are backfill candidates; of those "Older" is before since. The rest is known.
    expect(follow.lastCheck).toEqual({ seen: 4, newItems: 2, queued: 2, error: null });
    const rows = await finished('backlog', 2);
    expect(rows.map((r) => r.title).sort()).toEqual(['Newer', 'Newest']);
  });
});

describe('a monthly budget', () => {
  it('of 20 credits queues two 30-minute episodes, stops at the third with the reason, charges exactly 20, and goes on next month', async () => {
    createFollowFeed('budget', 'Budget Talk', []);
    const before = balance();
    const { follow } = await t.call('follows.add', { url: followFeedUrl('budget'), monthlyBudget: 20 });
    for (const [i, title] of ['First', 'Second', 'Third'].entries()) publishEpisode('budget', episode(`budget-${i + 1}`, title, t.clock.t + i * MINUTE));

    const { follow: checked } = await t.call('follows.check', { id: follow.id });
    expect(checked).toMatchObject({ status: 'over-budget', message: 'Budget reached: 20 of 20 credits spent in 2026-11; 1 new item waits for next month', lastCheck: { seen: 3, newItems: 3, queued: 2, error: null }, spentThisMonth: 20 });
    const rows = await finished('budget', 2);
    expect(rows.map((r) => r.title).sort()).toEqual(['Second', 'Third']);
    expect(before - (balance())).toBe(20);
    // The real charges replaced the estimates: still 20, still stopped.
    await vi.waitFor(async () => expect(await followOf(follow.id)).toMatchObject({ status: 'over-budget', spentThisMonth: 20, unseen: 2 }));

    // December: the budget is new, the waiting episode is queued.
    t.clock.advance(Date.UTC(2026, 11, 1) - t.clock.t);
    await finished('budget', 3);
    await vi.waitFor(async () => expect(await followOf(follow.id)).toMatchObject({ status: 'ok', budgetMonth: '2026-12', spentThisMonth: 10 }));
    expect(before - (balance())).toBe(30);
  });
});

describe('a budget raised while items wait', () => {
  it('queues them at once, without waiting for a check or the month', async () => {
    createFollowFeed('raise', 'Raise Radio', []);
    const { follow } = await t.call('follows.add', { url: followFeedUrl('raise'), monthlyBudget: 10, intervalMinutes: 24 * 60 });
    for (const [i, title] of ['Kept', 'Waiting'].entries()) publishEpisode('raise', episode(`raise-${i + 1}`, title, t.clock.t + i * MINUTE));
    const { follow: stopped } = await t.call('follows.check', { id: follow.id });
    expect(stopped).toMatchObject({ status: 'over-budget', message: 'Budget reached: 10 of 10 credits spent in 2026-11; 1 new item waits for next month' });
    const { follow: raised } = await t.call('follows.update', { id: follow.id, monthlyBudget: 20 });
    expect(raised).toMatchObject({ status: 'ok', message: null, monthlyBudget: 20, spentThisMonth: 20, lastCheck: { queued: 2 } });
    expect((await finished('raise', 2)).map((r) => r.title).sort()).toEqual(['Kept', 'Waiting']);
  });
});

describe('a feed that answers 429', () => {
  it('is backed off from with the site and the cause on the follow, and no more than the setting’s requests per minute reach its host', async () => {
    await t.call('settings.update', { changes: { 'follows.requestsPerMinute': 2 } });
    for (const name of ['paced-a', 'paced-b', 'paced-c']) createFollowFeed(name, `Paced ${name}`, []);
    const hostRequests = () => fixture.requests.filter((r) => r.url.startsWith(`https://${FOLLOW_FEED_HOST}/paced-`)).length;

    // Three follows of one host at once: two requests go this minute, the third waits for the next.
    const adds = ['paced-a', 'paced-b', 'paced-c'].map((name) => t.call('follows.add', { url: followFeedUrl(name) }));
    let third = false;
    void Promise.all(adds).then(() => (third = true));
    await vi.waitFor(() => expect(hostRequests()).toBe(2));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(hostRequests()).toBe(2);
    expect(third).toBe(false);
    t.clock.advance(MINUTE);
    const [a, b, c] = await Promise.all(adds);
    expect(hostRequests()).toBe(3);
    // The other two would share the host's minute with the checks below (and wait their turn in it).
    for (const other of [b, c]) await t.call('follows.remove', { id: other?.follow.id as string });

    rateLimitFollowFeed('paced-a', 120);
    const { follow: refused } = await t.call('follows.check', { id: a?.follow.id as string });
    expect(refused.status).toBe('backing-off');
    // The site, the cause (its 429 and its Retry-After) and the wait, in words.
    expect(refused.message).toBe(`${FOLLOW_FEED_HOST} is rate-limiting requests from this machine (HTTP 429, retry after 120 s). Backing off: next check in 2 h (refusal 1 in a row)`);
    // The interval doubled (60 min × 2) is longer than the site's Retry-After (120 s).
    expect(refused.nextCheckAt).toBe(t.clock.t + 2 * HOUR);
    expect(refused.lastCheck?.error).not.toBeNull();

    // The scheduler does not ask before then, however often the clock is looked at.
    const afterRefusal = feedRequests('paced-a');
    t.clock.advance(HOUR);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(feedRequests('paced-a')).toBe(afterRefusal);
    t.clock.advance(HOUR);
    await vi.waitFor(async () => expect(await followOf(a?.follow.id as string)).toMatchObject({ status: 'backing-off', message: expect.stringContaining('refusal 2 in a row') as unknown, nextCheckAt: t.clock.t + 4 * HOUR }));

    // The site answers again: the strikes end, the schedule is the interval again.
    rateLimitFollowFeed('paced-a', null);
    const { follow: ok } = await t.call('follows.check', { id: a?.follow.id as string });
    expect(ok).toMatchObject({ status: 'ok', message: null, nextCheckAt: t.clock.t + HOUR });

  });
});

describe('pause, resume and the nightly window', () => {
  it('a paused follow is not checked; resumed, it checks at once when a check was due', async () => {
    createFollowFeed('paused', 'Paused Show', []);
    const { follow } = await t.call('follows.add', { url: followFeedUrl('paused') });
    const { follow: paused } = await t.call('follows.pause', { id: follow.id });
    expect(paused).toMatchObject({ paused: true, status: 'paused', nextCheckAt: null });
    publishEpisode('paused', episode('p-1', 'While Paused', t.clock.t));
    const requests = feedRequests('paused');
    t.clock.advance(3 * HOUR);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(feedRequests('paused')).toBe(requests);
    expect(await rowsOf('paused')).toEqual([]);

    const { follow: resumed } = await t.call('follows.resume', { id: follow.id });
    expect(resumed).toMatchObject({ paused: false, nextCheckAt: t.clock.t });
    await finished('paused', 1);
    expect(await followOf(follow.id)).toMatchObject({ status: 'ok', paused: false, lastCheck: { newItems: 1, queued: 1 } });
  });

  it('holds new items outside the window and queues them when it opens', async () => {
    createFollowFeed('nightly', 'Nightly Show', []);
    // A window that opens two hours from now (local time), for two hours.
    const hour = new Date(t.clock.t).getHours();
    const window = { startHour: (hour + 2) % 24, endHour: (hour + 4) % 24 };
    // Checked once a day: the window's opening, not a check, is what queues.
    const { follow } = await t.call('follows.add', { url: followFeedUrl('nightly'), window, intervalMinutes: 24 * 60 });
    publishEpisode('nightly', episode('n-1', 'Night Episode', t.clock.t));
    const { follow: waiting } = await t.call('follows.check', { id: follow.id });
    expect(waiting).toMatchObject({ status: 'waiting-for-window', message: expect.stringMatching(/^1 new item waits for the window \d\d:00–\d\d:00$/) as unknown, lastCheck: { newItems: 1, queued: 0 } });
    expect(await rowsOf('nightly')).toEqual([]);

    const opens = nextWindowOpen(window, t.clock.t);
    t.clock.advance(opens - t.clock.t - MINUTE);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await rowsOf('nightly')).toEqual([]);
    t.clock.advance(MINUTE);
    await finished('nightly', 1);
    // Released when the window opened, without a check of the feed.
    await vi.waitFor(async () => expect(await followOf(follow.id)).toMatchObject({ status: 'ok', unseen: 1, lastCheckAt: waiting.lastCheckAt }));
  });
});

describe('a queue the person filled', () => {
  it("is not started by a follow: the follow's row waits beside the person's until they press Run", async () => {
    createFollowFeed('beside', 'Beside Show', [episode('beside-1', 'Only One', t.clock.t - DAY)]);
    await t.call('queue.enqueue', { entries: [{ url: 'https://www.youtube.com/watch?v=GJLlxj_dtq8' }] });
    const before = balance();
    const { follow } = await t.call('follows.add', { url: followFeedUrl('beside'), backfill: 1 });
    expect(follow.lastCheck).toMatchObject({ newItems: 1, queued: 1 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await t.call('queue.list', {})).items.map((row) => row.status)).toEqual(['queued', 'queued']);
    expect(balance()).toBe(before);

    await t.call('queue.run', {});
    await finished('beside', 1);
    await vi.waitFor(async () => expect((await t.call('queue.list', {})).items.map((row) => row.status)).toEqual(['done', 'done']), { timeout: 30_000, interval: 100 });
    expect(balance()).toBe(before - 11);
  });
});

describe('across a restart', () => {
  it('keeps follows, their settings and what they met, and checks on schedule after it', async () => {
    createFollowFeed('kept', 'Kept Show', [episode('k-1', 'Before', t.clock.t - DAY)]);
    const { follow } = await t.call('follows.add', { url: followFeedUrl('kept'), intervalMinutes: 30, monthlyBudget: 100, window: { startHour: 0, endHour: 23 } });
    await t.call('follows.update', { id: follow.id, intervalMinutes: 45 });
    const clock = t.clock;
    await t.close();

    t = await openTestDesk(home.dir, fixture.url, { clock: new TestClock(clock.t) });
    const [kept] = (await t.call('follows.list', {})).follows;
    expect(kept).toMatchObject({ id: follow.id, intervalMinutes: 45, monthlyBudget: 100, window: { startHour: 0, endHour: 23 }, itemsKnown: 1, nextCheckAt: follow.createdAt + 45 * MINUTE });
    publishEpisode('kept', episode('k-2', 'After', t.clock.t));
    // Inside 00–23 local unless the test runs in the last hour of the day: move to noon-ish local first.
    const local = new Date(t.clock.t);
    const toCheck = Math.max(45 * MINUTE, local.getHours() === 23 ? 2 * HOUR : 0);
    t.clock.advance(toCheck);
    await finished('kept', 1);
  });
});

describe('exporting a source nobody follows', () => {
  it('expands it now and writes the library transcripts of its items, and only those, into a folder named after it', async () => {
    const got = episode('loose-1', 'The One In The Library', t.clock.t - DAY);
    createFollowFeed('loose', 'Loose Ends', [episode('loose-2', 'Never Fetched', t.clock.t), got]);
    await t.call('queue.enqueue', { entries: [{ url: followEpisodeUrl('loose', 'loose-1') }] });
    await t.call('queue.run', {});
    await finished('loose', 1);
    const exported = await t.call('export.run', { scope: { kind: 'source', url: followFeedUrl('loose') }, format: 'txt', folder: t.exportDir });
    expect(exported).toMatchObject({ folder: join(t.exportDir, 'Loose-Ends'), files: ['The-One-In-The-Library.txt'], skipped: [] });
    expect(readFileSync(join(exported.folder, 'The-One-In-The-Library.txt'), 'utf8')).toContain(publisherText(got).split('\n')[1]);
  });
});

describe('a source that is gone', () => {
  it('cannot be followed: the site’s 404 is not_found, nothing is stored', async () => {
    await expect(t.call('follows.add', { url: followFeedUrl('never-was') })).rejects.toMatchObject({ code: 'not_found' });
    expect((await t.call('follows.list', {})).follows).toEqual([]);
  });
});
