// The merge over every InnerTube client (walk.ts): when a 404 is allowed, and when the answer must be
// a 502 naming each client. The REST tests drive the main cases through the fixture; this covers the
// combinations one by one.
import { describe, expect, it } from 'vitest';
import { walkVerdict, type ClientAnswer } from '#service/platforms/youtube/walk';

const ANDROID = { label: 'Android', clientName: 'ANDROID' };
const IOS = { label: 'iOS', clientName: 'IOS' };
const TV = { label: 'TV', clientName: 'TVHTML5' };
const VISION = { label: 'visionOS', clientName: 'VISIONOS' };

const unavailable = (client: typeof ANDROID): ClientAnswer => ({ kind: 'gone', client, why: 'unavailable', message: 'YouTube says the video is unavailable ("This video is unavailable")' });
const privateVideo = (client: typeof ANDROID): ClientAnswer => ({ kind: 'gone', client, why: 'private', message: 'This YouTube video is private' });
const botCheck = (client: typeof ANDROID): ClientAnswer => ({ kind: 'refused', client, reason: 'YouTube asked for a sign-in (bot check)' });
const noCaptions = (client: typeof ANDROID, offered: string[] = []): ClientAnswer => ({ kind: 'no-captions', client, offered });

const NO_TRANSCRIPT = 'No transcript available for this video';

describe('"gone" needs Android and iOS to agree, and nobody to have played the video', () => {
  it('404 when every client was told the video is unavailable', () => {
    expect(walkVerdict([unavailable(ANDROID), unavailable(IOS), unavailable(TV), unavailable(VISION)], undefined)).toEqual({
      status: 404,
      error: NO_TRANSCRIPT,
      message: 'YouTube says the video is unavailable ("This video is unavailable")',
    });
  });

  it('404 when Android and iOS agree and the others were only refused (a bot check says nothing about the video)', () => {
    expect(walkVerdict([unavailable(ANDROID), unavailable(IOS), botCheck(TV), unavailable(VISION)], undefined).status).toBe(404);
    expect(walkVerdict([privateVideo(ANDROID), privateVideo(IOS), botCheck(TV), botCheck(VISION)], undefined)).toMatchObject({ status: 404, message: 'This YouTube video is private' });
  });

  it('502 when only one of Android and iOS was told anything', () => {
    const verdict = walkVerdict([unavailable(ANDROID), botCheck(IOS), unavailable(TV), unavailable(VISION)], undefined);
    expect(verdict.status).toBe(502);
    expect(verdict.message).toBe(
      "YouTube's clients disagree about this video and none served captions: Android: YouTube says the video is unavailable (\"This video is unavailable\"); iOS: YouTube asked for a sign-in (bot check); TV: YouTube says the video is unavailable (\"This video is unavailable\"); visionOS: YouTube says the video is unavailable (\"This video is unavailable\")",
    );
  });

  it('502 when the clients were told different things (unavailable vs private)', () => {
    expect(walkVerdict([unavailable(ANDROID), privateVideo(IOS), unavailable(TV), unavailable(VISION)], undefined).status).toBe(502);
  });

  it('502 when a TV "gone" is contradicted by nobody but Android and iOS were refused (the bare-TV ERROR)', () => {
    expect(walkVerdict([botCheck(ANDROID), botCheck(IOS), unavailable(TV), botCheck(VISION)], undefined).status).toBe(502);
  });
});

describe('"no captions" needs Android or iOS to have played the video without captions', () => {
  it('404 when every client that played it had none, whatever the others got', () => {
    expect(walkVerdict([noCaptions(ANDROID), botCheck(IOS), unavailable(TV), noCaptions(VISION)], undefined)).toEqual({ status: 404, error: NO_TRANSCRIPT, message: 'This YouTube video has no captions' });
  });

  it('names the languages every client offered when lang found none', () => {
    expect(walkVerdict([noCaptions(ANDROID, ['en', 'de']), noCaptions(IOS, ['en', 'es']), botCheck(TV), botCheck(VISION)], 'pl').message).toBe('This YouTube video has no captions in "pl" (it has: en, de, es)');
  });

  it('says which track was empty', () => {
    const empty: ClientAnswer = { kind: 'no-captions', client: IOS, offered: [], emptyTrack: 'English' };
    expect(walkVerdict([botCheck(ANDROID), empty, botCheck(TV), botCheck(VISION)], undefined).message).toBe('The English caption track of this YouTube video is empty');
  });

  it('502 when only TV or visionOS played it without captions (visionOS may list no tracks at all)', () => {
    const verdict = walkVerdict([botCheck(ANDROID), botCheck(IOS), botCheck(TV), noCaptions(VISION)], undefined);
    expect(verdict.status).toBe(502);
    expect(verdict.message).toMatch(/visionOS: it played the video but offered no captions$/);
  });
});

describe('only refusals: 502', () => {
  it('says the reason once when every client got the same one', () => {
    expect(walkVerdict([botCheck(ANDROID), botCheck(IOS), botCheck(TV), botCheck(VISION)], undefined)).toEqual({
      status: 502,
      error: 'Upstream error',
      message: 'YouTube asked for a sign-in (bot check); tried the Android, iOS, TV, visionOS clients',
    });
  });

  it('names each client and its cause otherwise', () => {
    const po: ClientAnswer = { kind: 'refused', client: VISION, reason: 'every caption track it offers needs a PO token (exp=xpe)' };
    expect(walkVerdict([botCheck(ANDROID), botCheck(IOS), botCheck(TV), po], undefined).message).toBe(
      'YouTube refused every client: Android: YouTube asked for a sign-in (bot check); iOS: YouTube asked for a sign-in (bot check); TV: YouTube asked for a sign-in (bot check); visionOS: every caption track it offers needs a PO token (exp=xpe)',
    );
  });
});
