// X as the live site answers in 2026 (issue 11 point 8, research §7): the reference extractor's
// feature switches, the guest token kept for its lifetime, retweets, quote posts and card videos,
// `/video/<n>`, and a refusal from both APIs that is never a false "does not exist". Black box:
// a real `serve` against the fixture upstream; the request log shows what was (not) fetched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCacheHit, expectCharged, expectFreeFailure, startSpeechHarness, type Harness } from '../helpers/harness';
import { clipGuardMs, expectClipSpeech } from '../helpers/spoken';
import { X_IDS } from '../upstream/hosts/x';

const UPSTREAM = 'Upstream error';
const NO_TRANSCRIPT = 'No transcript available';
let h: Harness;

beforeAll(async () => {
  h = await startSpeechHarness();
});
afterAll(async () => {
  await h.close();
});

const post = (id: string, suffix = '') => `https://x.com/harborfilms/status/${id}${suffix}`;
const activations = (urls: string[]) => urls.filter((u) => u === 'https://api.x.com/1.1/guest/activate.json');
const queries = (urls: string[], id: string) => urls.filter((u) => u.includes('/TweetResultByRestId?') && new URL(u).searchParams.get('variables')?.includes(`"${id}"`));
const embedRequests = (urls: string[]) => urls.filter((u) => u.startsWith('https://cdn.syndication.twimg.com/'));
const videoFiles = (urls: string[]) => urls.filter((u) => u.startsWith('https://video.twimg.com/')).map((u) => new URL(u).pathname);

// Runs first: the server has not activated a guest token yet.
describe('the web API as the reference extractor calls it', () => {
  it("two posts: one guest activation, each answered by TweetResultByRestId with yt-dlp's feature switches (no fallback to the embed API)", async () => {
    const mark = h.mark();
    await expectFreeFailure(h, 'microblog', post(X_IDS.photo), 404, NO_TRANSCRIPT, /has no video/);
    await expectFreeFailure(h, 'microblog', post(X_IDS.gif), 404, NO_TRANSCRIPT, /has no video/);
    const requests = h.requestsSince(mark);
    expect(activations(requests)).toHaveLength(1);
    expect(queries(requests, X_IDS.photo)).toHaveLength(1);
    expect(queries(requests, X_IDS.gif)).toHaveLength(1);
    expect(embedRequests(requests)).toEqual([]);
    const query = new URL(queries(requests, X_IDS.photo)[0] as string);
    // The query id comes from the upstream profile (its compiled default here).
    expect(query.pathname).toBe('/i/api/graphql/2ICDjqPd81tulZcYrtpTuQ/TweetResultByRestId');
    const features = JSON.parse(query.searchParams.get('features') ?? '{}') as Record<string, boolean>;
    expect(features).toMatchObject({ tweetypie_unmention_optimization_enabled: true, responsive_web_media_download_video_enabled: false, responsive_web_twitter_article_tweet_consumption_enabled: false });
    expect(Object.keys(features)).toHaveLength(19);
  });

  it('X rejects the cached guest token ("Bad guest token"): forgotten, one new activation, the query again, 200', { timeout: clipGuardMs() }, async () => {
    const mark = h.mark();
    const reply = await expectCharged(h, 'microblog', post(X_IDS.guestRevoked));
    expectClipSpeech(reply.body.transcript);
    const requests = h.requestsSince(mark);
    expect(activations(requests)).toHaveLength(1);
    expect(queries(requests, X_IDS.guestRevoked)).toHaveLength(2);
    expect(embedRequests(requests)).toEqual([]);
  });

  it('the web API refuses the query (HTTP 400, a feature switch it now requires) and the embed API has no such post: 502 naming both, free', async () => {
    const reply = await expectFreeFailure(h, 'microblog', post(X_IDS.featuresRefused), 502, UPSTREAM, /HTTP 400: The following features cannot be null: responsive_web_grok_share_attachment_enabled.*embed API.*HTTP 404/);
    expect(reply.body.message).not.toMatch(/does not exist/);
  });

  it('an age-restricted post shown only to signed-in visitors: 404 that says so (X itself refuses guests), free', async () => {
    await expectFreeFailure(h, 'microblog', post(X_IDS.signedInOnly), 404, NO_TRANSCRIPT, /not signed in: it is age-restricted/);
  });
});

