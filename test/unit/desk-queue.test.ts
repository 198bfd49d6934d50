// The desk's queue on a real ledger and the real service, upstream on the fixture: intake,
// running through the facade (billing, cache, spec texts), the rate-limit wait, restarts.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { newerQueueState, type QueueItem } from '#shared/contract/queue';
import { RATE_LIMIT } from '#service/rateLimit';
import { openTestDesk, TestClock, type TestDesk } from '../helpers/desk';
import { tempHome } from '../helpers/home';
import { RETRY_AFTER_SECONDS } from '../upstream/answers';
import { episodeLink, PODCAST_IDS } from '../upstream/hosts/podcasts';
import { RUMBLE_IDS, rumblePageUrl } from '../upstream/hosts/rumble';
import { TIKTOK_IDS, TIKTOK_USER } from '../upstream/hosts/tiktok';
import { X_IDS } from '../upstream/hosts/x';
import { YOUTUBE_IDS } from '../upstream/hosts/youtube';
import { prepareMedia } from '../upstream/media';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';
import { sqliteLedgerOf } from '#service/open';

let fixture: FixtureUpstream;
let home: ReturnType<typeof tempHome>;
let t: TestDesk;

beforeAll(async () => {
  // The X video of the speech-to-text test is real speech (made once per run, shared with other tests).
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

const yt = (id: string) => `https://www.youtube.com/watch?v=${id}`;
const balance = () => sqliteLedgerOf(t.opened).credits.balance(t.opened.owner.accountId);
const items = async () => (await t.call('queue.list', {})).items;
const byUrl = async (url: string) => (await items()).find((i) => i.url === url) as QueueItem;
/** Until nothing is queued or running; a hang guard: a test's few items settle in well under a second here. */
const settled = () => vi.waitFor(async () => expect((await items()).filter((i) => i.status === 'queued' || i.status === 'running')).toEqual([]), { timeout: 20_000 });

describe('intake', () => {
  it('classifies with the URL rules: invalid ones keep the reason and are never sent; two forms of one video fold', async () => {
    const mark = fixture.requests.length;
    const { items: added, folded } = await t.call('queue.enqueue', {
      entries: [{ url: yt(YOUTUBE_IDS.withCaptions) }, { url: `https://youtu.be/${YOUTUBE_IDS.withCaptions}` }, { url: 'https://www.youtube.com/watch' }, { url: 'https://example.com/video' }, { url: 'https://example.com/video' }],
    });
    expect(folded).toBe(2);
    expect(added.map((i) => [i.status, i.count, i.error])).toEqual([
      ['queued', 2, null],
      ['invalid', 1, 'Invalid URL'],
      ['invalid', 2, 'Invalid URL'],
    ]);
    expect(added[2]?.message).toBe('Not a link to a supported platform');
    await t.call('queue.run', {});
    await settled();
    // The one video was fetched once; nothing was sent for the invalid ones.
    const sent = fixture.requests.slice(mark).map((r) => new URL(r.url).hostname);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((host) => host === 'www.youtube.com')).toBe(true);
    expect(fixture.requests.slice(mark).filter((r) => r.url.includes('/api/timedtext'))).toHaveLength(1);
    expect((await items()).map((i) => i.status)).toEqual(['done', 'invalid', 'invalid']);
  });

  it('keeps the id the renderer proposed, and replaces one that is taken', async () => {
    const id = '0b5c4d1e-8f1a-4c2b-9d3e-4f5a6b7c8d9e';
    const first = await t.call('queue.enqueue', { entries: [{ id, url: yt('okAAAAAAAA1') }] });
    expect(first.items[0]?.id).toBe(id);
    const second = await t.call('queue.enqueue', { entries: [{ id, url: yt('okAAAAAAAA2') }] });
    expect(second.items[0]?.id).not.toBe(id);
  });
});

describe('running', () => {
  it('bills, caches and reports like the REST API: done 1 credit, cached free, failed with the spec text, empty charged', async () => {
    const before = balance();
    const empty = `https://www.tiktok.com/@${TIKTOK_USER}/video/${TIKTOK_IDS.videoNoCaptions}`;
    await t.call('queue.enqueue', { entries: [{ url: yt(YOUTUBE_IDS.withCaptions) }, { url: yt(YOUTUBE_IDS.unavailable) }, { url: yt(YOUTUBE_IDS.botCheck) }, { url: empty }] });
    await t.call('queue.run', {});
    await settled();
    const done = await byUrl(yt(YOUTUBE_IDS.withCaptions));
    expect(done).toMatchObject({ status: 'done', credits: 1, title: 'Surface Go Review - It’s Awesome', httpStatus: 200 });
    expect(await byUrl(yt(YOUTUBE_IDS.unavailable))).toMatchObject({ status: 'failed', error: 'No transcript available for this video', httpStatus: 404, credits: 0 });
    expect(await byUrl(yt(YOUTUBE_IDS.botCheck))).toMatchObject({ status: 'failed', error: 'Upstream error', httpStatus: 502, credits: 0 });
    expect(await byUrl(empty)).toMatchObject({ status: 'empty', credits: 1 });
    expect(balance()).toBe(before - 2);
    // The header hears the balance of the last answer.
    await vi.waitFor(() => expect(t.eventsOf('balance').at(-1)).toEqual({ credits: before - 2, plan: 'pro' }));

    // Again, after clearing: the same video comes from the cache, free.
    expect((await t.call('queue.clear', { which: 'finished' })).removed).toBe(4);
    await t.call('queue.enqueue', { entries: [{ url: `https://youtu.be/${YOUTUBE_IDS.withCaptions}` }] });
    await t.call('queue.run', {});
    await settled();
    expect(await byUrl(`https://youtu.be/${YOUTUBE_IDS.withCaptions}`)).toMatchObject({ status: 'cached', credits: 0 });
    expect(balance()).toBe(before - 2);
  });

  it('retries failed items, a podcast episode Apple does not know among them', async () => {
    const podcast = episodeLink(PODCAST_IDS.unknownShow, '1000799999999');
    const before = balance();
    await t.call('queue.enqueue', { entries: [{ url: yt(YOUTUBE_IDS.unavailable) }, { url: podcast }] });
    await t.call('queue.run', {});
    await settled();
    expect(await byUrl(podcast)).toMatchObject({ status: 'failed', error: 'No transcript available', message: 'Apple Podcasts has no show with the id 1799999999', credits: 0 });
    expect(balance()).toBe(before);
    // Both are 404s retrying cannot change: "Retry failed" skips them, their own Retry does not.
    expect(await t.call('queue.retry', {})).toEqual({ retried: 0, skipped: [{ reason: 'no-transcript', count: 2 }] });
    expect((await t.call('queue.retry', { ids: (await items()).map((i) => i.id) })).retried).toBe(2);
    expect((await items()).map((i) => i.status)).toEqual(['queued', 'queued']);
  });

  it('pauses between items and goes on when resumed', async () => {
    await t.call('settings.update', { changes: { 'desk.queue.concurrency': 1 } });
    await t.call('queue.enqueue', { entries: [1, 2, 3].map((n) => ({ url: yt(`okPAUSE000${n}`) })) });
    await t.call('queue.run', {});
    expect((await t.call('queue.pause', {})).phase).toBe('paused');
    await vi.waitFor(async () => expect((await items()).filter((i) => i.status === 'running')).toEqual([]));
    const doneWhilePaused = (await items()).filter((i) => i.status === 'done').length;
    expect(doneWhilePaused).toBe(1);
    expect((await t.call('queue.resume', {})).phase).toBe('running');
    await settled();
    expect((await items()).every((i) => i.status === 'done')).toBe(true);
  });
});

describe('rate limit', () => {
  const useWindow = async (n: number) => {
    for (let i = 0; i < n; i++) await t.opened.service.admit(`Bearer ${t.opened.owner.key}`, 'elsewhere');
  };

  it('stops at X-RateLimit-Remaining 0, counts down to X-RateLimit-Reset, then goes on: nothing fails', async () => {
    await useWindow(RATE_LIMIT - 1);
    await t.call('queue.enqueue', { entries: [1, 2, 3].map((n) => ({ url: yt(`okRATE0000${n}`) })) });
    await t.call('queue.run', {});
    await vi.waitFor(async () => expect((await t.call('queue.list', {})).state.rateLimit.waitUntil).not.toBeNull());
    const { state, items: now } = await t.call('queue.list', {});
    expect(state.rateLimit.remaining).toBe(0);
    expect(state.rateLimit.waitUntil).toBe(t.clock.t + 60_000 + 250);
    expect(now.map((i) => i.status)).toEqual(['done', 'queued', 'queued']);
    t.clock.advance(60_250);
    await settled();
    expect((await items()).map((i) => i.status)).toEqual(['done', 'done', 'done']);
  });

  it('after a 429 the item waits Retry-After and runs again', async () => {
    await useWindow(RATE_LIMIT);
    await t.call('queue.enqueue', { entries: [{ url: yt('okRATE00429') }] });
    await t.call('queue.run', {});
    await vi.waitFor(async () => expect((await t.call('queue.list', {})).state.rateLimit.waitUntil).toBe(t.clock.t + 60_000));
    expect((await items())[0]?.status).toBe('queued');
    t.clock.advance(60_000);
    await settled();
    expect((await items())[0]).toMatchObject({ status: 'done', credits: 1 });
  });
});

describe('restart', () => {
  it('keeps the queue; an item that was running is queued again and runs', async () => {
    await t.call('queue.enqueue', { entries: [{ url: yt('okRESTART01') }, { url: yt('okRESTART02') }] });
    const [first] = await items();
    sqliteLedgerOf(t.opened).queue.update(first?.id ?? '', { status: 'running' });
    await t.close();
    t = await openTestDesk(home.dir, fixture.url, { clock: new TestClock() });
    expect((await items()).map((i) => i.status)).toEqual(['queued', 'queued']);
    expect((await t.call('queue.list', {})).state.phase).toBe('idle');
    await t.call('queue.run', {});
    await settled();
    expect((await items()).map((i) => i.status)).toEqual(['done', 'done']);
  });
});

describe('events', () => {
  it('sends queue changes coalesced, and removals', async () => {
    const { items: added } = await t.call('queue.enqueue', { entries: [{ url: yt('okEVENT0001') }, { url: 'nope' }] });
    await vi.waitFor(() => expect(t.eventsOf('queue.changed').flatMap((e) => e.upserted.map((i) => i.id))).toEqual(added.map((i) => i.id)));
    await t.call('queue.remove', { ids: [added[1]?.id ?? ''] });
    await vi.waitFor(() => expect(t.eventsOf('queue.changed').at(-1)?.removed).toEqual([added[1]?.id]));
  });

  it('a reply that arrives after the event of a later change does not bring the finished run back', async () => {
    await t.call('queue.enqueue', { entries: [{ url: yt('okSTATE0001') }] });
    const reply = await t.call('queue.run', {});
    expect(reply.phase).toBe('running');
    await settled();
    await vi.waitFor(() => expect(t.eventsOf('queue.state').at(-1)?.phase).toBe('idle'));
    const idle = t.eventsOf('queue.state').at(-1);
    if (idle === undefined) throw new Error('no queue.state event');
    expect(idle.runner).toBe(reply.runner);
    expect(idle.revision).toBeGreaterThan(reply.revision);
    // What the renderer's store keeps, whichever of the two comes last.
    expect(newerQueueState(idle, reply).phase).toBe('idle');
    expect(newerQueueState(reply, idle).phase).toBe('idle');
    // A restarted app's runner starts its own count: its first state is taken.
    const restarted = { ...reply, runner: 'another start', revision: 0 };
    expect(newerQueueState(idle, restarted)).toBe(restarted);
  });
});

describe('speech-to-text busy', () => {
  it('after a 503 with Retry-After the item waits, says why, and runs again: it does not fail', async () => {
    // Every place of speech-to-text taken (as by REST callers): the next X video is refused with 503.
    const admission = t.opened.stt.admission;
    const taken = Array.from({ length: admission.limits.running + admission.limits.waiting }, () => admission.admit());
    expect(taken.every((a) => a.ok)).toBe(true);
    const url = `https://x.com/harborfilms/status/${X_IDS.video}`;
    await t.call('queue.enqueue', { entries: [{ url }] });
    await t.call('queue.run', {});
    await vi.waitFor(async () => expect((await t.call('queue.list', {})).state.rateLimit).toMatchObject({ waitReason: 'busy', waitUntil: expect.any(Number) as number }));
    expect(await byUrl(url)).toMatchObject({ status: 'queued', credits: 0 });
    expect(balance()).toBe(1000);
    for (const a of taken) if (a.ok) a.place.leave();
    t.clock.advance(60_000);
    await settled();
    expect(await byUrl(url)).toMatchObject({ status: 'done', credits: 1 });
    expect((await t.call('queue.list', {})).state.rateLimit).toMatchObject({ waitReason: null, waitUntil: null });
  });
});

describe('a site that rate-limits this machine', () => {
  it("holds that site's rows until its Retry-After, says so, and tries them again instead of failing them; other sites' rows go on", async () => {
    await t.call('settings.update', { changes: { 'desk.queue.concurrency': 1 } });
    const limited = rumblePageUrl(RUMBLE_IDS.rateLimited);
    const sameSite = rumblePageUrl(RUMBLE_IDS.withCaptions);
    const otherSite = yt('okSITEWAIT1');
    const before = balance();
    const asked = () => fixture.requests.filter((r) => r.url.includes(RUMBLE_IDS.rateLimited)).length;
    await t.call('queue.enqueue', { entries: [{ url: limited }, { url: sameSite }, { url: otherSite }] });
    await t.call('queue.run', {});
    // Rumble answers 429 with Retry-After: 120 → 502 upstream_rate_limited: the row waits, the YouTube row runs.
    await vi.waitFor(async () => expect((await byUrl(otherSite)).status).toBe('done'), { timeout: 20_000 });
    const { state } = await t.call('queue.list', {});
    expect(state.siteWaits).toEqual([{ platform: 'openvideo', until: t.clock.t + RETRY_AFTER_SECONDS * 1000, message: expect.stringMatching(/Rumble is rate-limiting requests from this machine \(HTTP 429, retry after 120 s\)/) as unknown }]);
    expect(state.phase).toBe('running');
    // The service's own window is not what waits: only Rumble's rows do.
    expect(state.rateLimit.waitUntil).toBeNull();
    expect(await byUrl(limited)).toMatchObject({ status: 'queued', credits: 0, error: null });
    expect(await byUrl(sameSite)).toMatchObject({ status: 'queued', credits: 0 });
    expect(balance()).toBe(before - 1);
    const triedOnce = asked();

    // When the wait is over the row is tried again: still limited, so it waits again rather than failing.
    t.clock.advance(RETRY_AFTER_SECONDS * 1000);
    await vi.waitFor(async () => expect((await t.call('queue.list', {})).state.siteWaits?.[0]?.until).toBe(t.clock.t + RETRY_AFTER_SECONDS * 1000), { timeout: 20_000 });
    expect(asked()).toBeGreaterThan(triedOnce);
    expect(await byUrl(limited)).toMatchObject({ status: 'queued', credits: 0 });

    // Without the limited row, the other Rumble row runs when the wait ends.
    await t.call('queue.remove', { ids: [(await byUrl(limited)).id] });
    t.clock.advance(RETRY_AFTER_SECONDS * 1000);
    await settled();
    expect(await byUrl(sameSite)).toMatchObject({ status: 'done', credits: 1 });
    expect((await t.call('queue.list', {})).state).toMatchObject({ phase: 'idle', siteWaits: [] });
    expect(balance()).toBe(before - 2);
  });
});
