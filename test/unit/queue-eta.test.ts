// The batch ETA: bounded by the pace kept, by the service's rate limit (120 a minute) and by sites
// that make their rows wait.
import { describe, expect, it } from 'vitest';
import { estimateEta, type EtaInput } from '#shared/queue/eta';

const NOW = 1_000_000;
const base: EtaInput = {
  remaining: 0,
  now: NOW,
  itemsPerSecond: 10,
  concurrency: 3,
  rate: { limit: 120, remaining: 120, resetAt: NOW + 60_000, waitUntil: null },
  siteWaits: [],
  windowMs: 60_000,
};

describe('estimateEta', () => {
  it('nothing left: 0', () => {
    expect(estimateEta(base)).toBe(0);
  });

  it('within the window the pace decides: 50 items at 10 a second take 5 s', () => {
    expect(estimateEta({ ...base, remaining: 50 })).toBe(5_000);
  });

  it('past the window the rate limit decides: 280 items with 100 left in a window ending in 20 s take two more windows', () => {
    // 100 now, 120 when the window resets at +20 s, the last 60 when the next one starts at +80 s (6 s of work).
    expect(estimateEta({ ...base, remaining: 280, rate: { limit: 120, remaining: 100, resetAt: NOW + 20_000, waitUntil: null } })).toBe(86_000);
  });

  it('while the queue waits for the window, the count starts at the end of the wait', () => {
    expect(estimateEta({ ...base, remaining: 30, rate: { limit: 120, remaining: 0, resetAt: NOW + 40_000, waitUntil: NOW + 40_250 } })).toBe(43_250);
  });

  it('a slow pace is not hidden by a generous window: 100 items at 0.5 a second take 200 s', () => {
    expect(estimateEta({ ...base, remaining: 100, itemsPerSecond: 0.5 })).toBe(200_000);
  });

  it('rows of a site that makes this machine wait finish after its wait', () => {
    expect(estimateEta({ ...base, remaining: 10, siteWaits: [{ until: NOW + 30_000, rows: 5 }] })).toBe(30_500);
  });

  it('before any pace is known it assumes concurrency items a second', () => {
    expect(estimateEta({ ...base, remaining: 30, itemsPerSecond: null })).toBe(10_000);
  });
});
