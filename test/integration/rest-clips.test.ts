// clips_a (Kick) and clips_b (Twitch) through the REST API of a real `serve` process: the clip
// APIs of the fixture upstream, media made by flite, pocketsphinx as the engine.
import { rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileFile } from '#service/upstream/profile';
import { expectCacheHit, expectCharged, expectFreeFailure, startSpeechHarness, type Harness } from '../helpers/harness';
import { cookieLine, startInProcessRest } from '../helpers/inProcessRest';
import { clipGuardMs, expectClipSpeech, expectTooLong } from '../helpers/spoken';
import { KICK_IDS, KICK_SESSION } from '../upstream/hosts/kick';
import { TWITCH_SLUGS } from '../upstream/hosts/twitch';

const NO_TRANSCRIPT = 'No transcript available for this video';
const UPSTREAM = 'Upstream error';
let h: Harness;
/** Hang guard of a test that transcribes a clip (or two at once). */
const CLIP_GUARD_MS = clipGuardMs(2);

beforeAll(async () => {
  h = await startSpeechHarness();
});
afterAll(async () => {
  await h.close();
});

describe('Kick clips', () => {
  it('an HLS clip: the cheaper rendition, transcribed by speech-to-text, one credit; every URL form is one cache entry', { timeout: CLIP_GUARD_MS }, async () => {
    const mark = h.mark();
    const first = await expectCharged(h, 'clips_a', `https://kick.com/spreen/clips/${KICK_IDS.hls}`);
    expect(Object.keys(first.body).sort()).toEqual(['credits', 'id', 'success', 'transcript', 'transcript_source', 'url']);
    expect(first.body).toMatchObject({ success: true, id: KICK_IDS.hls, url: `https://kick.com/spreen/clips/${KICK_IDS.hls}`, transcript_source: 'ai' });
    expectClipSpeech(first.body.transcript);
    const requests = h.requestsSince(mark);
    expect(requests[0]).toBe(`https://kick.com/api/v2/clips/${KICK_IDS.hls}/play`);
    expect(requests).toContain(`https://clips.kick.com/clips/f2/${KICK_IDS.hls}/360p/playlist.m3u8`);
    expect(requests.some((u) => u.includes('/720p/'))).toBe(false);

    const again = h.mark();
    for (const form of [`https://www.kick.com/someone-else?clip=${KICK_IDS.hls.toLowerCase()}`, `kick.com/spreen/clips/${KICK_IDS.hls}?utm_source=share#t=3`]) {
      await expectCacheHit(h, 'clips_a', form, first);
    }
    expect(h.requestsSince(again)).toEqual([]);
  });

  it('a 2023 clip whose clip_url is an MP4', { timeout: CLIP_GUARD_MS }, async () => {
    const reply = await expectCharged(h, 'clips_a', `https://kick.com/spreen?clip=${KICK_IDS.mp4}`);
    expect(reply.body).toMatchObject({ success: true, id: KICK_IDS.mp4, transcript_source: 'ai' });
    expectClipSpeech(reply.body.transcript);
  });

  it('longer than 2 minutes: 422 too_long, free, refused from the API duration before any download', async () => {
    await expectTooLong(h, 'clips_a', `https://kick.com/spreen/clips/${KICK_IDS.tooLongByDuration}`, 'clips.kick.com', false);
  });

  it('longer than 2 minutes with no duration in the API: the media says so, still 422 and free', async () => {
    await expectTooLong(h, 'clips_a', `https://kick.com/spreen/clips/${KICK_IDS.tooLongMedia}`, 'clips.kick.com', true);
  });

  it.each([
    ['a deleted clip (HTTP 404)', KICK_IDS.deleted, /does not exist \(HTTP 404\)/],
    ['a clip the API answers null for', KICK_IDS.nullClip, /does not exist/],
  ])('%s: 404, free', async (_name, id, message) => {
    await expectFreeFailure(h, 'clips_a', `https://kick.com/spreen/clips/${id}`, 404, NO_TRANSCRIPT, message);
  });

  it.each([
    ["Cloudflare's refusal", KICK_IDS.cloudflare, /Cloudflare protection refused the request \(HTTP 403\)/],
    ['media that is gone (HTTP 404 from the clips CDN)', KICK_IDS.mediaGone, /Kick media: The media URL answered HTTP 404/],
    ['429', KICK_IDS.rateLimited, /HTTP 429, retry after 120 s/],
    ['500', KICK_IDS.serverError, /HTTP 500/],
  ])('%s: 502 that says so, free', async (_name, id, message) => {
    await expectFreeFailure(h, 'clips_a', `https://kick.com/spreen/clips/${id}`, 502, UPSTREAM, message);
  });

  it('a clip the API shows only to its signed-in owner: anonymous, Kick answers 404 (free); no privacy judgement of ours', async () => {
    await expectFreeFailure(h, 'clips_a', `https://kick.com/spreen/clips/${KICK_IDS.ownerOnly}`, 404, NO_TRANSCRIPT, /does not exist \(HTTP 404\)/);
  });

  it('signed in (a session_token cookie): the API call carries `Authorization: Bearer <the URL-decoded token>`; the owner-only clip, whatever its privacy value, is transcribed for one credit', { timeout: CLIP_GUARD_MS }, async () => {
    // Only the desktop app holds imported cookies: the REST API is served in-process on a service
    // whose Kick jar has the session (the fixture answers 401 to any other bearer).
    const rest = await startInProcessRest();
    try {
      expect(rest.opened.upstream.cookies.importNetscape('clips_a', cookieLine('.kick.com', 'session_token', KICK_SESSION.cookie))).toEqual({ imported: 1, skipped: 0 });
      const before = await rest.balance();
      const reply = await rest.transcript('clips_a', `https://kick.com/spreen/clips/${KICK_IDS.ownerOnly}`);
      expect(reply.status, reply.text).toBe(200);
      expect(reply.body).toMatchObject({ success: true, id: KICK_IDS.ownerOnly, transcript_source: 'ai', credits: before - 1 });
      expectClipSpeech(reply.body.transcript);
      expect(await rest.balance()).toBe(before - 1);
    } finally {
      await rest.close();
    }
  });

  it('a VOD or a channel page is 400 with the Kick text', async () => {
    const reply = await h.transcript('clips_a', 'https://kick.com/spreen/videos/4b7e0d2a-8f55-4c0e-9d55-2f3a51c7e9a1');
    expect(reply.status).toBe(400);
    expect(reply.body.error).toBe('Invalid URL. Please provide a valid Kick clip URL.');
  });
});