describe('videos that are not the post’s own first media item', () => {
  it.each([
    ['a retweet: the retweeted post’s video', X_IDS.retweet, `/ext_tw_video/${X_IDS.retweeted}/pu/vid/avc1/320x180/clip-180.mp4`],
    ['a quote post: the quoted post’s video', X_IDS.quote, `/ext_tw_video/${X_IDS.quoted}/pu/vid/avc1/320x180/clip-180.mp4`],
    ['a card video (unified card media_entities)', X_IDS.card, `/ext_tw_video/${X_IDS.card.slice(0, -2)}77/pu/vid/avc1/320x180/clip-180.mp4`],
  ])('%s: transcribed, one credit', { timeout: clipGuardMs() }, async (_name, id, videoPath) => {
    const mark = h.mark();
    const reply = await expectCharged(h, 'microblog', post(id));
    expectClipSpeech(reply.body.transcript);
    expect(videoFiles(h.requestsSince(mark))).toEqual([videoPath]);
  });
});

describe('/video/<n>', () => {
  const second = `/ext_tw_video/${X_IDS.multiVideo.slice(0, -2)}99/pu/vid/avc1/320x180/second-180.mp4`;

  it('picks the n-th media item of a post (X counts photos too); each video is its own cache entry; /video/1 is the post', { timeout: clipGuardMs(2) }, async () => {
    let mark = h.mark();
    const third = await expectCharged(h, 'microblog', post(X_IDS.multiVideo, '/video/3'));
    expectClipSpeech(third.body.transcript);
    expect(videoFiles(h.requestsSince(mark))).toEqual([second]);

    mark = h.mark();
    const plain = await expectCharged(h, 'microblog', `https://twitter.com/harborfilms/status/${X_IDS.multiVideo}`);
    expect(videoFiles(h.requestsSince(mark))).toEqual([`/ext_tw_video/${X_IDS.multiVideo}/pu/vid/avc1/320x180/clip-180.mp4`]);

    mark = h.mark();
    await expectCacheHit(h, 'microblog', post(X_IDS.multiVideo, '/video/1'), plain);
    await expectCacheHit(h, 'microblog', post(X_IDS.multiVideo, '/video/3?s=20'), third);
    expect(h.requestsSince(mark)).toEqual([]);
  });

  it('a media item that is a photo, or one the post does not have: 404 that says which, free', async () => {
    await expectFreeFailure(h, 'microblog', post(X_IDS.multiVideo, '/video/2'), 404, NO_TRANSCRIPT, /media #2 of this post is a photo/);
    await expectFreeFailure(h, 'microblog', post(X_IDS.multiVideo, '/video/7'), 404, NO_TRANSCRIPT, /X lists no media #7 for this post \(it has 3\)/);
  });

  it('/video/<n> naming the video the plain link gives: filed under the plain link’s cache entry (no second charge), then a hit without any request', { timeout: clipGuardMs(2) }, async () => {
    // X_IDS.video lists a photo, then its one video: `/video/2` is that video. Which video that is
    // shows only after the post lookup (and, fetchers not seeing the cache, its transcription).
    const plain = await expectCharged(h, 'microblog', post(X_IDS.video));
    await expectCacheHit(h, 'microblog', post(X_IDS.video, '/video/2'), plain);
    const mark = h.mark();
    await expectCacheHit(h, 'microblog', `https://mobile.twitter.com/someone/status/${X_IDS.video}/video/2`, plain);
    expect(h.requestsSince(mark)).toEqual([]);
    // The other real shapes of the same post are cache hits without any request.
    const again = h.mark();
    for (const form of [`https://twitter.com/statuses/${X_IDS.video}`, `https://m.twitter.com/harborfilms/status/${X_IDS.video}/photo/1`, `https://twitter.com/i/videos/tweet/${X_IDS.video}`]) {
      await expectCacheHit(h, 'microblog', form, plain);
    }
    expect(h.requestsSince(again)).toEqual([]);
  });
});
