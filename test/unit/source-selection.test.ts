// What the source picker adds: the newest N, a date range, a hand selection; items the library
// has already are left out unless the person includes them.
import { describe, expect, it } from 'vitest';
import type { SourceItem } from '#shared/contract/sources';
import { choose, inRange, newestFirst, tickLibrary, toggleByHand, windowOf } from '../../src-renderer/src/features/sources/selection';

const day = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).getTime();

function item(n: number, publishedAt: number | null, inLibrary = false): SourceItem {
  return { url: `https://www.youtube.com/watch?v=video${String(n).padStart(6, '0')}`, platform: 'longform', itemId: `video${n}`, title: `Episode ${n}`, publishedAt, durationSeconds: 600, inLibrary };
}

/** A channel as the service lists it: newest first, one a day from 30 June back. */
const CHANNEL = Array.from({ length: 30 }, (_, i) => item(30 - i, day(2026, 6, 30 - i), [29, 27, 10].includes(30 - i)));
/** A playlist: its own order, no dates. */
const PLAYLIST = Array.from({ length: 250 }, (_, i) => item(i + 1, null, i % 50 === 3));
const titles = (items: readonly SourceItem[]) => items.map((i) => i.title);

describe('newest N', () => {
  it('takes the newest by date and leaves the library’s out, saying how many', () => {
    const { chosen, inLibrary } = choose(CHANNEL, { mode: 'newest', count: 5 }, false);
    expect(titles(chosen)).toEqual(['Episode 30', 'Episode 28', 'Episode 26']);
    expect(inLibrary).toBe(2);
  });

  it('adds them back when the person includes the library’s', () => {
    expect(titles(choose(CHANNEL, { mode: 'newest', count: 5 }, true).chosen)).toEqual(['Episode 30', 'Episode 29', 'Episode 28', 'Episode 27', 'Episode 26']);
  });

  it('sorts by date when the source’s order is not newest first', () => {
    const shuffled = [CHANNEL[5], CHANNEL[0], CHANNEL[3]].filter((i) => i !== undefined);
    expect(titles(newestFirst(shuffled))).toEqual(['Episode 30', 'Episode 27', 'Episode 25']);
  });

  it('takes a playlist’s first N in its own order, its rows having no dates', () => {
    const { chosen, inLibrary } = choose(PLAYLIST, { mode: 'newest', count: 10 }, false);
    expect(chosen).toHaveLength(9);
    expect(chosen[0]?.title).toBe('Episode 1');
    expect(titles(chosen)).not.toContain('Episode 4');
    expect(inLibrary).toBe(1);
  });

  it('takes everything when N is larger than the source, nothing when it is 0', () => {
    expect(windowOf(CHANNEL, { mode: 'newest', count: 500 })).toHaveLength(30);
    expect(choose(CHANNEL, { mode: 'newest', count: 0 }, true).chosen).toEqual([]);
  });
});

describe('date range', () => {
  it('holds both ends’ whole days, in local time', () => {
    expect(titles(inRange(CHANNEL, '2026-06-10', '2026-06-12'))).toEqual(['Episode 12', 'Episode 11', 'Episode 10']);
    const lateOnTheLastDay = [item(1, day(2026, 6, 12, 23)), item(2, day(2026, 6, 13, 0))];
    expect(titles(inRange(lateOnTheLastDay, '2026-06-12', '2026-06-12'))).toEqual(['Episode 1']);
  });

  it('is open-ended on an empty side', () => {
    expect(inRange(CHANNEL, '2026-06-28', '')).toHaveLength(3);
    expect(inRange(CHANNEL, '', '2026-06-02')).toHaveLength(2);
    expect(inRange(CHANNEL, '', '')).toHaveLength(30);
  });

  it('never holds items without a date', () => {
    expect(inRange([...CHANNEL, item(99, null)], '', '')).toHaveLength(30);
  });

  it('skips the library’s unless included', () => {
    const range = { mode: 'range', from: '2026-06-09', to: '2026-06-11' } as const;
    expect(titles(choose(CHANNEL, range, false).chosen)).toEqual(['Episode 11', 'Episode 9']);
    expect(choose(CHANNEL, range, false).inLibrary).toBe(1);
    expect(titles(choose(CHANNEL, range, true).chosen)).toEqual(['Episode 11', 'Episode 10', 'Episode 9']);
  });
});

describe('by hand', () => {
  it('starts from what the mode chose, with the changed row', () => {
    const { chosen } = choose(CHANNEL, { mode: 'newest', count: 3 }, false);
    const hand = toggleByHand(chosen, CHANNEL[5]?.url ?? '', true);
    expect(titles(choose(CHANNEL, hand, false).chosen)).toEqual(['Episode 30', 'Episode 28', 'Episode 25']);
    const fewer = toggleByHand(choose(CHANNEL, hand, false).chosen, CHANNEL[0]?.url ?? '', false);
    expect(titles(choose(CHANNEL, fewer, false).chosen)).toEqual(['Episode 28', 'Episode 25']);
  });

  it('keeps a library item ticked by hand, and ticks or unticks them all at once', () => {
    const withLibrary = toggleByHand([], CHANNEL[1]?.url ?? '', true);
    expect(titles(choose(CHANNEL, withLibrary, false).chosen)).toEqual(['Episode 29']);
    const all = tickLibrary(CHANNEL, new Set([CHANNEL[0]?.url ?? '']), true);
    expect(titles(choose(CHANNEL, all, false).chosen)).toEqual(['Episode 30', 'Episode 29', 'Episode 27', 'Episode 10']);
    const none = all.mode === 'hand' ? tickLibrary(CHANNEL, all.ticked, false) : all;
    expect(titles(choose(CHANNEL, none, false).chosen)).toEqual(['Episode 30']);
  });

  it('lists the chosen in the source’s order, whatever order they were ticked in', () => {
    let selection = toggleByHand([], CHANNEL[20]?.url ?? '', true);
    selection = toggleByHand(choose(CHANNEL, selection, false).chosen, CHANNEL[2]?.url ?? '', true);
    expect(titles(choose(CHANNEL, selection, false).chosen)).toEqual(['Episode 28', 'Episode 10']);
  });

  it('stays quick on a 3,050-episode feed', () => {
    const feed = Array.from({ length: 3050 }, (_, i) => item(i, day(2026, 6, 30) - i * 86_400_000, i % 7 === 0));
    const started = performance.now();
    for (let n = 0; n < 50; n++) choose(feed, { mode: 'newest', count: 20 + n }, false);
    // 50 re-selections (typing in the count field) well within a frame each on a slow machine.
    expect((performance.now() - started) / 50).toBeLessThan(16);
  });
});
