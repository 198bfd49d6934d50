// longform (YouTube) through the REST API of a real `serve` process, against the fixture upstream
// serving the recorded InnerTube player responses (test/fixtures/youtube).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectCacheHit, expectCharged, expectFreeFailure, startHarness, type Harness } from '../helpers/harness';
import { YOUTUBE_IDS } from '../upstream/hosts/youtube';

const NO_TRANSCRIPT = 'No transcript available for this video';
const UPSTREAM = 'Upstream error';
const watch = (id: string) => `https://www.youtube.com/watch?v=${id}`;
const isPlayer = (url: string) => url.includes('/youtubei/v1/player');
/** Player and caption requests, without the visitor-data bootstrap (fetched once per server, whichever test comes first). */
const isVideoRequest = (url: string) => url !== 'https://www.youtube.com/';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

interface Segment {
  text: string;
  startMs: string;
  endMs: string;
  startTimeText: string;
}
interface Track {
  baseUrl: string;
  name: { simpleText: string };
  languageCode: string;
  isTranslatable: boolean;
  kind?: string;
  vssId?: string;
}

describe('a video with captions (recorded player response GJLlxj_dtq8, 9 tracks)', () => {
  let first: Awaited<ReturnType<typeof expectCharged>>;

  it('answers the spec shape exactly, from the default track, for one credit', async () => {
    const mark = h.mark();
    first = await expectCharged(h, 'longform', watch(YOUTUBE_IDS.withCaptions));
    const body = first.body;
    expect(Object.keys(body).sort()).toEqual(['captionTracks', 'credits', 'language', 'success', 'transcript', 'transcript_only_text', 'type', 'url', 'videoId']);
    expect(body).toMatchObject({ success: true, type: 'video', url: watch(YOUTUBE_IDS.withCaptions), videoId: YOUTUBE_IDS.withCaptions, language: 'English' });

    const transcript = body.transcript as Segment[];
    expect(transcript[0]).toEqual({ text: 'Hey guys, so this is the Surface Go.', startMs: '0', endMs: '2500', startTimeText: '0:00' });
    expect(transcript[3]).toEqual({ text: "And the price? 'Just' $399.", startMs: '9000', endMs: '12000', startTimeText: '0:09' });
    for (const segment of transcript) {
      expect(Object.keys(segment).sort()).toEqual(['endMs', 'startMs', 'startTimeText', 'text']);
      expect(segment.startMs).toMatch(/^\d+$/);
      expect(segment.endMs).toMatch(/^\d+$/);
      expect(Number(segment.endMs)).toBeGreaterThanOrEqual(Number(segment.startMs));
      expect(segment.startTimeText).toMatch(/^\d+:\d{2}$/);
    }
    expect(body.transcript_only_text).toBe(transcript.map((s) => s.text).join(' '));

    const tracks = body.captionTracks as Track[];
    expect(tracks.map((t) => t.languageCode)).toEqual(['zh', 'cs', 'en', 'en', 'de', 'hi', 'ja', 'ko', 'es']);
    for (const track of tracks) {
      expect(track.baseUrl).toMatch(/^https:\/\/www\.youtube\.com\/api\/timedtext\?v=GJLlxj_dtq8&/);
      expect(typeof track.name.simpleText).toBe('string');
      expect(typeof track.isTranslatable).toBe('boolean');
    }
    // Android names tracks with `runs`; the answer always has `simpleText`.
    expect(tracks[3]).toMatchObject({ name: { simpleText: 'English (auto-generated)' }, kind: 'asr', vssId: 'a.en' });
    expect(tracks[2]).not.toHaveProperty('kind');

    // The manual English track (the video's default) was fetched, nothing else.
    const timedtext = h.requestsSince(mark).filter((url) => url.includes('/api/timedtext'));
    expect(timedtext).toHaveLength(1);
    expect(timedtext[0]).toMatch(/&lang=en&fmt=srv3$/);
    expect(timedtext[0]).not.toMatch(/kind=asr/);
  });

  it.each([
    ['a youtu.be link', `https://youtu.be/${YOUTUBE_IDS.withCaptions}?si=abc&t=42`],
    ['a Shorts link', `https://m.youtube.com/shorts/${YOUTUBE_IDS.withCaptions}`],
  ])('serves %s of the same video from the cache: cached, free, no upstream request', async (_name, url) => {
    const mark = h.mark();
    await expectCacheHit(h, 'longform', url, first);
    expect(h.requestsSince(mark)).toEqual([]);
  });

  it('fetches another language with lang, as its own cache entry', async () => {
    const mark = h.mark();
    const german = await expectCharged(h, 'longform', watch(YOUTUBE_IDS.withCaptions), { lang: 'de' });
    expect(german.body.language).toBe('German');
    expect(h.requestsSince(mark).find((url) => url.includes('/api/timedtext'))).toMatch(/&lang=de&/);
    await expectCacheHit(h, 'longform', `https://youtu.be/${YOUTUBE_IDS.withCaptions}`, first);
    await expectCacheHit(h, 'longform', `https://youtu.be/${YOUTUBE_IDS.withCaptions}`, german, { lang: 'DE' });
  });

  it('machine-translates with tlang where no track is in lang, and says so in language', async () => {
    const mark = h.mark();
    const french = await expectCharged(h, 'longform', watch(YOUTUBE_IDS.withCaptions), { lang: 'fr' });
    expect(french.body.language).toBe('French (auto-translated from English)');
    // The native tracks are listed as they are; the translation is asked for on the English one.
    expect((french.body.captionTracks as Track[]).map((t) => t.languageCode)).toEqual(['zh', 'cs', 'en', 'en', 'de', 'hi', 'ja', 'ko', 'es']);
    const timedtext = h.requestsSince(mark).filter((url) => url.includes('/api/timedtext'));
    expect(timedtext).toHaveLength(1);
    expect(timedtext[0]).toMatch(/&lang=en&fmt=srv3&tlang=fr$/);
    expect(timedtext[0]).not.toMatch(/kind=asr/);
  });

  it('answers 404 for a language the video has no captions in and YouTube does not translate into, naming the ones it has', async () => {
    const before = await h.balance();
    const reply = await h.transcript('longform', watch(YOUTUBE_IDS.withCaptions), { lang: 'pl' });
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({ error: NO_TRANSCRIPT, message: 'This YouTube video has no captions in "pl" (it has: zh, cs, en, de, hi, ja, ko, es)' });
    expect(await h.balance()).toBe(before);
  });

  it('rejects a lang that is not a language code with 400, free', async () => {
    for (const lang of ['english please', 42, 'e']) {
      const reply = await h.transcript('longform', watch(YOUTUBE_IDS.withCaptions), { lang });
      expect(reply.status).toBe(400);
      expect(reply.body.error).toBe('Invalid lang');
    }
  });
});

