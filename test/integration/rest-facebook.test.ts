// social (Facebook) through the REST API of a real `serve` process, against the fixture upstream.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCacheHit, expectCharged, expectFreeFailure, startHarness, type Harness } from '../helpers/harness';
import type { Reply } from '../helpers/http';
import { FACEBOOK_GROUP, FACEBOOK_IDS, FACEBOOK_PAGE, FACEBOOK_POST, FACEBOOK_SHARE, FACEBOOK_SHORT } from '../upstream/hosts/facebook';

const NO_TRANSCRIPT = 'No transcript available for this video';
const UPSTREAM = 'Upstream error';
const watch = (id: string) => `https://www.facebook.com/watch/?v=${id}`;
const GARDEN = "Welcome back to the garden.\nToday we're planting tomatoes and basil.\nLet's get started!";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

function expectVideoUrls(reply: Reply, id: string): void {
  expect(reply.body.videoUrls).toEqual({
    sd: expect.stringMatching(new RegExp(`^https://video\\.xx\\.fbcdn\\.net/v/.*/${id}_sd\\.mp4\\?`)) as unknown,
    hd: expect.stringMatching(new RegExp(`^https://video\\.xx\\.fbcdn\\.net/v/.*/${id}_hd\\.mp4\\?`)) as unknown,
    thumbnail: expect.stringMatching(/^https:\/\/scontent\.xx\.fbcdn\.net\//) as unknown,
  });
}

describe('a video with captions', () => {
  let first: Reply;

  it('reads the legacy delivery fields and WebVTT captions: transcript and videoUrls, one credit', async () => {
    first = await expectCharged(h, 'social', watch(FACEBOOK_IDS.legacyWithCaptions));
    expect(Object.keys(first.body).sort()).toEqual(['credits', 'transcript', 'videoUrls']);
    expect(first.body.transcript).toBe(GARDEN);
    expectVideoUrls(first, FACEBOOK_IDS.legacyWithCaptions);
  });

  it.each([
    ['the reel URL', `https://www.facebook.com/reel/${FACEBOOK_IDS.legacyWithCaptions}`],
    ['the page video URL with a title slug', `https://m.facebook.com/${FACEBOOK_PAGE}/videos/planting-tomatoes/${FACEBOOK_IDS.legacyWithCaptions}/`],
    ['the old video.php URL', `https://www.facebook.com/video.php?v=${FACEBOOK_IDS.legacyWithCaptions}`],
    ['the live replay URL', `https://www.facebook.com/watch/live/?v=${FACEBOOK_IDS.legacyWithCaptions}&ref=watch_permalink`],
  ])('serves %s of the same video from the cache: cached, free, no upstream request', async (_name, url) => {
    const mark = h.mark();
    await expectCacheHit(h, 'social', url, first);
    expect(h.requestsSince(mark)).toEqual([]);
  });

  it('resolves an fb.watch short link to the same video: a cache hit, free', async () => {
    await expectCacheHit(h, 'social', `https://fb.watch/${FACEBOOK_SHORT.toVideo}/`, first);
  });

  it('reads the newer progressive_urls and SubRip captions served without a telling type', async () => {
    const reply = await expectCharged(h, 'social', watch(FACEBOOK_IDS.progressiveWithSrtCaptions));
    expect(reply.body.transcript).toBe(GARDEN);
    expectVideoUrls(reply, FACEBOOK_IDS.progressiveWithSrtCaptions);
  });

  it('finds the video of a reel page (short_form_video_context)', async () => {
    const reply = await expectCharged(h, 'social', `https://www.facebook.com/reel/${FACEBOOK_IDS.reel}`);
    expect(reply.body.transcript).toBe(GARDEN);
  });

  it('finds the video of a post', async () => {
    const reply = await expectCharged(h, 'social', `https://www.facebook.com/${FACEBOOK_PAGE}/posts/${FACEBOOK_POST}`);
    expect(reply.body.transcript).toBe(GARDEN);
  });

  it.each([
    ['story.php', `https://m.facebook.com/story.php?story_fbid=${FACEBOOK_POST}&id=100064000000001&mibextid=Nif5oz`],
    ['permalink.php', `https://www.facebook.com/permalink.php?story_fbid=${FACEBOOK_POST}&id=100064000000001`],
  ])('serves the %s URL of the same post from the cache: free, no upstream request', async (_name, url) => {
    const mark = h.mark();
    const reply = await h.transcript('social', url);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ transcript: GARDEN, cached: true });
    expect(h.requestsSince(mark)).toEqual([]);
  });

  it('finds the video of a public group post', async () => {
    const reply = await expectCharged(h, 'social', `https://www.facebook.com/groups/${FACEBOOK_GROUP.id}/permalink/${FACEBOOK_GROUP.post}/`);
    expect(reply.body.transcript).toBe(GARDEN);
  });

  it('reads the video although another relay blob on the page is not valid JSON', async () => {
    const reply = await expectCharged(h, 'social', watch(FACEBOOK_IDS.oneBrokenBlob));
    expect(reply.body.transcript).toBe(GARDEN);
    expectVideoUrls(reply, FACEBOOK_IDS.oneBrokenBlob);
  });

  it('prefers the track someone wrote (localized_creation_method: null) to the automatic one', async () => {
    const reply = await expectCharged(h, 'social', watch(FACEBOOK_IDS.manualNullMethod));
    expect(reply.body.transcript).toBe('Welcome back to the allotment.');
  });
});

