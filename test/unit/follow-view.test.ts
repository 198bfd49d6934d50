// What a follow's card says about its checks and spending, and the follow form checked with the
// contract's schema before anything is sent.
import { describe, expect, it } from 'vitest';
import { budgetText, intervalText, lastCheckText, nextCheckText, NEW_FOLLOW_VALUES, settingsOf, valuesOf, windowText } from '../../src-renderer/src/features/follows/followView';

const NOW = new Date(2026, 10, 27, 20, 0).getTime();
const MIN = 60_000;

describe('a follow’s card', () => {
  it('says what the last check found, or its error, and when', () => {
    expect(lastCheckText({ lastCheckAt: null, lastCheck: null }, NOW)).toBe('Not checked yet');
    expect(lastCheckText({ lastCheckAt: NOW - 5 * MIN, lastCheck: { seen: 250, newItems: 3, queued: 2, error: null } }, NOW)).toBe('5 min ago: 250 in the source, 3 new, 2 queued');
    expect(lastCheckText({ lastCheckAt: NOW - 3 * 60 * MIN, lastCheck: { seen: 0, newItems: 0, queued: 0, error: 'YouTube answered 429' } }, NOW)).toBe('3 h ago: YouTube answered 429');
  });

  it('says when the next check comes, or why none does', () => {
    expect(nextCheckText({ paused: false, status: 'ok', nextCheckAt: NOW + 55 * MIN }, NOW)).toBe('in 55 min');
    expect(nextCheckText({ paused: false, status: 'ok', nextCheckAt: NOW - MIN }, NOW)).toBe('Due now');
    expect(nextCheckText({ paused: true, status: 'paused', nextCheckAt: null }, NOW)).toBe('None while paused');
    expect(nextCheckText({ paused: false, status: 'checking', nextCheckAt: NOW + MIN }, NOW)).toBe('Checking now');
  });

  it('says the month’s spending against the budget', () => {
    expect(budgetText({ spentThisMonth: 120, monthlyBudget: 500 })).toBe('120 of 500 credits');
    expect(budgetText({ spentThisMonth: 1, monthlyBudget: null })).toBe('1 credit (no budget)');
  });

  it('words intervals and windows', () => {
    expect([intervalText(60), intervalText(90), intervalText(180), intervalText(1440), intervalText(2880)]).toEqual(['every hour', 'every 90 min', 'every 3 h', 'every day', 'every 2 days']);
    expect(windowText({ startHour: 22, endHour: 6 })).toBe('22:00–06:00');
    expect(windowText(null)).toBe('any time');
  });
});

describe('the follow form', () => {
  it('gives the contract’s settings for the defaults', () => {
    expect(settingsOf(NEW_FOLLOW_VALUES)).toEqual({ ok: true, settings: { intervalMinutes: 60, since: null, backfill: 0, window: null, monthlyBudget: null } });
  });

  it('reads a since-date as local midnight, a window and a budget', () => {
    const outcome = settingsOf({ ...NEW_FOLLOW_VALUES, since: '2026-11-01', nightly: true, startHour: '22', endHour: '6', budgeted: true, budget: '300', backfill: '10' });
    expect(outcome).toEqual({ ok: true, settings: { intervalMinutes: 60, since: new Date(2026, 10, 1).getTime(), backfill: 10, window: { startHour: 22, endHour: 6 }, monthlyBudget: 300 } });
    if (outcome.ok) expect(valuesOf(outcome.settings)).toEqual({ ...NEW_FOLLOW_VALUES, since: '2026-11-01', nightly: true, startHour: '22', endHour: '6', budgeted: true, budget: '300', backfill: '10' });
  });

  it('refuses what the contract refuses, naming each field', () => {
    const outcome = settingsOf({ ...NEW_FOLLOW_VALUES, intervalMinutes: '2', backfill: '', nightly: true, startHour: '3', endHour: '3', budgeted: true, budget: '-1' });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) expect(Object.keys(outcome.errors).sort()).toEqual(['backfill', 'budget', 'intervalMinutes', 'window']);
    const fine = settingsOf({ ...NEW_FOLLOW_VALUES, intervalMinutes: '5' });
    expect(fine.ok).toBe(true);
  });
});
