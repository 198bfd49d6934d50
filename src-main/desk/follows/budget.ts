// A follow's monthly credit budget. Before an item is queued its price is estimated with the
// service's own tariff (a podcast episode by its duration, anything else one sync transcript),
// because the real charge is only known once the row has run; once known, the real charge counts
// instead. Months are calendar months in UTC, as the contract's `budgetMonth` says.
import type { SourceItem } from '#shared/contract/sources';
import { podcastPrice, SYNC_TRANSCRIPT_PRICE } from '#service/billing';
import type { FollowItem } from '#service/store/follows';

/** `YYYY-MM` of a moment, in UTC. */
export function monthOf(ms: number): string {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The first moment of the month after `ms` (UTC): when an over-budget follow may queue again. */
export function nextMonthStart(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
}

/**
 * What queueing the item will cost, before it runs. A podcast episode is priced as the podcast
 * runner reserves it (billing.ts: 10 credits per started hour after a short grace, at least 10);
 * an episode without a duration counts the minimum, the runner's reservation then follows the file.
 * Everything else is one sync transcript.
 */
export function estimateCredits(item: Pick<SourceItem, 'platform' | 'durationSeconds'>): number {
  if (item.platform !== 'podcast') return SYNC_TRANSCRIPT_PRICE;
  return podcastPrice(item.durationSeconds ?? 0);
}

/** Credits the follow's items queued in `month` spent: the real charge where known, else the estimate. */
export function spentIn(items: readonly FollowItem[], month: string): number {
  let spent = 0;
  for (const item of items) {
    if (item.queuedAt === null || monthOf(item.queuedAt) !== month) continue;
    if (item.state === 'failed') continue; // a failure is never charged
    spent += item.credits ?? item.estimate;
  }
  return spent;
}

/** Whether queueing an item of `estimate` credits keeps the month within the budget. */
export const fitsBudget = (budget: number | null, spent: number, estimate: number) => budget === null || spent + estimate <= budget;

export function budgetMessage(budget: number, spent: number, month: string, waiting: number): string {
  return `Budget reached: ${spent} of ${budget} credits spent in ${month}; ${waiting} new item${waiting === 1 ? '' : 's'} wait${waiting === 1 ? 's' : ''} for next month`;
}
