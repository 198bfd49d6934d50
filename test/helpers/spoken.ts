// Checks shared by the platforms whose transcript is our own speech-to-text (pocketsphinx in tests).
import { expect, inject } from 'vitest';
import { CLIP_SECONDS, CLIP_TEXT } from '../upstream/media';
import { speechGuardMs } from './guards';
import type { Harness } from './harness';
import { wordErrorRate } from './wer';

/** The hang guard of a test that transcribes the fixture's clip `passes` times. */
export const clipGuardMs = (passes = 1) => speechGuardMs(CLIP_SECONDS, { passes, engineRtf: inject('engineRtf') });

/** pocketsphinx on flite speech scores a WER around 0.2; 0.45 leaves room and still fails on the wrong audio. */
export function expectClipSpeech(transcript: unknown): void {
  expect(typeof transcript).toBe('string');
  expect(wordErrorRate(CLIP_TEXT, transcript as string)).toBeLessThan(0.45);
  expect(transcript).toMatch(/lighthouse|harbor/);
}

/** 422 `too_long` (spec §7), free; `media` says whether the media may have been fetched to find out. */
export async function expectTooLong(h: Harness, platform: 'microblog' | 'clips_a', url: string, mediaHost: string, mediaFetched: boolean): Promise<void> {
  const before = await h.balance();
  const mark = h.mark();
  const reply = await h.transcript(platform, url);
  expect(reply.status).toBe(422);
  expect(reply.body).toEqual({ error: 'Video too long', code: 'too_long', message: expect.stringMatching(/\d+ s long; at most 120 s/) as unknown });
  expect(await h.balance()).toBe(before);
  expect(h.requestsSince(mark).some((u) => new URL(u).host === mediaHost)).toBe(mediaFetched);
}
