// The decisions of the YouTube fetcher that the fixture scenarios do not spell out one by one:
// track choice, panel timestamps, and reading playability states from real and documented answers.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPlayer } from '#service/platforms/youtube/player';
import { startTimeText } from '#service/platforms/youtube/shape';
import { captionTracksOf, captionUrl, chooseTrack, translatedName, type CaptionTrack } from '#service/platforms/youtube/tracks';

const recorded = (name: string) => JSON.parse(readFileSync(resolve(__dirname, '../fixtures/youtube', name), 'utf8')) as unknown;

const track = (languageCode: string, options: { asr?: boolean; po?: boolean } = {}): CaptionTrack => ({
  baseUrl: `https://www.youtube.com/api/timedtext?v=abcdefghijk&lang=${languageCode}${options.asr ? '&kind=asr' : ''}${options.po ? '&exp=xpe' : ''}`,
  name: { simpleText: languageCode },
  languageCode,
  isTranslatable: true,
  ...(options.asr ? { kind: 'asr' } : {}),
});

describe('startTimeText', () => {
  it.each([
    [0, '0:00'],
    [999, '0:00'],
    [65_432, '1:05'],
    [599_999, '9:59'],
    [3_599_999, '59:59'],
    [3_600_000, '1:00:00'],
    [3_725_000, '1:02:05'],
    [36_000_000, '10:00:00'],
  ])('%i ms → %s', (ms, text) => {
    expect(startTimeText(ms)).toBe(text);
  });
});

describe('caption tracks', () => {
  it('normalises both name shapes: Android runs (recorded) and WEB simpleText (recorded)', () => {
    const android = captionTracksOf(recorded('innertube-player-android-ok-with-captions.GJLlxj_dtq8.json'));
    expect(android.tracks[0]?.name).toEqual({ simpleText: 'Chinese' });
    expect(android.defaultIndex).toBe(2);
    const web = captionTracksOf(recorded('innertube-player-web-po-gated.GJLlxj_dtq8.json'));
    expect(web.tracks[0]?.name).toEqual({ simpleText: 'Chinese' });
    expect(web.tracks).toHaveLength(9);
  });

  it('chooses lang (manual before ASR, exact before base language), else default, manual, ASR', () => {
    const tracks = [track('en', { asr: true }), track('pt-BR'), track('de', { asr: true }), track('de'), track('fr')];
    expect(chooseTrack(tracks, undefined, 'de')).toEqual({ ok: true, track: tracks[3] });
    expect(chooseTrack(tracks, undefined, 'PT')).toEqual({ ok: true, track: tracks[1] });
    expect(chooseTrack(tracks, undefined, 'en-GB')).toEqual({ ok: true, track: tracks[0] });
    expect(chooseTrack(tracks, undefined, 'ja')).toEqual({ ok: false, reason: 'no_such_language' });
    expect(chooseTrack(tracks, 4, undefined)).toEqual({ ok: true, track: tracks[4] });
    expect(chooseTrack(tracks, undefined, undefined)).toEqual({ ok: true, track: tracks[1] });
    expect(chooseTrack([track('en', { asr: true })], undefined, undefined)).toEqual({ ok: true, track: track('en', { asr: true }) });
  });

  it('skips PO-gated tracks, and says so when only those would do', () => {
    const tracks = [track('en', { po: true }), track('en', { asr: true })];
    expect(chooseTrack(tracks, 0, undefined)).toEqual({ ok: true, track: tracks[1] });
    expect(chooseTrack([track('en', { po: true }), track('de', { po: true })], 0, undefined)).toEqual({ ok: false, reason: 'po_token' });
    expect(chooseTrack([track('de', { po: true }), track('en')], undefined, 'de')).toEqual({ ok: false, reason: 'po_token' });
  });
});

