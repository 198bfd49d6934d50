import { describe, expect, it } from 'vitest';
import { podcastPrice, SYNC_TRANSCRIPT_PRICE } from '#service/billing';

describe('billing', () => {
  it.each([
    [4, 10],
    [30, 10],
    [64, 10],
    [65, 10],
    [66, 20],
    [120, 20],
    [125, 20],
    [126, 30],
  ])('a %i-minute episode costs %i credits', (minutes, credits) => {
    expect(podcastPrice(minutes * 60)).toBe(credits);
  });

  it('counts to the second around the hour boundaries', () => {
    expect(podcastPrice(3600 + 300)).toBe(10);
    expect(podcastPrice(3600 + 301)).toBe(20);
    expect(podcastPrice(0)).toBe(10);
    expect(podcastPrice(3900.2)).toBe(20);
  });

  it('charges one credit per fresh sync transcript', () => {
    expect(SYNC_TRANSCRIPT_PRICE).toBe(1);
  });
});