describe('Twitch clips', () => {
  it('GQL → the lowest landscape quality, signed with sig and token → speech-to-text; id is the numeric string; every URL form is one cache entry', { timeout: CLIP_GUARD_MS }, async () => {
    const mark = h.mark();
    const first = await expectCharged(h, 'clips_b', `https://www.twitch.tv/xqc/clip/${TWITCH_SLUGS.withPortrait}?filter=clips`);
    expect(Object.keys(first.body).sort()).toEqual(['credits', 'id', 'success', 'transcript', 'transcript_source', 'url']);
    expect(first.body).toMatchObject({ success: true, id: '1399001567', url: `https://clips.twitch.tv/${TWITCH_SLUGS.withPortrait}`, transcript_source: 'ai' });
    expectClipSpeech(first.body.transcript);
    const media = h.requestsSince(mark).filter((u) => u.includes('twitchcdn.net'));
    expect(media).toHaveLength(1);
    const url = new URL(media[0] as string);
    // The 360p rendition of the landscape asset (785f…), not the portrait one (2fca…).
    expect(url.pathname).toBe(`/v2/media/${TWITCH_SLUGS.withPortrait}/785f4132-fc47-4fe1-a872-4b99af27f08f/video-360.mp4`);
    expect(url.searchParams.get('sig')).toBe('da8884d7b1c8b1a493c291d2b55d28f1d3625932');
    expect(JSON.parse(url.searchParams.get('token') ?? '')).toMatchObject({ authorization: { forbidden: false }, clip_slug: TWITCH_SLUGS.withPortrait });

    const again = h.mark();
    for (const form of [`https://clips.twitch.tv/${TWITCH_SLUGS.withPortrait}`, `https://m.twitch.tv/clip/${TWITCH_SLUGS.withPortrait}`]) await expectCacheHit(h, 'clips_b', form, first);
    expect(h.requestsSince(again)).toEqual([]);
  });

  it('a retired ShareClipRenderStatus hash (PersistedQueryNotFound): falls back to VideoAccessToken_Clip', { timeout: CLIP_GUARD_MS }, async () => {
    const mark = h.mark();
    const reply = await expectCharged(h, 'clips_b', `https://clips.twitch.tv/${TWITCH_SLUGS.retiredHash}`);
    expect(reply.body).toMatchObject({ success: true, id: '3942697259', transcript_source: 'ai' });
    expect(h.requestsSince(mark).filter((u) => u === 'https://gql.twitch.tv/gql')).toHaveLength(2);
    expect(h.requestsSince(mark).some((u) => u.includes('/AT-cm%7C961443378-360.mp4?sig=034e9e6a81cbd06adf291249190ab049150a5b48&token='))).toBe(true);
  });

  it('every persisted hash retired (PersistedQueryNotFound from all three): the raw GQL query, with the slug as a variable, gets the clip', { timeout: CLIP_GUARD_MS }, async () => {
    const mark = h.mark();
    const reply = await expectCharged(h, 'clips_b', `https://clips.twitch.tv/${TWITCH_SLUGS.allRetired}`);
    expect(reply.body).toMatchObject({ success: true, id: '1399001567', transcript_source: 'ai' });
    expectClipSpeech(reply.body.transcript);
    const requests = h.requestsSince(mark);
    expect(requests.filter((u) => u === 'https://gql.twitch.tv/gql')).toHaveLength(4);
    expect(requests.filter((u) => u.includes('twitchcdn.net')).map((u) => new URL(u).pathname)).toEqual([`/v2/media/${TWITCH_SLUGS.withPortrait}/785f4132-fc47-4fe1-a872-4b99af27f08f/video-360.mp4`]);
  });

  it('the persisted-query hashes come from the upstream profile: an unknown ShareClipRenderStatus hash in <home>/upstream-profile.json is retired by Twitch, VideoAccessToken_Clip answers', { timeout: CLIP_GUARD_MS }, async () => {
    writeFileSync(profileFile(h.home), JSON.stringify({ 'twitch.hash.ShareClipRenderStatus': 'f'.repeat(64) }));
    try {
      const mark = h.mark();
      const reply = await expectCharged(h, 'clips_b', 'https://clips.twitch.tv/DeliciousCarelessCrowLitty-ccS0mlymOKwRZBjV');
      expect(reply.status).toBe(200);
      // ShareClipRenderStatus (unknown hash) → VideoAccessToken_Clip, which the fixture answers with its recorded clip.
      expect(h.requestsSince(mark).filter((u) => u === 'https://gql.twitch.tv/gql')).toHaveLength(2);
    } finally {
      rmSync(profileFile(h.home), { force: true });
    }
  });

  it.each([
    ['clip: null (recorded)', TWITCH_SLUGS.missing, /does not exist/],
    ['a playback token with authorization.forbidden', TWITCH_SLUGS.forbidden, /does not allow playing this clip \(UNAUTHORIZED_ENTITLEMENTS\)/],
  ])('%s: 404, free', async (_name, slug, message) => {
    await expectFreeFailure(h, 'clips_b', `https://clips.twitch.tv/${slug}`, 404, NO_TRANSCRIPT, message);
  });

  it.each([
    ['every persisted query retired and the raw query refused (recorded integrity answer)', TWITCH_SLUGS.rawQueryRefused, /no longer knows the persisted queries .*ShareClipRenderStatus, VideoAccessToken_Clip, ClipsDownloadButton.*raw clip query failed too: .*Client-Integrity/],
    ['a Client-Integrity challenge (recorded)', TWITCH_SLUGS.integrity, /Client-Integrity check/],
    ['429', TWITCH_SLUGS.rateLimited, /HTTP 429/],
    ['500', TWITCH_SLUGS.serverError, /HTTP 500/],
  ])('%s: 502, free', async (_name, slug, message) => {
    await expectFreeFailure(h, 'clips_b', `https://clips.twitch.tv/${slug}`, 502, UPSTREAM, message);
  });
});

