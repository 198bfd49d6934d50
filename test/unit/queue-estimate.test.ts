// The cost shown before Run: queued rows at the service's prices, cached ones free, invalid and
// finished ones not counted, podcasts at their minimum price.
import { describe, expect, it } from 'vitest';
import type { QueueItem } from '#shared/contract/queue';
import { estimateBatch } from '../../src-main/desk/queue/estimate';

let position = 0;
const row = (status: QueueItem['status'], platform: QueueItem['platform'], url: string): QueueItem => ({
  id: `id-${++position}`,
  position,
  url,
  platform,
  itemId: null,
  canonicalKey: null,
  status,
  error: null,
  message: null,
  httpStatus: null,
  title: null,
  credits: 0,
  count: 1,
  jobId: null,
  transcript: null,
  createdAt: 0,
  updatedAt: 0,
});

describe('estimateBatch', () => {
  it('counts queued runnable rows at their price: 1 a video, cached free, podcasts at least 10', () => {
    const items = [
      row('queued', 'longform', 'https://youtu.be/a'),
      row('queued', 'shortform', 'https://tiktok/b'),
      row('queued', 'longform', 'https://youtu.be/cached'),
      row('queued', 'podcast', 'https://podcasts.apple.com/x'),
      row('invalid', null, 'htp://nope'),
      row('done', 'longform', 'https://youtu.be/done'),
      row('failed', 'longform', 'https://youtu.be/failed'),
    ];
    expect(estimateBatch(items, (_p, url) => url.endsWith('cached'))).toEqual({ credits: 12, runnable: 4, cached: 1, podcasts: 1 });
  });

  it('300 fresh videos cost 300 credits', () => {
    const items = Array.from({ length: 300 }, (_, i) => row('queued', 'longform', `https://youtu.be/${i}`));
    expect(estimateBatch(items, () => false)).toMatchObject({ credits: 300, runnable: 300 });
  });
});