describe("the app's share links (/share/v/, /share/r/)", () => {
  it('follows a /share/v/ link to the video it names: one credit, then the video URL is a free cache hit', async () => {
    const first = await expectCharged(h, 'social', `https://www.facebook.com/share/v/${FACEBOOK_SHARE.video}/?mibextid=wwXIfr`);
    expect(first.body.transcript).toBe(GARDEN);
    expectVideoUrls(first, FACEBOOK_IDS.sharedVideo);
    const mark = h.mark();
    await expectCacheHit(h, 'social', watch(FACEBOOK_IDS.sharedVideo), first);
    expect(h.requestsSince(mark)).toEqual([]);
  });

  it('follows a /share/r/ link to the reel it names: one credit', async () => {
    const reply = await expectCharged(h, 'social', `https://m.facebook.com/share/r/${FACEBOOK_SHARE.reel}/`);
    expect(reply.body.transcript).toBe(GARDEN);
    const mark = h.mark();
    expect((await h.transcript('social', `https://www.facebook.com/reel/${FACEBOOK_IDS.sharedReel}`)).body).toMatchObject({ cached: true });
    expect(h.requestsSince(mark)).toEqual([]);
  });
});

describe('the empty-transcript rule', () => {
  it('a video URL but no captions: 200 with "" and videoUrls, charged 1', async () => {
    const reply = await expectCharged(h, 'social', watch(FACEBOOK_IDS.videoNoCaptions));
    expect(Object.keys(reply.body).sort()).toEqual(['credits', 'transcript', 'videoUrls']);
    expect(reply.body.transcript).toBe('');
    expectVideoUrls(reply, FACEBOOK_IDS.videoNoCaptions);
  });

  it('neither captions nor a video URL: 404, free', async () => {
    await expectFreeFailure(h, 'social', watch(FACEBOOK_IDS.nothing), 404, NO_TRANSCRIPT, /no captions, and no downloadable video either/);
  });
});

describe('what Facebook says about the video: 404, free', () => {
  it.each([
    ['private or restricted (the "isn\'t available" interstitial)', FACEBOOK_IDS.private, /isn't available right now \(the video is private, restricted or removed\)/],
    ['deleted (HTTP 404)', FACEBOOK_IDS.deleted, /does not exist \(HTTP 404\)/],
  ])('%s', async (_name, id, message) => {
    await expectFreeFailure(h, 'social', watch(id), 404, NO_TRANSCRIPT, message);
  });
});

describe('what kept us from an answer: 502, free', () => {
  it.each([
    ['a login wall', watch(FACEBOOK_IDS.loginWall), /login wall/],
    ['a short link that lands on the login page', `https://fb.watch/${FACEBOOK_SHORT.toLogin}/`, /login wall/],
    ['a share link that lands on the login page', `https://www.facebook.com/share/v/${FACEBOOK_SHARE.toLogin}/`, /login wall/],
    ['a video page whose relay data holds no video node (layout change or soft login wall, not "no video")', watch(FACEBOOK_IDS.noVideoNode), /no data for this video.*login wall.*layout/],
    ['a refused captions file (a block, not "no captions")', watch(FACEBOOK_IDS.captionsBlocked), /refused the request for the captions file \(HTTP 403\)/],
    ['429 with a long Retry-After', watch(FACEBOOK_IDS.rateLimited), /HTTP 429, retry after 120 s/],
    ['500', watch(FACEBOOK_IDS.serverError), /HTTP 500/],
    ['a body that never finishes', watch(FACEBOOK_IDS.slowBody), /did not answer in time/],
    ['a body cut off mid-way', watch(FACEBOOK_IDS.truncated), /closed before the answer was complete/],
    ['malformed page data JSON', watch(FACEBOOK_IDS.malformed), /page data is not valid JSON/],
  ])('%s', async (_name, url, message) => {
    await expectFreeFailure(h, 'social', url, 502, UPSTREAM, message);
  });
});
