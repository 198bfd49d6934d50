// reels (Instagram) on the live-site paths of issue 11 point 5, through the REST API of a real
// `serve` process against the fixture upstream: Instagram's ruling first, the logged-out GraphQL
// query, PolarisPostRootQuery when that answers empty, then the post page's relay data. An empty
// answer is what non-browser clients and rotated doc ids get, so "all empty" is a 502, never a
// 404 "private"; 404 only where Instagram itself says so (its ruling's words, a 404 page).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCharged, expectFreeFailure, startSpeechHarness, type Harness } from '../helpers/harness';
import { clipGuardMs, expectClipSpeech } from '../helpers/spoken';
import { INSTAGRAM_SHORTCODES } from '../upstream/hosts/instagram';

const NO_TRANSCRIPT = 'No transcript available for this video';
const UPSTREAM = 'Upstream error';
const HOME = 'https://www.instagram.com/';
const LOGGED_OUT_QUERY = 'https://www.instagram.com/api/graphql';
const POST_ROOT_QUERY = 'https://www.instagram.com/graphql/query';
const reel = (shortcode: string) => `https://www.instagram.com/reel/${shortcode}/`;
const ruling = (shortcode: string) => `https://www.instagram.com/api/v1/web/get_ruling_for_content/?content_type=MEDIA&target_id=${mediaIdOf(shortcode)}`;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const mediaIdOf = (shortcode: string) => [...shortcode].reduce((id, c) => id * 64n + BigInt(ALPHABET.indexOf(c)), 0n).toString();
/** The Instagram page and API requests (not the CDN) since the mark. */
const instagramRequests = (h: Harness, mark: number) => h.requestsSince(mark).filter((url) => url.startsWith('https://www.instagram.com/'));

let h: Harness;
beforeAll(async () => {
  h = await startSpeechHarness();
});
afterAll(async () => {
  await h.close();
});

describe('an empty GraphQL answer is not "private"', () => {
  it('both queries empty, the post page has the reel: 200 from the page fallback, one credit', { timeout: clipGuardMs() }, async () => {
    const mark = h.mark();
    const reply = await expectCharged(h, 'reels', reel(INSTAGRAM_SHORTCODES.pageFallback));
    const transcripts = reply.body.transcripts as { id: string; shortcode: string; text: string }[];
    expect(transcripts).toEqual([{ id: mediaIdOf(INSTAGRAM_SHORTCODES.pageFallback), shortcode: INSTAGRAM_SHORTCODES.pageFallback, text: expect.any(String) as unknown }]);
    expectClipSpeech(transcripts[0]?.text);
    expect(instagramRequests(h, mark).filter((url) => url !== HOME)).toEqual([
      ruling(INSTAGRAM_SHORTCODES.pageFallback),
      LOGGED_OUT_QUERY,
      POST_ROOT_QUERY,
      `https://www.instagram.com/p/${INSTAGRAM_SHORTCODES.pageFallback}/`,
    ]);
  });

  it('every source empty and the ruling silent: 502 "Instagram sent an empty media response", free', async () => {
    const mark = h.mark();
    await expectFreeFailure(h, 'reels', reel(INSTAGRAM_SHORTCODES.allEmpty), 502, UPSTREAM, /^Instagram sent an empty media response/);
    // Every source was asked before giving up.
    expect(instagramRequests(h, mark)).toEqual(expect.arrayContaining([LOGGED_OUT_QUERY, POST_ROOT_QUERY, `https://www.instagram.com/p/${INSTAGRAM_SHORTCODES.allEmpty}/`]));
  });
});

describe('the second query and what Instagram itself says', () => {
  it('the logged-out query empty, PolarisPostRootQuery (X-CSRFToken) has the reel: 200, the page not fetched', { timeout: clipGuardMs() }, async () => {
    const mark = h.mark();
    const reply = await expectCharged(h, 'reels', `https://www.instagram.com/harbor.films/reel/${INSTAGRAM_SHORTCODES.postRoot}/`);
    expectClipSpeech((reply.body.transcripts as { text: string }[])[0]?.text);
    expect(instagramRequests(h, mark).filter((url) => url !== HOME)).toEqual([ruling(INSTAGRAM_SHORTCODES.postRoot), LOGGED_OUT_QUERY, POST_ROOT_QUERY]);
  });

  it('both queries empty and the ruling says "Restricted Video": 404 in Instagram\'s words, free, the page not fetched', async () => {
    const mark = h.mark();
    await expectFreeFailure(h, 'reels', reel(INSTAGRAM_SHORTCODES.restricted), 404, NO_TRANSCRIPT, /^Instagram says: Restricted Video: You must be 18 years old or over to see this video\. \(it shows this post only to signed-in users/);
    expect(instagramRequests(h, mark)).not.toContain(`https://www.instagram.com/p/${INSTAGRAM_SHORTCODES.restricted}/`);
  });

  it('both queries empty and the post page is Instagram\'s 404: 404 "does not exist", free', async () => {
    await expectFreeFailure(h, 'reels', `https://www.instagram.com/p/${INSTAGRAM_SHORTCODES.deleted}/embed/`, 404, NO_TRANSCRIPT, /^Instagram says this post does not exist \(its page answers HTTP 404/);
  });
});

describe('the home-page tokens are a cached session bootstrap', () => {
  it('one home-page load serves every post of this run (LSD token and csrftoken), not one per post', async () => {
    const mark = h.mark();
    // Two more posts' worth of upstream work (a 502 is asked again each time; a 404 asked before in
    // this file would come from the service's memory of not-founds without a call).
    await expectFreeFailure(h, 'reels', reel(INSTAGRAM_SHORTCODES.allEmpty), 502, UPSTREAM, /empty media response/);
    await expectFreeFailure(h, 'reels', reel(INSTAGRAM_SHORTCODES.allEmpty), 502, UPSTREAM, /empty media response/);
    expect(h.requestsSince(mark).filter((url) => url.includes('/get_ruling_for_content/'))).toHaveLength(2);
    // Whatever ran before in this file (every test asks for another post): one load in all.
    expect(h.fixture.requests.filter((r) => r.url === HOME)).toHaveLength(1);
  });
});
