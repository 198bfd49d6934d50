// shortform (TikTok) through the REST API of a real `serve` process, against the fixture upstream.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCacheHit, expectCharged, expectFreeFailure, startHarness, type Harness } from '../helpers/harness';
import type { Reply } from '../helpers/http';
import { TIKTOK_IDS, TIKTOK_SHORT, TIKTOK_USER } from '../upstream/hosts/tiktok';

const NO_TRANSCRIPT = 'No transcript available for this video';
const UPSTREAM = 'Upstream error';
const video = (id: string) => `https://www.tiktok.com/@${TIKTOK_USER}/video/${id}`;
const SPOKEN = 'Three things nobody tells you\nabout moving to Lisbon & working remotely\nFirst: the hills are real.\nSecond, "pastel de nata" is a lifestyle.';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

function expectVideoUrls(reply: Reply, id: string): void {
  const urls = reply.body.videoUrls as Record<string, unknown>;
  expect(Object.keys(urls).sort()).toEqual(['hd', 'sd', 'thumbnail']);
  expect(urls.sd).toMatch(new RegExp(`^https://v16-webapp-prime\\.tiktok\\.com/video/.*/${id}/\\?`));
  expect(urls.hd).toBeNull();
  expect(urls.thumbnail).toMatch(/^https:\/\/p16-sign-va\.tiktokcdn\.com\//);
}

describe('a video with captions', () => {
  let first: Reply;

  it('answers transcript (one line per cue, the spoken language) and videoUrls, for one credit', async () => {
    const mark = h.mark();
    first = await expectCharged(h, 'shortform', video(TIKTOK_IDS.withCaptions));
    expect(Object.keys(first.body).sort()).toEqual(['credits', 'transcript', 'videoUrls']);
    expect(first.body.transcript).toBe(SPOKEN);
    expectVideoUrls(first, TIKTOK_IDS.withCaptions);
    // The ASR track, not the machine translation listed before it.
    const subtitles = h.requestsSince(mark).filter((url) => url.includes('/subtitle/'));
    expect(subtitles).toHaveLength(1);
    expect(subtitles[0]).toMatch(/eng-US\.webvtt/);
  });

  it('serves another accepted form from the cache: cached, free, no upstream request', async () => {
    const mark = h.mark();
    await expectCacheHit(h, 'shortform', `https://m.tiktok.com/@${TIKTOK_USER}/video/${TIKTOK_IDS.withCaptions}?is_from_webapp=1&sender_device=pc`, first);
    expect(h.requestsSince(mark)).toEqual([]);
  });

  it('serves the share, embed, user-less and secUid forms of the same video from the cache, with no upstream request', async () => {
    const mark = h.mark();
    const id = TIKTOK_IDS.withCaptions;
    for (const form of [
      `https://www.tiktok.com/share/video/${id}`,
      `https://www.tiktokv.com/share/video/${id}/`,
      `https://www.tiktok.com/@/video/${id}/`,
      `https://www.tiktok.com/embed/${id}`,
      `https://www.tiktok.com/embed/v2/${id}?lang=en-US`,
      `https://www.tiktok.com/@MS4wLjABAAAATh8Vewkn0LYM7Fo03iec3qKdeCUOcBIouRk1mkiag6h3o_pQu_dUXvZ2EZlGST7_/video/${id}`,
    ]) {
      await expectCacheHit(h, 'shortform', form, first);
    }
    expect(h.requestsSince(mark)).toEqual([]);
  });

  it('resolves a vm.tiktok.com short link to the same video: a cache hit, free', async () => {
    const mark = h.mark();
    await expectCacheHit(h, 'shortform', `https://vm.tiktok.com/${TIKTOK_SHORT.toCaptions}/`, first);
    expect(h.requestsSince(mark)[0]).toBe(`https://vm.tiktok.com/${TIKTOK_SHORT.toCaptions}/`);
    // From now on the link itself is known: no upstream request at all.
    const again = h.mark();
    await expectCacheHit(h, 'shortform', `https://vm.tiktok.com/${TIKTOK_SHORT.toCaptions}`, first);
    expect(h.requestsSince(again)).toEqual([]);
  });

  it('answers 404 for a short link that leads nowhere, free', async () => {
    await expectFreeFailure(h, 'shortform', `https://vm.tiktok.com/${TIKTOK_SHORT.toHome}/`, 404, NO_TRANSCRIPT, /leads to https:\/\/www\.tiktok\.com\/, not to a video/);
  });
});

describe('caption formats besides WebVTT: the words, for one credit (not a paid empty transcript)', () => {
  it.each([
    ['an SRT track only', TIKTOK_IDS.srtOnly, /eng-US\.srt\?/],
    ['a creator_caption (JSON) track only', TIKTOK_IDS.creatorCaptionOnly, /eng-US\.creator_caption\?/],
  ])('%s', async (_name, id, track) => {
    const mark = h.mark();
    const reply = await expectCharged(h, 'shortform', video(id));
    expect(reply.body.transcript).toBe(SPOKEN);
    expectVideoUrls(reply, id);
    expect(h.requestsSince(mark).filter((url) => url.includes('/subtitle/'))).toEqual([expect.stringMatching(track)]);
  });
});

describe("TikTok's JavaScript challenge", () => {
  it('is solved (SHA-256, the cookie named by #wci) and the page fetched again once: 200, one credit', async () => {
    const mark = h.mark();
    const reply = await expectCharged(h, 'shortform', video(TIKTOK_IDS.challenge));
    expect(reply.body.transcript).toBe(SPOKEN);
    const pages = h.requestsSince(mark).filter((url) => url.startsWith('https://www.tiktok.com/@'));
    expect(pages).toEqual([video(TIKTOK_IDS.challenge), video(TIKTOK_IDS.challenge)]);
  });

  it('the challenge again after the solved cookie: 502 that says so, free, no third page request', async () => {
    const mark = h.mark();
    await expectFreeFailure(h, 'shortform', video(TIKTOK_IDS.challengeRepeated), 502, UPSTREAM, /TikTok showed its JavaScript challenge again after we solved it/);
    expect(h.requestsSince(mark).filter((url) => url.startsWith('https://www.tiktok.com/@'))).toHaveLength(2);
  });

  it('a challenge no number up to 10^6 solves: 502, free, the page not fetched again', { timeout: 60_000 }, async () => {
    const mark = h.mark();
    await expectFreeFailure(h, 'shortform', video(TIKTOK_IDS.challengeUnsolvable), 502, UPSTREAM, /could not solve TikTok's JavaScript challenge/);
    expect(h.requestsSince(mark).filter((url) => url.startsWith('https://www.tiktok.com/@'))).toHaveLength(1);
  });
});

describe('the empty-transcript rule', () => {
  it('a video URL but no captions: 200 with "" and videoUrls, charged 1', async () => {
    const reply = await expectCharged(h, 'shortform', video(TIKTOK_IDS.videoNoCaptions));
    expect(Object.keys(reply.body).sort()).toEqual(['credits', 'transcript', 'videoUrls']);
    expect(reply.body.transcript).toBe('');
    expectVideoUrls(reply, TIKTOK_IDS.videoNoCaptions);
  });

  it('neither captions nor a video URL: 404, free', async () => {
    await expectFreeFailure(h, 'shortform', video(TIKTOK_IDS.nothing), 404, NO_TRANSCRIPT, /no captions, and no downloadable video either/);
  });
});

describe('what TikTok says about the video: 404, free', () => {
  it.each([
    ['a private post (status 10216)', TIKTOK_IDS.privatePost, /^This TikTok video is private$/],
    ['a private account (status 10222)', TIKTOK_IDS.privateAccount, /account is private/],
    ['a deleted video (another status)', TIKTOK_IDS.deleted, /unavailable \(status 10221: item doesn't exist\)/],
    ['an age-gated video', TIKTOK_IDS.ageGated, /hides this video from logged-out viewers/],
  ])('%s', async (_name, id, message) => {
    await expectFreeFailure(h, 'shortform', video(id), 404, NO_TRANSCRIPT, message);
  });
});

describe('what kept us from an answer: 502, free', () => {
  it.each([
    ['an IP block (status 10204, the bot check)', TIKTOK_IDS.ipBlocked, /IP address is blocked \(status 10204\)/],
    ['the "downgrade-mssdk" app shell without data (a bot wall, not a layout change)', TIKTOK_IDS.botWall, /^TikTok showed a bot check/],
    ['a redirect to the login page', TIKTOK_IDS.loginRedirect, /asked for a sign-in/],
    ['a refused captions file (a block, not "no captions")', TIKTOK_IDS.captionsBlocked, /refused the request for the captions file \(HTTP 403\)/],
    ['429 with a long Retry-After', TIKTOK_IDS.rateLimited, /HTTP 429, retry after 120 s/],
    ['500', TIKTOK_IDS.serverError, /HTTP 500/],
    ['a body that never finishes', TIKTOK_IDS.slowBody, /did not answer in time/],
    ['a body cut off mid-way', TIKTOK_IDS.truncated, /closed before the answer was complete/],
    ['malformed rehydration JSON', TIKTOK_IDS.malformed, /video data is not valid JSON/],
  ])('%s', async (_name, id, message) => {
    await expectFreeFailure(h, 'shortform', video(id), 502, UPSTREAM, message);
  });
});
