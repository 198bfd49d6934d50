// reels (Instagram) and microblog (X) through the REST API of a real `serve` process: their media
// from the fixture upstream, transcribed by pocketsphinx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCacheHit, expectCharged, expectFreeFailure, startSpeechHarness, type Harness } from '../helpers/harness';
import { clipGuardMs, expectClipSpeech, expectTooLong } from '../helpers/spoken';
import { INSTAGRAM_SHORTCODES } from '../upstream/hosts/instagram';
import { X_IDS } from '../upstream/hosts/x';

const UPSTREAM = 'Upstream error';
let h: Harness;

beforeAll(async () => {
  h = await startSpeechHarness();
});
afterAll(async () => {
  await h.close();
});

const post = (id: string, user = 'harborfilms') => `https://x.com/${user}/status/${id}`;

describe('Instagram', () => {
  it('a reel: LSD token and csrftoken from the home page → the ruling → graphql by media id → the smallest video → transcripts[0]; /p/ and /tv/ hit the cache', { timeout: clipGuardMs() }, async () => {
    const mark = h.mark();
    const first = await expectCharged(h, 'reels', `https://www.instagram.com/reel/${INSTAGRAM_SHORTCODES.reel}/?igsh=MXh0dDRoNmU`);
    expect(Object.keys(first.body).sort()).toEqual(['credits', 'success', 'transcripts']);
    expect(first.body.success).toBe(true);
    const transcripts = first.body.transcripts as { id: string; shortcode: string; text: string }[];
    expect(transcripts).toHaveLength(1);
    expect(transcripts[0]).toEqual({ id: '3562863077648296244', shortcode: INSTAGRAM_SHORTCODES.reel, text: expect.any(String) as unknown });
    expectClipSpeech(transcripts[0]?.text);
    const requests = h.requestsSince(mark);
    expect(requests.slice(0, 3)).toEqual(['https://www.instagram.com/', expect.stringMatching(/^https:\/\/www\.instagram\.com\/api\/v1\/web\/get_ruling_for_content\/\?content_type=MEDIA&target_id=3562863077648296244$/), 'https://www.instagram.com/api/graphql']);
    expect(requests.filter((u) => u.includes('cdninstagram.com'))).toEqual([expect.stringContaining(`clip-${INSTAGRAM_SHORTCODES.reel}-360x640.mp4`)]);

    const again = h.mark();
    for (const form of [`https://instagram.com/p/${INSTAGRAM_SHORTCODES.reel}`, `https://www.instagram.com/tv/${INSTAGRAM_SHORTCODES.reel}/`]) await expectCacheHit(h, 'reels', form, first);
    expect(h.requestsSince(again)).toEqual([]);
  });

  it('a carousel post: the video among its items', { timeout: clipGuardMs() }, async () => {
    const reply = await expectCharged(h, 'reels', `https://www.instagram.com/p/${INSTAGRAM_SHORTCODES.carousel}/`);
    expectClipSpeech((reply.body.transcripts as { text: string }[])[0]?.text);
  });

  it.each([
    ['a photo post', INSTAGRAM_SHORTCODES.photo, /has no video/],
    ['a private account (gated for visitors; the ruling says so)', INSTAGRAM_SHORTCODES.private, /^Instagram says: This account is private/],
    ['a deleted post (its page is a 404)', INSTAGRAM_SHORTCODES.deleted, /does not exist \(its page answers HTTP 404/],
  ])('%s: 404, free', async (_name, shortcode, message) => {
    await expectFreeFailure(h, 'reels', `https://www.instagram.com/p/${shortcode}/`, 404, 'No transcript available for this video', message);
  });

  it.each([
    ['the login page (the anonymous rate limit)', INSTAGRAM_SHORTCODES.loginWall, /login page instead of the post/],
    ['429', INSTAGRAM_SHORTCODES.rateLimited, /HTTP 429/],
    ['a video file that answers 403', INSTAGRAM_SHORTCODES.mediaBlocked, /Instagram media: The media URL answered HTTP 403/],
  ])('%s: 502, free', async (_name, shortcode, message) => {
    await expectFreeFailure(h, 'reels', `https://www.instagram.com/reel/${shortcode}/`, 502, UPSTREAM, message);
  });

  it('a story is 400 Invalid URL (not a supported shape), free, before any request', async () => {
    const mark = h.mark();
    const before = await h.balance();
    const reply = await h.transcript('reels', 'https://www.instagram.com/stories/harbor.films/3301234567890123456/');
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ error: 'Invalid URL' });
    expect(await h.balance()).toBe(before);
    expect(h.requestsSince(mark)).toEqual([]);
  });
});

