// The pure rules of follows: the budget month and its turn, the estimate before a row runs, the
// nightly window across midnight, the backoff after refusals, what a first check backfills.
import { describe, expect, it } from 'vitest';
import type { SourceExpansion, SourceItem } from '#shared/contract/sources';
import type { FollowItem, FollowRecord } from '#service/store/follows';
import { admit, newItems } from '../../src-main/desk/follows/admit';
import { backoffMs, MAX_BACKOFF_MS } from '../../src-main/desk/follows/backoff';
import { budgetMessage, estimateCredits, monthOf, nextMonthStart, spentIn } from '../../src-main/desk/follows/budget';
import { insideWindow, nextWindowOpen, parseWindow } from '../../src-main/desk/follows/window';

const HOUR = 3_600_000;
/** A moment at `hour` o'clock local time on 22 Nov 2026. */
const localAt = (hour: number, minute = 0) => new Date(2026, 10, 22, hour, minute).getTime();

describe('the budget month', () => {
  it('is the UTC calendar month, and turns at the first moment of the next one (December to January too)', () => {
    expect(monthOf(Date.UTC(2026, 10, 30, 23, 59, 59, 999))).toBe('2026-11');
    expect(monthOf(Date.UTC(2026, 11, 1))).toBe('2026-12');
    expect(nextMonthStart(Date.UTC(2026, 10, 15))).toBe(Date.UTC(2026, 11, 1));
    expect(nextMonthStart(Date.UTC(2026, 11, 31, 23))).toBe(Date.UTC(2027, 0, 1));
    expect(monthOf(nextMonthStart(Date.UTC(2026, 11, 31, 23)))).toBe('2027-01');
  });

  it('counts what items queued in that month cost: the real charge once known, else the estimate, failures nothing', () => {
    const item = (queuedAt: number | null, estimate: number, credits: number | null, state: FollowItem['state'] = 'queued') => ({ queuedAt, estimate, credits, state }) as FollowItem;
    const items = [item(Date.UTC(2026, 10, 3), 10, 20, 'done'), item(Date.UTC(2026, 10, 29), 10, null), item(Date.UTC(2026, 10, 29), 10, 0, 'failed'), item(Date.UTC(2026, 9, 31), 10, 10, 'done'), item(null, 10, null, 'over-budget')];
    expect(spentIn(items, '2026-11')).toBe(30);
    expect(spentIn(items, '2026-10')).toBe(10);
    expect(spentIn(items, '2026-12')).toBe(0);
  });

  it('estimates a podcast episode as the runner reserves it and anything else as one transcript', () => {
    expect(estimateCredits({ platform: 'podcast', durationSeconds: 30 * 60 })).toBe(10);
    expect(estimateCredits({ platform: 'podcast', durationSeconds: 66 * 60 })).toBe(20);
    expect(estimateCredits({ platform: 'podcast', durationSeconds: null })).toBe(10);
    expect(estimateCredits({ platform: 'longform', durationSeconds: 4 * 3600 })).toBe(1);
    expect(budgetMessage(20, 20, '2026-11', 3)).toBe('Budget reached: 20 of 20 credits spent in 2026-11; 3 new items wait for next month');
    expect(budgetMessage(20, 10, '2026-11', 1)).toBe('Budget reached: 10 of 20 credits spent in 2026-11; 1 new item waits for next month');
  });
});

describe('the nightly window', () => {
  const night = { startHour: 22, endHour: 6 };
  it('wraps past midnight: 22:00 to 06:00 includes 23:30 and 05:59, not 06:00 or 21:59', () => {
    expect(insideWindow(night, localAt(22))).toBe(true);
    expect(insideWindow(night, localAt(23, 30))).toBe(true);
    expect(insideWindow(night, localAt(5, 59))).toBe(true);
    expect(insideWindow(night, localAt(6))).toBe(false);
    expect(insideWindow(night, localAt(21, 59))).toBe(false);
    expect(insideWindow({ startHour: 9, endHour: 17 }, localAt(12))).toBe(true);
    expect(insideWindow({ startHour: 9, endHour: 17 }, localAt(17))).toBe(false);
    expect(insideWindow(null, localAt(3))).toBe(true);
  });

  it('opens next at its start hour, today or tomorrow; now when it is open', () => {
    expect(nextWindowOpen(night, localAt(12, 15))).toBe(localAt(22));
    expect(nextWindowOpen(night, localAt(23))).toBe(localAt(23));
    expect(nextWindowOpen({ startHour: 2, endHour: 4 }, localAt(5))).toBe(new Date(2026, 10, 23, 2).getTime());
  });

  it('is written 22-6 on the command line', () => {
    expect(parseWindow('22-6')).toEqual(night);
    expect(parseWindow('6-6')).toBeUndefined();
    expect(parseWindow('25-3')).toBeUndefined();
    expect(parseWindow('night')).toBeUndefined();
  });
});

