// A definitive "not found" (no captions, gone, private) is remembered per item for a short time and
// answered from memory: the same status and body, free, with no second upstream call. Transient
// failures (a block, an upstream 5xx or 429) are asked upstream again every time.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YOUTUBE_IDS } from '../upstream/hosts/youtube';
import { runCli } from '../helpers/cli';
import { expectFreeFailure, startHarness, type Harness } from '../helpers/harness';

const watch = (id: string) => `https://www.youtube.com/watch?v=${id}`;
const playerCalls = (h: Harness, mark: number) => h.requestsSince(mark).filter((url) => url.includes('/youtubei/v1/player')).length;

describe('404s remembered', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(10);
  });
  afterAll(() => h.close());

  it.each([
    ['no captions', YOUTUBE_IDS.noCaptions, /no captions/],
    ['gone', YOUTUBE_IDS.unavailable, /./],
    ['private', YOUTUBE_IDS.private, /private/i],
  ])('%s: the repeat within the TTL makes no upstream call and answers the same, free', async (_what, id, message) => {
    const first = await expectFreeFailure(h, 'longform', watch(id), 404, 'No transcript available for this video', message);
    const mark = h.mark();
    // The same URL, and another accepted form of the same item: one canonical item.
    for (const url of [watch(id), `https://youtu.be/${id}`, `https://m.youtube.com/watch?v=${id}&t=42`]) {
      const again = await expectFreeFailure(h, 'longform', url, 404, 'No transcript available for this video', message);
      expect(again.text).toBe(first.text);
    }
    expect(playerCalls(h, mark)).toBe(0);
  });

  it('after the TTL the item is asked upstream again', async () => {
    expect((await runCli(h.home, ['settings', 'set', 'cache.notFoundSeconds', '1'])).code).toBe(0);
    // Ids the fixture does not know are gone (404), each one fresh for this test.
    const id = 'goneAgain01';
    const first = await h.transcript('longform', watch(id));
    expect(first.status).toBe(404);
    let mark = h.mark();
    await h.transcript('longform', watch(id));
    expect(playerCalls(h, mark)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    mark = h.mark();
    const after = await h.transcript('longform', watch(id));
    expect(after.text).toBe(first.text);
    expect(playerCalls(h, mark)).toBeGreaterThan(0);
    expect((await runCli(h.home, ['settings', 'reset', 'cache.notFoundSeconds'])).code).toBe(0);
  });

  it('0 turns remembering off', async () => {
    expect((await runCli(h.home, ['settings', 'set', 'cache.notFoundSeconds', '0'])).code).toBe(0);
    await h.transcript('longform', watch('goneNoMem01'));
    const mark = h.mark();
    await h.transcript('longform', watch('goneNoMem01'));
    expect(playerCalls(h, mark)).toBeGreaterThan(0);
    expect((await runCli(h.home, ['settings', 'reset', 'cache.notFoundSeconds'])).code).toBe(0);
  });

  it.each([
    ['a bot check (502)', YOUTUBE_IDS.botCheck],
    ['an upstream 5xx (502)', YOUTUBE_IDS.serverError],
    ["the site's rate limit (502)", YOUTUBE_IDS.rateLimited],
  ])('%s is never remembered: every repeat goes upstream', async (_what, id) => {
    const first = await h.transcript('longform', watch(id));
    expect(first.status).toBe(502);
    const mark = h.mark();
    const again = await h.transcript('longform', watch(id));
    expect(again.status).toBe(502);
    expect(h.requestsSince(mark).length).toBeGreaterThan(0);
  });
});
