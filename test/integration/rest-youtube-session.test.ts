// YouTube's visitor-data bootstrap through the REST API of a real `serve` process: fetched once
// from the home page and sent with every player request; a failed bootstrap does not fail the
// request. Each block has its own server, since the bootstrap is cached per server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCharged, expectFreeFailure, startHarness, type Harness } from '../helpers/harness';
import { setYoutubeHomePageDown, YOUTUBE_IDS } from '../upstream/hosts/youtube';

const watch = (id: string) => `https://www.youtube.com/watch?v=${id}`;
const HOME_PAGE = 'https://www.youtube.com/';
const isPlayer = (url: string) => url.includes('/youtubei/v1/player');

describe('with the home page up', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('fetches the visitor data once, before the first player request, for two videos', async () => {
    const mark = h.mark();
    await expectCharged(h, 'longform', watch(YOUTUBE_IDS.withCaptions));
    await expectCharged(h, 'longform', watch(YOUTUBE_IDS.manualAndAsr));
    const requests = h.requestsSince(mark);
    expect(requests.filter((url) => url === HOME_PAGE)).toHaveLength(1);
    expect(requests[0]).toBe(HOME_PAGE);
    expect(requests.filter(isPlayer)).toHaveLength(2);
  });

  // The fixture answers this video with the bot check unless X-Goog-Visitor-Id and
  // context.client.visitorData both hold the home page's visitor data and context.client.userAgent
  // is the request's User-Agent.
  it('sends the visitor data as X-Goog-Visitor-Id and in the context, and the User-Agent in the context', async () => {
    const mark = h.mark();
    const reply = await expectCharged(h, 'longform', watch(YOUTUBE_IDS.visitorGate));
    expect(reply.body.videoId).toBe(YOUTUBE_IDS.visitorGate);
    expect(h.requestsSince(mark).filter(isPlayer)).toHaveLength(1);
    expect(h.requestsSince(mark)).not.toContain(HOME_PAGE);
  });
});

describe('with the home page down', () => {
  let h: Harness;
  beforeAll(async () => {
    setYoutubeHomePageDown(true);
    h = await startHarness();
  });
  afterAll(async () => {
    setYoutubeHomePageDown(false);
    await h.close();
  });

  it('still serves the video, and does not ask the home page again for the next one', async () => {
    const mark = h.mark();
    await expectCharged(h, 'longform', watch(YOUTUBE_IDS.withCaptions));
    await expectCharged(h, 'longform', watch(YOUTUBE_IDS.manualAndAsr));
    // The upstream client retries a 500 a few times; what matters is that the second video did not start over.
    const first = h.requestsSince(mark).findIndex(isPlayer);
    expect(h.requestsSince(mark).slice(first).filter((url) => url === HOME_PAGE)).toEqual([]);
  });

  it('sends no visitor data then, so a video that needs it gets a 502 that names the bot check', async () => {
    await expectFreeFailure(h, 'longform', watch(YOUTUBE_IDS.visitorGate), 502, 'Upstream error', /^YouTube asked for a sign-in \(bot check\); tried the Android, iOS, TV, visionOS clients$/);
  });
});