describe('the backoff after refusals', () => {
  it('doubles the interval per refusal in a row, never past a day, and honours a longer Retry-After', () => {
    expect(backoffMs(60, 1)).toBe(2 * HOUR);
    expect(backoffMs(60, 2)).toBe(4 * HOUR);
    expect(backoffMs(60, 5)).toBe(MAX_BACKOFF_MS);
    expect(backoffMs(60, 500)).toBe(MAX_BACKOFF_MS);
    expect(backoffMs(5, 1, 120_000)).toBe(10 * 60_000);
    expect(backoffMs(5, 1, 2 * HOUR)).toBe(2 * HOUR);
  });
});

describe('a check', () => {
  const now = Date.UTC(2026, 10, 22, 12);
  const record = (over: Partial<FollowRecord> = {}): FollowRecord => ({
    id: 'f',
    source: { kind: 'podcast-feed', url: 'https://feeds.example/a.xml', key: 'a', title: 'A', tab: null },
    intervalMinutes: 60,
    since: null,
    backfill: 0,
    window: null,
    monthlyBudget: null,
    paused: false,
    status: 'ok',
    message: null,
    createdAt: now,
    lastCheckAt: null,
    lastCheck: null,
    nextCheckAt: null,
    spentThisMonth: 0,
    budgetMonth: '2026-11',
    unseen: 0,
    strikes: 0,
    ...over,
  });
  const item = (id: string, daysAgo: number | null, inLibrary = false): SourceItem => ({ url: `https://feeds.example/a.xml#guid=${id}`, platform: 'podcast', itemId: id, title: id, publishedAt: daysAgo === null ? null : now - daysAgo * 24 * HOUR, durationSeconds: 1800, inLibrary });
  const expansion = (items: SourceItem[]): SourceExpansion => ({ source: record().source, items, complete: true, note: null });

  it('at the first check takes the newest N as candidates, skips library items and items before since, knows the rest', () => {
    const found = newItems(record({ backfill: 3, since: now - 5 * 24 * HOUR }), new Set(), expansion([item('e', 1), item('d', 2, true), item('c', 9), item('b', 3), item('a', 20)]), true, now);
    expect(found.items.map((i) => [i.itemId, i.state])).toEqual([
      ['e', 'pending-window'],
      ['d', 'skipped-in-library'],
      ['c', 'seen'],
      ['b', 'pending-window'],
      ['a', 'seen'],
    ]);
    expect(found.candidates).toEqual(['podcast:e', 'podcast:b']);
  });

  it('later takes every item it did not know; the budget stops at the first item that would pass it', () => {
    const found = newItems(record(), new Set(['podcast:old']), expansion([item('n3', 0), item('n2', 1), item('n1', 2), item('old', 3)]), false, now);
    expect(found.candidates).toEqual(['podcast:n3', 'podcast:n2', 'podcast:n1']);
    const admitted = admit(record({ monthlyBudget: 20 }), found.items, found.candidates, now);
    expect(admitted.queue).toEqual(['podcast:n3', 'podcast:n2']);
    expect([...admitted.wait]).toEqual([['podcast:n1', 'over-budget']]);
    expect(admit(record({ window: { startHour: (new Date(now).getHours() + 1) % 24, endHour: (new Date(now).getHours() + 2) % 24 } }), found.items, found.candidates, now)).toEqual({ queue: [], wait: new Map(found.candidates.map((k) => [k, 'pending-window'])) });
  });
});
