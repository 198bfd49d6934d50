// Every platform's fetched transcript says where it came from, decided from what the fixture
// upstream (recorded and research-shaped payloads) says: caption kinds, YouTube's `tlang`
// translation, TikTok's `Source`, Facebook's creation method, and the engine and model of our
// speech-to-text. The speech platforms run on a stand-in for speech-to-text (this machine may have
// no ffmpeg or pocketsphinx): what is checked is what their fetchers record of the run.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Provenance } from '#shared/contract/provenance';
import type { SyncPlatformToken } from '#shared/platforms';
import { parseForPlatform } from '#shared/url/parse';
import { openUpstream } from '#service/open';
import { buildFetchers, type FetcherTable } from '#service/platforms/index';
import { SttAdmission } from '#service/stt/admission';
import type { SpeechToText, TranscriptionResult } from '#service/stt/index';
import { UpstreamProfile } from '#service/upstream/profile';
import type { UpstreamClient } from '#service/upstream/client';
import { FACEBOOK_IDS, FACEBOOK_PAGE } from '../upstream/hosts/facebook';
import { INSTAGRAM_SHORTCODES } from '../upstream/hosts/instagram';
import { KICK_IDS } from '../upstream/hosts/kick';
import { TIKTOK_IDS, TIKTOK_USER } from '../upstream/hosts/tiktok';
import { TWITCH_SLUGS } from '../upstream/hosts/twitch';
import { X_IDS } from '../upstream/hosts/x';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';

/** Speech-to-text as the fetchers see it: a run of whisper's base English model, told `en`. */
function standInSpeech(): SpeechToText {
  const result: TranscriptionResult = { text: 'the harbor at dawn', segments: [{ text: 'the harbor at dawn', startMs: 0, endMs: 1500 }], durationSeconds: 10, engine: 'whisper', model: 'ggml-base.en', chunksTotal: 1, chunksReused: 0, task: 'transcribe' };
  const stand = {
    admission: new SttAdmission(),
    settings: { stt: () => Promise.resolve({ language: 'en' }) },
    transcribeMedia: () => Promise.resolve(result),
  };
  return stand as unknown as SpeechToText;
}

let fixture: FixtureUpstream;
let upstream: UpstreamClient;
let fetchers: FetcherTable;

beforeAll(async () => {
  fixture = await startFixtureUpstream();
  upstream = openUpstream({ TRANSCRIPT_DESK_UPSTREAM: fixture.url });
  fetchers = buildFetchers({ upstream, stt: standInSpeech(), profile: new UpstreamProfile() });
});
afterAll(async () => {
  await upstream.close();
  await fixture.close();
});

const whisper: Provenance = { kind: 'speech-to-text', engine: 'whisper', model: 'ggml-base.en', version: null, language: 'en', task: 'transcribe' };

const CASES: { what: string; platform: SyncPlatformToken; url: string; lang?: string; provenance: Provenance }[] = [
  { what: 'YouTube manual track', platform: 'longform', url: 'https://www.youtube.com/watch?v=F1xioXWb8CY', provenance: { kind: 'creator-captions', language: 'en' } },
  { what: 'YouTube kind=asr track', platform: 'longform', url: 'https://www.youtube.com/watch?v=asrOnly0000', provenance: { kind: 'auto-captions', language: 'en' } },
  { what: 'YouTube tlang=fr of the English track', platform: 'longform', url: 'https://www.youtube.com/watch?v=GJLlxj_dtq8', lang: 'fr', provenance: { kind: 'machine-translated', language: 'fr', from: 'en' } },
  { what: 'TikTok Source ASR (an MT track listed first)', platform: 'shortform', url: `https://www.tiktok.com/@${TIKTOK_USER}/video/${TIKTOK_IDS.withCaptions}`, provenance: { kind: 'auto-captions', language: 'eng-US' } },
  { what: 'TikTok creator_caption file marked Source ASR', platform: 'shortform', url: `https://www.tiktok.com/@${TIKTOK_USER}/video/${TIKTOK_IDS.creatorCaptionOnly}`, provenance: { kind: 'auto-captions', language: 'eng-US' } },
  { what: 'Facebook track with a creation method', platform: 'social', url: `https://www.facebook.com/${FACEBOOK_PAGE}/videos/${FACEBOOK_IDS.legacyWithCaptions}/`, provenance: { kind: 'auto-captions', language: 'en-US' } },
  { what: 'Facebook track with a null creation method', platform: 'social', url: `https://www.facebook.com/${FACEBOOK_PAGE}/videos/${FACEBOOK_IDS.manualNullMethod}/`, provenance: { kind: 'creator-captions', language: 'en-GB' } },
  { what: 'LinkedIn captions (no signal)', platform: 'professional', url: 'https://www.linkedin.com/posts/jane-doe_hiring-founders-activity-7200000000000000001-AbCd', provenance: { kind: 'auto-captions', language: null } },
  { what: 'Rumble cc.en (no signal of who made it)', platform: 'openvideo', url: 'https://rumble.com/vok0001-city-council-bridge-vote.html', provenance: { kind: 'auto-captions', language: 'en' } },
  { what: 'Instagram reel', platform: 'reels', url: `https://www.instagram.com/reel/${INSTAGRAM_SHORTCODES.reel}/`, provenance: whisper },
  { what: 'X video', platform: 'microblog', url: `https://x.com/harborfilms/status/${X_IDS.video}`, provenance: whisper },
  { what: 'Kick clip', platform: 'clips_a', url: `https://kick.com/spreen/clips/${KICK_IDS.hls}`, provenance: whisper },
  { what: 'Twitch clip', platform: 'clips_b', url: `https://clips.twitch.tv/${TWITCH_SLUGS.withPortrait}`, provenance: whisper },
];

describe('what each platform records as the provenance of its transcript', () => {
  it.each(CASES)('$what → $provenance.kind', async ({ platform, url, lang, provenance }) => {
    const item = parseForPlatform(platform, url);
    if (!item.ok) throw new Error(`fixture URL refused: ${url}`);
    const outcome = await fetchers[platform].fetch(item, { signal: AbortSignal.timeout(20_000), ...(lang === undefined ? {} : { lang }) });
    if (!outcome.ok) throw new Error(`${url}: ${outcome.status} ${outcome.error} ${outcome.message ?? ''}`);
    expect(outcome.transcript.provenance).toEqual(provenance);
    // Beside the body, never in it: the spec's fields are all the body has.
    expect(JSON.stringify(outcome.transcript.body)).not.toContain('provenance');
  });

  it('records no provenance for the spec\'s empty transcript (a video without captions)', async () => {
    const item = parseForPlatform('shortform', `https://www.tiktok.com/@${TIKTOK_USER}/video/${TIKTOK_IDS.videoNoCaptions}`);
    if (!item.ok) throw new Error('fixture URL refused');
    const outcome = await fetchers.shortform.fetch(item, { signal: AbortSignal.timeout(20_000) });
    expect(outcome.ok && outcome.transcript).toMatchObject({ text: '', provenance: null });
  });
});
