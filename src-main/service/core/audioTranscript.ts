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
import type { VideoTranscriptBody } from '#shared/contract/api/index';
import { PLATFORMS } from '#shared/platforms';
import type { ParsedItem } from '#shared/url/parse';
import { ERROR_TEXT } from '../apiResponse';
import { SYNC_TRANSCRIPT_PRICE } from '../billing';
import { transcribeSpeech } from '../platforms/speech';
import type { Store } from '../store/port';
import type { SpeechToText } from '../stt/index';
import type { Caller } from './caller';
import { noCredits } from './deliver';
import { fromFailure, refused, type TranscriptOutcome } from './outcomes';
import { cachedTranscriptOf, transcriptOf } from './transcript';

export const AUDIO_PLATFORMS = ['shortform', 'social'] as const;
export type AudioPlatform = (typeof AUDIO_PLATFORMS)[number];

export const audioCacheKey = (canonicalKey: string) => `${canonicalKey}#audio`;

/** Their CDNs refuse media requests that do not come from their own site. */
const REFERER: Record<AudioPlatform, string> = { shortform: 'https://www.tiktok.com/', social: 'https://www.facebook.com/' };

/** The answer's transcript is cached under the `#audio` key (its `canonicalKey`). */
export async function transcribeVideoAudio(store: Store, stt: SpeechToText | undefined, caller: Caller, platform: AudioPlatform, item: ParsedItem, signal: AbortSignal): Promise<TranscriptOutcome> {
  const balance = await store.credits.balance(caller.accountId);
  if (balance <= 0) return noCredits();
  if (stt === undefined) return refused(502, 'Speech-to-text unavailable', { message: 'This service runs without speech-to-text' });

  // The empty answer fetched before names the video (its cache entry also answers a short link).
  const empty = await store.cache.get(platform, item.canonicalKey);
  const videoUrls = empty === undefined ? undefined : (cachedTranscriptOf(platform, empty).body as VideoTranscriptBody).videoUrls;
  const mediaUrl = [videoUrls?.sd, videoUrls?.hd].find((u): u is string => typeof u === 'string');
  if (empty === undefined || mediaUrl === undefined) {
    return refused(404, ERROR_TEXT.noTranscriptVideo, { message: `Fetch this ${PLATFORMS[platform].uiName} video first: only a video without captions can have its audio transcribed` });
  }
  const key = audioCacheKey(empty.canonicalKey);
  const hit = await store.cache.get(platform, key);
  if (hit !== undefined) return { kind: 'cached', transcript: cachedTranscriptOf(platform, hit), balance };

  const spoken = await transcribeSpeech(stt, platform, { mediaUrl, taskKey: `${platform}:${key}`, signal, headers: { referer: REFERER[platform] } });
  if (!spoken.ok) return fromFailure(spoken.failure);
  const body: VideoTranscriptBody = { transcript: spoken.text, videoUrls };
  const entry = { platform, canonicalKey: key, sourceUrl: empty.sourceUrl, title: empty.title, body, text: spoken.text, segments: spoken.segments, provenance: spoken.provenance };
  const charge = await store.transaction(async (tx) => {
    if ((await tx.cache.get(platform, key)) !== undefined) return undefined; // delivered meanwhile: free, as a cache hit
    await tx.cache.put(entry, key);
    return tx.credits.charge(caller.accountId, SYNC_TRANSCRIPT_PRICE, randomUUID(), `${platform} ${key} speech-to-text`);
  });
  if (charge === undefined) return { kind: 'cached', transcript: transcriptOf(entry), balance: await store.credits.balance(caller.accountId) };
  if (!charge.ok) return noCredits();
  return { kind: 'fresh', transcript: transcriptOf(entry), balance: charge.balance };
}