describe('track choice', () => {
  it('prefers the manual track over auto-generated captions in the same language (recorded F1xioXWb8CY)', async () => {
    const reply = await expectCharged(h, 'longform', `https://youtu.be/${YOUTUBE_IDS.manualAndAsr}`);
    expect(reply.body.language).toBe('English');
    expect((reply.body.captionTracks as Track[]).map((t) => t.vssId)).toEqual(['.en', 'a.en']);
  });

  it('takes auto-generated captions when there is nothing else', async () => {
    const reply = await expectCharged(h, 'longform', watch(YOUTUBE_IDS.asrOnly));
    expect(reply.body.language).toBe('English (auto-generated)');
    expect((reply.body.transcript as Segment[])[0]?.text).toBe('hey guys so this is the surface go');
  });

  it('writes h:mm:ss from one hour on (json3 track)', async () => {
    const reply = await expectCharged(h, 'longform', watch(YOUTUBE_IDS.json3PastAnHour));
    const last = (reply.body.transcript as Segment[]).at(-1);
    expect(last).toEqual({ text: 'an hour later', startMs: '3725000', endMs: '3729200', startTimeText: '1:02:05' });
    // The track times its words (json3 tOffsetMs): they reach the desk's segments, never the spec's body.
    expect((reply.body.transcript as Segment[])[0]).toEqual({ text: 'hey guys so this is', startMs: '80', endMs: '5040', startTimeText: '0:00' });
    for (const cue of reply.body.transcript as Segment[]) expect(Object.keys(cue)).toEqual(['text', 'startMs', 'endMs', 'startTimeText']);
    expect(JSON.stringify(reply.body)).not.toContain('"words"');
  });

  it('reads rolling auto-captions in WebVTT with every line once', async () => {
    const reply = await expectCharged(h, 'longform', watch(YOUTUBE_IDS.rollingVtt));
    expect(reply.body.transcript).toEqual([
      { text: 'hey guys so this is', startMs: '80', endMs: '2470', startTimeText: '0:00' },
      { text: 'the surface go', startMs: '2480', endMs: '5040', startTimeText: '0:02' },
      { text: "it's small & cheap", startMs: '5050', endMs: '7600', startTimeText: '0:05' },
      { text: '[Music]', startMs: '7610', endMs: '10000', startTimeText: '0:07' },
    ]);
  });

  it('moves on to the next InnerTube client when one gets the bot check', async () => {
    const mark = h.mark();
    const reply = await expectCharged(h, 'longform', watch(YOUTUBE_IDS.androidBotCheck));
    expect(reply.body.videoId).toBe(YOUTUBE_IDS.androidBotCheck);
    expect(h.requestsSince(mark).filter(isPlayer)).toHaveLength(2);
  });

  it('never gets to TV when Android serves the video (TV gets the bot check there)', async () => {
    const mark = h.mark();
    await expectCharged(h, 'longform', watch(YOUTUBE_IDS.botCheckTvOnly));
    expect(h.requestsSince(mark).filter(isPlayer)).toHaveLength(1);
  });

  it('honours Retry-After on a 429 and then succeeds', async () => {
    const started = Date.now();
    await expectCharged(h, 'longform', watch(YOUTUBE_IDS.rateLimitedOnce));
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });
});

