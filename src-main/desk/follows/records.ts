// What a follow's record becomes, as pure functions of what happened: a new follow, a check the
// site refused, the status its items leave it in. The engine (engine.ts) reads and writes the
// store; these decide the values.
import { randomUUID } from 'node:crypto';
import type { FollowSettings, Source } from '#shared/contract/sources';
import type { ExpandFailure } from '#service/sources/index';
import type { FollowItem, FollowRecord } from '#service/store/port';
import { backoffMs } from './backoff';
import { budgetMessage, monthOf, spentIn } from './budget';
import { duration } from './view';
import { windowText } from './window';

/** A follow as it is stored before its first check. */
export function newFollowRecord(settings: FollowSettings, source: Source, now: number): FollowRecord {
  return {
    ...settings,
    id: randomUUID(),
    source,
    paused: false,
    status: 'checking',
    message: null,
    createdAt: now,
    lastCheckAt: null,
    lastCheck: null,
    nextCheckAt: null,
    spentThisMonth: 0,
    budgetMonth: monthOf(now),
    unseen: 0,
    strikes: 0,
  };
}

/**
 * A check that could not read the source. 404 (the site says the source is gone) and 400 end the
 * schedule: retrying will not change them, the person sees why and may check by hand. Anything
 * else (429, a challenge, a block, an unreadable answer) is the site refusing for now: backing
 * off, longer after each refusal.
 */
export function failureChange(record: FollowRecord, failure: ExpandFailure, now: number): Partial<FollowRecord> {
  const lastCheck = { seen: 0, newItems: 0, queued: 0, error: failure.message };
  if (failure.status !== 502) return { status: record.paused ? 'paused' : 'failed', message: failure.message, lastCheckAt: now, lastCheck, nextCheckAt: null };
  const strikes = record.strikes + 1;
  const wait = backoffMs(record.intervalMinutes, strikes, failure.retryAfterMs);
  // The failure names the site and the cause itself ("feeds.example.com is rate-limiting requests
  // from this machine (HTTP 429, retry after 120 s)", "Twitch asked for a Client-Integrity check …").
  const message = `${failure.message.replace(/\.$/, '')}. Backing off: next check in ${duration(wait)} (refusal ${strikes} in a row)`;
  return { status: record.paused ? 'paused' : 'backing-off', message, lastCheckAt: now, lastCheck, nextCheckAt: record.paused ? null : now + wait, strikes };
}

/** The follow's status after its items changed: over budget, waiting for the window, paused, or fine. */
export function statusAfter(record: FollowRecord, items: readonly FollowItem[], now: number): Pick<FollowRecord, 'status' | 'message' | 'spentThisMonth' | 'budgetMonth'> {
  const month = monthOf(now);
  const spent = spentIn(items, month);
  const overBudget = items.filter((item) => item.state === 'over-budget').length;
  const pending = items.filter((item) => item.state === 'pending-window').length;
  let status: FollowRecord['status'] = 'ok';
  let message: string | null = null;
  if (overBudget > 0 && record.monthlyBudget !== null) {
    status = 'over-budget';
    message = budgetMessage(record.monthlyBudget, spent, month, overBudget);
  } else if (pending > 0 && record.window !== null) {
    status = 'waiting-for-window';
    message = `${pending} new item${pending === 1 ? '' : 's'} wait${pending === 1 ? 's' : ''} for the window ${windowText(record.window)}`;
  }
  if (record.paused) {
    status = 'paused';
    message = message ?? 'Paused: no checks until it is resumed';
  }
  return { status, message, spentThisMonth: spent, budgetMonth: month };
}