describe('X', () => {
  it('guest token → TweetResultByRestId → the lowest-bitrate MP4 → { transcript }; the twitter.com form hits the cache', { timeout: clipGuardMs() }, async () => {
    const mark = h.mark();
    const first = await expectCharged(h, 'microblog', post(X_IDS.video));
    expect(Object.keys(first.body).sort()).toEqual(['credits', 'transcript']);
    expectClipSpeech(first.body.transcript);
    const requests = h.requestsSince(mark);
    expect(requests[0]).toBe('https://api.x.com/1.1/guest/activate.json');
    expect(requests[1]).toMatch(/^https:\/\/x\.com\/i\/api\/graphql\/\w+\/TweetResultByRestId\?variables=/);
    expect(requests.filter((u) => u.startsWith('https://video.twimg.com/'))).toEqual([expect.stringContaining('/avc1/320x180/clip-180.mp4')]);

    const again = h.mark();
    await expectCacheHit(h, 'microblog', `https://mobile.twitter.com/someone/status/${X_IDS.video}/video/1?s=20`, first);
    expect(h.requestsSince(again)).toEqual([]);
  });

  it('a post wrapped in TweetWithVisibilityResults', { timeout: clipGuardMs() }, async () => {
    expectClipSpeech((await expectCharged(h, 'microblog', post(X_IDS.withVisibility))).body.transcript);
  });

  it('the web API refuses the guest (429): the embed API has the post', { timeout: clipGuardMs() }, async () => {
    const mark = h.mark();
    expectClipSpeech((await expectCharged(h, 'microblog', post(X_IDS.webRateLimited))).body.transcript);
    expect(h.requestsSince(mark).some((u) => u.startsWith(`https://cdn.syndication.twimg.com/tweet-result?id=${X_IDS.webRateLimited}&lang=en&token=`))).toBe(true);
  });

  it('longer than 2 minutes by the post data: 422 too_long, free, nothing downloaded', async () => {
    await expectTooLong(h, 'microblog', post(X_IDS.tooLongByDuration), 'video.twimg.com', false);
  });

  it('longer than 2 minutes by the video itself: 422 too_long, free', async () => {
    await expectTooLong(h, 'microblog', post(X_IDS.tooLongMedia), 'video.twimg.com', true);
  });

  it.each([
    ['a post with a photo only', X_IDS.photo, /has no video/],
    ['a GIF (no sound)', X_IDS.gif, /has no video/],
    ['a deleted post (tombstone)', X_IDS.tombstone, /This Post was deleted/],
    ['a protected account', X_IDS.protected, /the account is protected/],
    ['a post that does not exist', X_IDS.missing, /does not exist/],
  ])('%s: 404 "No transcript available", free', async (_name, id, message) => {
    await expectFreeFailure(h, 'microblog', post(id), 404, 'No transcript available', message);
  });

  it.each([
    ['both APIs refuse', X_IDS.bothBlocked, /HTTP 429.*the embed API failed too: .*HTTP 500/],
    ['the video file answers 403', X_IDS.mediaBlocked, /X media: The media URL answered HTTP 403/],
  ])('%s: 502, free', async (_name, id, message) => {
    await expectFreeFailure(h, 'microblog', post(id), 502, UPSTREAM, message);
  });
});