describe('every InnerTube client is asked before a 404 (issue 11: one client\'s refusal is not the video\'s)', () => {
  it('serves the video when TV answers ERROR with no tracks but Android and iOS serve it (the reported false 404)', async () => {
    const reply = await expectCharged(h, 'longform', watch(YOUTUBE_IDS.tvErrorOnly));
    expect(reply.body).toMatchObject({ videoId: YOUTUBE_IDS.tvErrorOnly, language: 'English' });
  });

  it('serves the video from iOS when Android answers ERROR', async () => {
    const mark = h.mark();
    const reply = await expectCharged(h, 'longform', watch(YOUTUBE_IDS.androidError));
    expect(reply.body).toMatchObject({ videoId: YOUTUBE_IDS.androidError, language: 'English' });
    expect(h.requestsSince(mark).filter(isPlayer)).toHaveLength(2);
  });

  it('keeps walking when the first client plays the video without captions, and serves a later client\'s captions', async () => {
    const mark = h.mark();
    const reply = await expectCharged(h, 'longform', watch(YOUTUBE_IDS.noCaptionsFirst));
    expect(reply.body).toMatchObject({ videoId: YOUTUBE_IDS.noCaptionsFirst, language: 'English' });
    // Captions from iOS end the walk: TV and visionOS are not asked.
    expect(h.requestsSince(mark).filter(isPlayer)).toHaveLength(2);
  });

  it('answers 404 "unavailable" when Android and iOS agree, although TV only got a bot check', async () => {
    const mark = h.mark();
    await expectFreeFailure(h, 'longform', watch(YOUTUBE_IDS.goneTvBotCheck), 404, NO_TRANSCRIPT, /^YouTube says the video is unavailable \("This video is unavailable"\)$/);
    expect(h.requestsSince(mark).filter(isPlayer)).toHaveLength(4);
  });

  it('answers 502 naming each client when the clients disagree (ERROR, bot check, "not on this app", PO gate)', async () => {
    await expectFreeFailure(
      h,
      'longform',
      watch(YOUTUBE_IDS.mixedRefusals),
      502,
      UPSTREAM,
      /^YouTube's clients disagree about this video and none served captions: Android: YouTube says the video is unavailable \("This video is unavailable"\); iOS: YouTube asked for a sign-in \(bot check\); TV: YouTube refused this app \("The following content is not available on this app\."\); visionOS: every caption track it offers needs a PO token \(exp=xpe\)$/,
    );
  });

  it('answers 502, not 404, when Android and iOS were told different things (unavailable vs private)', async () => {
    await expectFreeFailure(h, 'longform', watch(YOUTUBE_IDS.goneDisagree), 502, UPSTREAM, /Android: YouTube says the video is unavailable .*; iOS: This YouTube video is private;/);
  });

  it('answers 502, not "no captions", when only visionOS played the video and listed no captions', async () => {
    await expectFreeFailure(h, 'longform', watch(YOUTUBE_IDS.visionNoCaptions), 502, UPSTREAM, /Android: YouTube asked for a sign-in \(bot check\); .*visionOS: it played the video but offered no captions$/);
  });
});