describe('machine translation (tlang) where no native track exists', () => {
  const android = captionTracksOf(recorded('innertube-player-android-ok-with-captions.GJLlxj_dtq8.json'));

  it('reads the recorded translation languages and the default translation source', () => {
    expect(android.translationLanguages).toHaveLength(18);
    expect(android.translationLanguages).toContainEqual({ languageCode: 'fr', name: 'French' });
    expect(android.tracks[android.translationSourceIndex ?? -1]).toMatchObject({ languageCode: 'en', name: { simpleText: 'English' } });
  });

  it('translates from the default source track when no track is in lang, and names it so', () => {
    const choice = chooseTrack(android.tracks, android.defaultIndex, 'fr', android);
    expect(choice).toMatchObject({ ok: true, track: { languageCode: 'en', vssId: '.en' }, translation: { languageCode: 'fr', name: 'French' } });
    if (!choice.ok) return;
    expect(captionUrl(choice)).toMatch(/&lang=en&fmt=srv3&tlang=fr$/);
    expect(translatedName(choice.track, choice.translation ?? { languageCode: '', name: '' })).toBe('French (auto-translated from English)');
  });

  it('never translates when a native track is in lang', () => {
    expect(chooseTrack(android.tracks, android.defaultIndex, 'de', android)).toEqual({ ok: true, track: android.tracks[4] });
  });

  it('finds no track for a language YouTube does not translate into', () => {
    expect(chooseTrack(android.tracks, android.defaultIndex, 'pl', android)).toEqual({ ok: false, reason: 'no_such_language' });
  });

  it('translates only from translatable tracks, and drops "(auto-generated)" from the source name', () => {
    const asr = { ...track('en', { asr: true }), name: { simpleText: 'English (auto-generated)' } };
    const list = { translationLanguages: [{ languageCode: 'de', name: 'German' }], translationSourceIndex: undefined };
    const fixed = { ...track('es'), isTranslatable: false };
    const choice = chooseTrack([fixed, asr], undefined, 'de', list);
    expect(choice).toMatchObject({ ok: true, track: asr });
    if (choice.ok) expect(translatedName(choice.track, { languageCode: 'de', name: 'German' })).toBe('German (auto-translated from English)');
    expect(chooseTrack([fixed], undefined, 'de', list)).toEqual({ ok: false, reason: 'no_such_language' });
    expect(chooseTrack([track('en', { po: true })], undefined, 'de', list)).toEqual({ ok: false, reason: 'po_token' });
  });
});

describe('playability', () => {
  const withStatus = (playabilityStatus: Record<string, unknown>, videoDetails?: Record<string, unknown>) => ({ playabilityStatus, ...(videoDetails ? { videoDetails } : {}) });

  it('reads the recorded answers', () => {
    expect(readPlayer(recorded('innertube-player-android-ok-with-captions.GJLlxj_dtq8.json'), 'GJLlxj_dtq8')).toEqual({ kind: 'playable', title: 'Surface Go Review - It’s Awesome' });
    expect(readPlayer(recorded('innertube-player-android-bot-check-login-required.json'), 'x')).toEqual({ kind: 'refused', reason: 'YouTube asked for a sign-in (bot check)' });
    expect(readPlayer(recorded('innertube-player-android-age-restricted.Njp5uhTorCo.json'), 'Njp5uhTorCo').kind).toBe('gone');
    expect(readPlayer(recorded('innertube-player-android-video-unavailable.json'), 'x').kind).toBe('gone');
    // An OK answer about another video is a refusal, never that video's transcript.
    expect(readPlayer(recorded('innertube-player-android-ok-with-captions.GJLlxj_dtq8.json'), 'otherVideo1')).toEqual({ kind: 'refused', reason: 'YouTube answered with another video (GJLlxj_dtq8)' });
  });

  it.each([
    ['a geo block', { status: 'UNPLAYABLE', reason: 'Video unavailable', errorScreen: { playerErrorMessageRenderer: { subreason: { runs: [{ text: 'The uploader has not made this video available in your country' }] } } } }, 'gone'],
    ['a members-only video', { status: 'UNPLAYABLE', reason: 'Join this channel to get access to members-only content like this video.' }, 'gone'],
    ['an UNPLAYABLE that may be about this client', { status: 'UNPLAYABLE', reason: 'This video is not available on this app' }, 'refused'],
    ['an ERROR about the app, not the video (pytube#1593)', { status: 'ERROR', reason: 'The following content is not available on this app.' }, 'refused'],
    ['WEB without a PO token (yt-dlp#16212)', { status: 'UNPLAYABLE', reason: 'The page needs to be reloaded.' }, 'refused'],
    ['an age check status', { status: 'AGE_CHECK_REQUIRED', reason: 'Sign in to confirm your age' }, 'gone'],
    ['a captcha', { status: 'LOGIN_REQUIRED', errorScreen: { playerCaptchaViewModel: {} } }, 'refused'],
    ['a session limit', { status: 'UNPLAYABLE', reason: "This content isn't available, try again later." }, 'refused'],
    ['an offline live stream', { status: 'LIVE_STREAM_OFFLINE', reason: 'This live event will begin in a few moments.' }, 'gone'],
    ['an unknown sign-in request', { status: 'LOGIN_REQUIRED', reason: 'Sign in to continue' }, 'refused'],
  ])('%s', (_name, status, kind) => {
    expect(readPlayer(withStatus(status), 'abcdefghijk').kind).toBe(kind);
  });

  it('calls an answer without playability or video details a refusal', () => {
    expect(readPlayer({}, 'abcdefghijk').kind).toBe('refused');
    expect(readPlayer(withStatus({ status: 'OK' }), 'abcdefghijk')).toEqual({ kind: 'refused', reason: "YouTube's player answer has no video details" });
    expect(readPlayer(withStatus({ status: 'OK' }, { videoId: 'abcdefghijk', isUpcoming: true }), 'abcdefghijk').kind).toBe('gone');
  });
});