/** Waits until the fixture has been asked for a Twitch clip's media since `mark`. */
async function mediaRequested(mark: number): Promise<void> {
  await expect.poll(() => h.requestsSince(mark).some((u) => u.includes('twitchcdn.net')), { timeout: CLIP_GUARD_MS, interval: 20 }).toBe(true);
}

it('the same clip asked for twice at once: one download and one transcription serve both', { timeout: CLIP_GUARD_MS }, async () => {
  const mark = h.mark();
  const [a, b] = await Promise.all([h.transcript('clips_b', 'https://clips.twitch.tv/AstuteEncouragingCroquetteJebaited'), h.transcript('clips_b', 'https://m.twitch.tv/clip/AstuteEncouragingCroquetteJebaited')]);
  expect([a.status, b.status]).toEqual([200, 200]);
  expect(a.body.transcript).toBe(b.body.transcript);
  expectClipSpeech(a.body.transcript);
  expect(h.requestsSince(mark).filter((u) => u.includes('twitchcdn.net'))).toHaveLength(1);
});

it('one of two callers hanging up does not cancel the transcription the other waits for', { timeout: CLIP_GUARD_MS }, async () => {
  const url = 'https://clips.twitch.tv/TenaciousOriginalMooseNononoCat-AEuwlukHCpsIR0wn';
  const leaving = new AbortController();
  const gone = fetch(`${h.server.url}/api/clips_b/transcript`, { method: 'POST', signal: leaving.signal, headers: { authorization: `Bearer ${h.key.key}`, 'content-type': 'application/json' }, body: JSON.stringify({ url }) }).catch((e: unknown) => e);
  const mark = h.mark();
  const staying = h.transcript('clips_b', url);
  // Hang up once the work is under way: the clip's media has been asked for.
  await mediaRequested(mark);
  leaving.abort();
  expect(await gone).toBeInstanceOf(Error);
  const reply = await staying;
  expect(reply.status).toBe(200);
  expectClipSpeech(reply.body.transcript);
});

it('answers other requests while a clip is being transcribed', { timeout: CLIP_GUARD_MS }, async () => {
  const mark = h.mark();
  let answered = false;
  const slow = h.transcript('clips_b', `https://clips.twitch.tv/${TWITCH_SLUGS.noBroadcaster}`).finally(() => (answered = true));
  await mediaRequested(mark);
  // Asked while the clip is downloaded, decoded and transcribed, the balance comes back first (and
  // from before the charge): a server that blocked on the clip would answer it only afterwards.
  const balance = await h.balance();
  expect(answered).toBe(false);
  const reply = await slow;
  expect(reply.status).toBe(200);
  expect(reply.body).toMatchObject({ id: '3666079080', credits: balance - 1 });
});