describe('a timedtext 429', () => {
  it('is a 502 that says the block may be the client fingerprint, not only the rate', async () => {
    const mark = h.mark();
    await expectFreeFailure(h, 'longform', watch(YOUTUBE_IDS.captions429), 502, UPSTREAM, /^YouTube is rate-limiting requests from this machine \(HTTP 429\) for the caption track\. .*fingerprint \(TLS handshake\).*whatever the request rate/);
    // Every client reaches the same caption servers from the same machine: no walk after it.
    expect(h.requestsSince(mark).filter(isPlayer)).toHaveLength(1);
  });
});

describe('the PO-token gate is an upstream failure, never "no captions"', () => {
  it('skips caption URLs with exp=xpe (recorded WEB response) without fetching them, 502', async () => {
    const mark = h.mark();
    await expectFreeFailure(h, 'longform', watch(YOUTUBE_IDS.poToken), 502, UPSTREAM, /every caption track it offers needs a PO token \(exp=xpe\)/);
    const requests = h.requestsSince(mark);
    expect(requests.filter((url) => url.includes('/youtubei/v1/player'))).toHaveLength(4);
    expect(requests.filter((url) => url.includes('/api/timedtext'))).toEqual([]);
  });

  it('reports a timedtext 200 with an empty body as the gate, 502', async () => {
    await expectFreeFailure(h, 'longform', watch(YOUTUBE_IDS.poEmptyBody), 502, UPSTREAM, /the caption track came back empty \(PO-token gate\)/);
  });
});

describe('what YouTube says about the video: 404, free', () => {
  // Every client is asked first: each of them gets the same answer for these.
  it.each([
    ['no captions (recorded dsMFmonKDD4)', YOUTUBE_IDS.noCaptions, /^This YouTube video has no captions$/],
    ['age-restricted (recorded Njp5uhTorCo)', YOUTUBE_IDS.ageRestricted, /age-restricted.*inappropriate for some users.*not supported/],
    ['unavailable (recorded ERROR response)', YOUTUBE_IDS.unavailable, /unavailable \("This video is unavailable"\)/],
    ['private', YOUTUBE_IDS.private, /^This YouTube video is private$/],
    ['live right now', YOUTUBE_IDS.live, /live right now/],
  ])('%s', async (_name, id, message) => {
    const mark = h.mark();
    await expectFreeFailure(h, 'longform', watch(id), 404, NO_TRANSCRIPT, message);
    expect(h.requestsSince(mark).filter(isPlayer)).toHaveLength(4);
  });
});

describe('what kept us from an answer: 502, free', () => {
  it.each([
    ['bot check on every client (recorded LOGIN_REQUIRED)', YOUTUBE_IDS.botCheck, /^YouTube asked for a sign-in \(bot check\); tried the Android, iOS, TV, visionOS clients$/],
    ['an answer about another video', YOUTUBE_IDS.otherVideo, /answered with another video \(GJLlxj_dtq8\)/],
    ['429 with a long Retry-After', YOUTUBE_IDS.rateLimited, /rate-limiting requests from this machine \(HTTP 429, retry after 120 s\)/],
    ['500', YOUTUBE_IDS.serverError, /HTTP 500 \(a server error\)/],
    ['a body that never finishes', YOUTUBE_IDS.slowBody, /did not answer in time/],
    ['a body cut off mid-way', YOUTUBE_IDS.truncated, /closed before the answer was complete/],
    ['malformed JSON', YOUTUBE_IDS.malformed, /player answer is not valid JSON/],
  ])('%s', async (_name, id, message) => {
    await expectFreeFailure(h, 'longform', watch(id), 502, UPSTREAM, message);
  });

  // The Retry-After is 120 s and this test's hang guard vitest's 30 s: waiting it out fails the test.
  it('does not wait out a long Retry-After, and does not walk the client chain on a 429', async () => {
    const mark = h.mark();
    const reply = await h.transcript('longform', watch(YOUTUBE_IDS.rateLimited));
    expect(reply.body.message).toMatch(/retry after 120 s/);
    expect(h.requestsSince(mark).filter(isVideoRequest)).toHaveLength(1);
  });
});
