// professional (LinkedIn) through the REST API of a real `serve` process, against the fixture upstream.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCacheHit, expectCharged, expectFreeFailure, startHarness, type Harness } from '../helpers/harness';
import { LINKEDIN_IDS, LINKEDIN_UGC_POSTS, linkedinPostUrl, linkedinUgcPostUrl } from '../upstream/hosts/linkedin';

const NO_TRANSCRIPT = 'No transcript available';
const UPSTREAM = 'Upstream error';
const HIRING = 'Hiring is the most important thing a founder does.\nHere are three questions I ask in every interview.';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

describe('a post with a captioned video', () => {
  it('answers the transcript only (one line per cue), for one credit, and caches it for other URL forms', async () => {
    const mark = h.mark();
    const first = await expectCharged(h, 'professional', linkedinPostUrl(LINKEDIN_IDS.withCaptions));
    expect(first.body).toEqual({ transcript: 'Hiring is the most important thing a founder does.\nHere are three questions I ask in every interview.', credits: first.body.credits });
    expect(h.requestsSince(mark).some((url) => url.startsWith('https://dms.licdn.com/') && url.includes('captions-vtt'))).toBe(true);

    const again = h.mark();
    await expectCacheHit(h, 'professional', `${linkedinPostUrl(LINKEDIN_IDS.withCaptions).replace('www.', '')}/?utm_source=share&utm_medium=member_desktop`, first);
    expect(h.requestsSince(again)).toEqual([]);

    // The feed URL names the same activity id: the same cache entry, no request.
    await expectCacheHit(h, 'professional', `https://www.linkedin.com/feed/update/urn:li:activity:${LINKEDIN_IDS.withCaptions}/?utm_source=share`, first);
    expect(h.requestsSince(again)).toEqual([]);
  });

  it('a ugcPost URL of that post: fetched to learn its activity id, then filed under it: free, and the next ugcPost request sends nothing', async () => {
    const before = await h.balance();
    const mark = h.mark();
    const reply = await h.transcript('professional', linkedinUgcPostUrl(LINKEDIN_UGC_POSTS.withCaptions));
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ transcript: HIRING, credits: before, cached: true });
    expect(h.requestsSince(mark)[0]).toBe(linkedinUgcPostUrl(LINKEDIN_UGC_POSTS.withCaptions));
    expect(await h.balance()).toBe(before);

    const again = h.mark();
    expect((await h.transcript('professional', `https://www.linkedin.com/feed/update/urn:li:ugcPost:${LINKEDIN_UGC_POSTS.withCaptions}/`)).body).toMatchObject({ transcript: HIRING, cached: true });
    expect(h.requestsSince(again)).toEqual([]);
  });
});

describe('a post whose page has no <video>, the video in its <code> JSON (group and feed posts)', () => {
  it('reads the transcript named by progressiveStreams/transcripts: one credit; the activity URL of the post is then a cache hit', async () => {
    const mark = h.mark();
    const first = await expectCharged(h, 'professional', `https://www.linkedin.com/feed/update/urn:li:ugcPost:${LINKEDIN_UGC_POSTS.codeJson}/`);
    expect(first.body).toEqual({ transcript: HIRING, credits: first.body.credits });
    expect(h.requestsSince(mark).some((url) => url.startsWith('https://dms.licdn.com/') && url.includes('captions-vtt'))).toBe(true);

    const again = h.mark();
    await expectCacheHit(h, 'professional', linkedinPostUrl(LINKEDIN_IDS.codeJson, 'x9Qz'), first);
    await expectCacheHit(h, 'professional', linkedinUgcPostUrl(LINKEDIN_UGC_POSTS.codeJson), first);
    expect(h.requestsSince(again)).toEqual([]);
  });

  it('streams but no transcripts: 404 "no captions", free', async () => {
    await expectFreeFailure(h, 'professional', linkedinUgcPostUrl(LINKEDIN_UGC_POSTS.codeJsonNoCaptions), 404, NO_TRANSCRIPT, /video in this LinkedIn post has no captions/);
  });

  it('<code> JSON that mentions streams but is cut off: 502, free (it may have held the video)', async () => {
    await expectFreeFailure(h, 'professional', linkedinUgcPostUrl(LINKEDIN_UGC_POSTS.codeJsonBroken), 502, UPSTREAM, /post data is not valid JSON/);
  });

  it('a page that shows other posts, not this one: 502, free (not "no video")', async () => {
    await expectFreeFailure(h, 'professional', linkedinUgcPostUrl(LINKEDIN_UGC_POSTS.notThePost), 502, UPSTREAM, /does not name post 7300000000000000003/);
  });
});

describe('what LinkedIn says about the post: 404 "No transcript available", free', () => {
  it.each([
    ['a video without captions', LINKEDIN_IDS.videoNoCaptions, /video in this LinkedIn post has no captions/],
    ['a post without a video', LINKEDIN_IDS.noVideo, /This LinkedIn post has no video/],
    ['a deleted post (HTTP 404)', LINKEDIN_IDS.deleted, /does not exist \(HTTP 404\)/],
  ])('%s', async (_name, id, message) => {
    await expectFreeFailure(h, 'professional', linkedinPostUrl(id), 404, NO_TRANSCRIPT, message);
  });
});

describe('what kept us from an answer: 502, free', () => {
  it.each([
    ['the sign-in wall (a members-only post, or LinkedIn refusing anonymous visits)', LINKEDIN_IDS.authWall, /sign-in wall/],
    ['the bot check (HTTP 999)', LINKEDIN_IDS.botCheck, /HTTP 999, its bot check/],
    ['a refused captions file (a block, not "no captions")', LINKEDIN_IDS.captionsBlocked, /refused the request for the captions file \(HTTP 403\)/],
    ['429 with a long Retry-After', LINKEDIN_IDS.rateLimited, /HTTP 429, retry after 120 s/],
    ['500', LINKEDIN_IDS.serverError, /HTTP 500/],
    ['a body that never finishes', LINKEDIN_IDS.slowBody, /did not answer in time/],
    ['a body cut off mid-way', LINKEDIN_IDS.truncated, /closed before the answer was complete/],
    ['a page in a shape we do not know', LINKEDIN_IDS.malformed, /not a post page it knows/],
  ])('%s', async (_name, id, message) => {
    await expectFreeFailure(h, 'professional', linkedinPostUrl(id), 502, UPSTREAM, message);
  });

  it('does not retry HTTP 999 like a server error', async () => {
    const mark = h.mark();
    await h.transcript('professional', linkedinPostUrl(LINKEDIN_IDS.botCheck));
    expect(h.requestsSince(mark)).toHaveLength(1);
  });
});
