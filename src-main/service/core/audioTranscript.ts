// "Transcribe the audio": a TikTok or Facebook video whose answer was the spec's empty transcript
// (the video, no captions of its speech) gets our own speech-to-text of its audio, the same path
// Instagram and X take (platforms/speech.ts), billed as those are: one transcript, the spec's sync
// price, charged only when a transcript is delivered; every failure is free.
//
// Not a REST endpoint: the spec defines these platforms' answers, and an empty transcript is one.
// The desk offers it on an `empty` row (desk/queue/transcribeAudio.ts). The speech transcript is
// cached beside the empty one, under `<canonical key>#audio`, so the empty answer over REST stays
// what the spec says and the transcript's identity (platform + id) stays the video's.
import { randomUUID } from 'node:crypto';
import { PLATFORMS } from '../../src-shared/platforms';
import { parseForPlatform } from '../../src-shared/url/parse';
import { ERROR_TEXT, errorResponse, type ApiResponse } from './apiResponse';
import { SYNC_TRANSCRIPT_PRICE } from './billing';
import type { Ledger } from './ledger/index';
import { transcribeSpeech } from './platforms/speech';
import type { Caller } from './service';
import type { SpeechToText } from './stt/index';

export const AUDIO_PLATFORMS = ['shortform', 'social'] as const;
export type AudioPlatform = (typeof AUDIO_PLATFORMS)[number];

export const audioCacheKey = (canonicalKey: string) => `${canonicalKey}#audio`;

/** Their CDNs refuse media requests that do not come from their own site. */
const REFERER: Record<AudioPlatform, string> = { shortform: 'https://www.tiktok.com/', social: 'https://www.facebook.com/' };

export async function transcribeVideoAudio(ledger: Ledger, stt: SpeechToText | undefined, caller: Caller, platform: AudioPlatform, url: string, signal: AbortSignal): Promise<ApiResponse> {
  const parsed = parseForPlatform(platform, url);
  if (!parsed.ok) return errorResponse(400, PLATFORMS[platform].invalidUrlText, { message: parsed.reason });
  const balance = ledger.credits.balance(caller.accountId);
  if (balance <= 0) return errorResponse(403, ERROR_TEXT.noCredits, { message: 'This key has no credits left' });
  if (stt === undefined) return errorResponse(502, 'Speech-to-text unavailable', { message: 'This service runs without speech-to-text' });

  // The empty answer fetched before names the video (its cache entry also answers a short link).
  const empty = ledger.cache.get(platform, parsed.canonicalKey);
  const videoUrls = (empty?.body as { videoUrls?: { sd?: unknown; hd?: unknown } } | undefined)?.videoUrls;
  const mediaUrl = [videoUrls?.sd, videoUrls?.hd].find((u): u is string => typeof u === 'string');
  if (empty === undefined || mediaUrl === undefined) {
    return errorResponse(404, ERROR_TEXT.noTranscriptVideo, { message: `Fetch this ${PLATFORMS[platform].uiName} video first: only a video without captions can have its audio transcribed` });
  }
  const key = audioCacheKey(empty.canonicalKey);
  const hit = ledger.cache.get(platform, key);
  if (hit !== undefined) return { status: 200, headers: {}, body: { ...hit.body, credits: balance, cached: true } };

  const spoken = await transcribeSpeech(stt, platform, { mediaUrl, taskKey: `${platform}:${key}`, signal, headers: { referer: REFERER[platform] } });
  if (!spoken.ok) {
    const { status, error, message, code, headers } = spoken.failure;
    return errorResponse(status, error, { ...(message === undefined ? {} : { message }), ...(code === undefined ? {} : { code }) }, headers);
  }
  const body = { transcript: spoken.text, videoUrls };
  const charge = ledger.transaction(() => {
    if (ledger.cache.get(platform, key) !== undefined) return undefined; // delivered meanwhile: free, as a cache hit
    ledger.cache.put({ platform, canonicalKey: key, sourceUrl: empty.sourceUrl, title: empty.title, body, text: spoken.text, segments: spoken.segments }, key);
    return ledger.credits.charge(caller.accountId, SYNC_TRANSCRIPT_PRICE, randomUUID(), `${platform} ${key} speech-to-text`);
  });
  if (charge === undefined) return { status: 200, headers: {}, body: { ...body, credits: ledger.credits.balance(caller.accountId), cached: true } };
  if (!charge.ok) return errorResponse(403, ERROR_TEXT.noCredits, { message: 'This key has no credits left' });
  return { status: 200, headers: {}, body: { ...body, credits: charge.balance } };
}
