// openvideo (Rumble) through the REST API of a real `serve` process, against the fixture upstream.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCacheHit, expectCharged, expectFreeFailure, startHarness, type Harness } from '../helpers/harness';
import { RUMBLE_IDS, RUMBLE_PUBLISHER, rumblePageUrl } from '../upstream/hosts/rumble';

const NO_TRANSCRIPT = 'No transcript available';
const UPSTREAM = 'Upstream error';
const SHOW = "Good evening and welcome to the show.\nTonight: the bridge vote – what happened?\n>> Let's go to the council chamber.";

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe('a video with captions', () => {
  it('finds the embed id, reads cc, converts the WebVTT to plain lines: one credit; other URL forms hit the cache', async () => {
    const mark = h.mark();
    const first = await expectCharged(h, 'openvideo', rumblePageUrl(RUMBLE_IDS.withCaptions));
    expect(first.body).toEqual({ transcript: SHOW, credits: first.body.credits });
    const requests = h.requestsSince(mark);
    expect(requests[1]).toMatch(/^https:\/\/rumble\.com\/embedJS\/u3\/\?request=video&ver=2&v=v\w+$/);
    expect(requests[2]).toMatch(/^https:\/\/1a-1791\.com\/.*\.en\.vtt$/);

    const again = h.mark();
    await expectCacheHit(h, 'openvideo', `https://www.rumble.com/${RUMBLE_IDS.withCaptions}-another-title.html?playlist_id=watch-later`, first);
    expect(h.requestsSince(again)).toEqual([]);
  });

  it("reads a publisher's embed id (ufe9n.v…) and asks the embed API for the video's own id: one credit", async () => {
    const mark = h.mark();
    const reply = await expectCharged(h, 'openvideo', rumblePageUrl(RUMBLE_IDS.publisherPrefix));
    expect(reply.body.transcript).toBe(SHOW);
    const api = h.requestsSince(mark).find((url) => url.includes('/embedJS/u3/'));
    expect(api).toMatch(/&v=v\w+$/);
    expect(api).not.toContain(RUMBLE_PUBLISHER);
  });

  it('takes English when the video has captions in several languages', async () => {
    const reply = await expectCharged(h, 'openvideo', rumblePageUrl(RUMBLE_IDS.twoLanguages));
    expect(reply.body.transcript).toBe(SHOW);
  });
});

describe('what Rumble says about the video: 404 "No transcript available", free', () => {
  it.each([
    ['no captions (cc is [])', RUMBLE_IDS.noCaptions, /This Rumble video has no captions/],
    ['no video behind the page (the embed API answers false)', RUMBLE_IDS.missing, /no video behind this page/],
    ['a deleted page (HTTP 404)', RUMBLE_IDS.deleted, /does not exist \(HTTP 404\)/],
  ])('%s', async (_name, id, message) => {
    await expectFreeFailure(h, 'openvideo', rumblePageUrl(id), 404, NO_TRANSCRIPT, message);
  });
});

describe('what kept us from an answer: 502, free', () => {
  it.each([
    ["Cloudflare's bot challenge on the video data (HTTP 403)", RUMBLE_IDS.cloudflare, /HTTP 403, a Cloudflare bot challenge/],
    ['a refused captions file (a block, not "no captions")', RUMBLE_IDS.captionsBlocked, /refused the request for the captions file/],
    ['a page that names no embed id', RUMBLE_IDS.noEmbedId, /does not name the video's embed id/],
    ['429 with a long Retry-After', RUMBLE_IDS.rateLimited, /HTTP 429, retry after 120 s/],
    ['500', RUMBLE_IDS.serverError, /HTTP 500/],
    ['a body that never finishes', RUMBLE_IDS.slowBody, /did not answer in time/],
    ['a body cut off mid-way', RUMBLE_IDS.truncated, /closed before the answer was complete/],
    ['malformed video data JSON', RUMBLE_IDS.malformed, /video data is not valid JSON/],
  ])('%s', async (_name, id, message) => {
    await expectFreeFailure(h, 'openvideo', rumblePageUrl(id), 502, UPSTREAM, message);
  });
});
