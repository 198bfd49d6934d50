// What a check does with the items it met, before anything is queued: which are new, which of
// those are never to be queued (there before the follow, older than `since`, in the library), and
// which of the waiting ones may be queued now (the nightly window is open, the month's budget
// still has room). Plain functions over the follow's settings and items, so the rules are tested
// without a network or a clock.
import type { SourceExpansion, SourceItem } from '#shared/contract/sources';
import type { FollowItem, FollowItemState, FollowRecord } from '#service/store/follows';
import { estimateCredits, fitsBudget, monthOf, spentIn } from './budget';
import { insideWindow } from './window';

export const itemKey = (item: Pick<SourceItem, 'platform' | 'itemId'>) => `${item.platform}:${item.itemId}`;

/** States that still wait for the follow to queue them. */
export const WAITING_STATES: ReadonlySet<FollowItemState> = new Set(['pending-window', 'over-budget']);

/**
 * The newest `n` of a source's items. Feeds, channels, shows and clips list newest first; a
 * playlist lists in its own order, so dates decide when every item has one.
 */
export function newestOf(items: readonly SourceItem[], n: number): SourceItem[] {
  if (n <= 0) return [];
  const dated = items.every((item) => item.publishedAt !== null);
  const ordered = dated ? [...items].sort((a, b) => (b.publishedAt ?? 0) - (a.publishedAt ?? 0)) : items;
  return ordered.slice(0, n);
}

/**
 * The items of this expansion the follow did not know, as follow items: candidates (`state`
 * `pending-window` for now: admit() decides) or never to be queued (`seen`, `skipped-in-library`).
 * At the first check only the newest `backfill` are candidates; the rest were there before.
 */
export function newItems(record: FollowRecord, known: ReadonlySet<string>, expansion: SourceExpansion, firstCheck: boolean, now: number): { items: FollowItem[]; candidates: string[] } {
  const fresh = expansion.items.filter((item) => !known.has(itemKey(item)));
  const eligible = new Set((firstCheck ? newestOf(fresh, record.backfill) : fresh).map(itemKey));
  const items: FollowItem[] = [];
  const candidates: string[] = [];
  const seenKeys = new Set<string>();
  for (const item of fresh) {
    const key = itemKey(item);
    // One source listing an item twice (a playlist can) is one item.
    if (seenKeys.has(key)) continue;
    seenKeys.add(key);
    let state: FollowItemState = 'seen';
    if (eligible.has(key) && !(record.since !== null && item.publishedAt !== null && item.publishedAt < record.since)) {
      state = item.inLibrary ? 'skipped-in-library' : 'pending-window';
    }
    if (state === 'pending-window') candidates.push(key);
    items.push({
      followId: record.id,
      key,
      url: item.url,
      platform: item.platform,
      itemId: item.itemId,
      title: item.title,
      publishedAt: item.publishedAt,
      durationSeconds: item.durationSeconds,
      state,
      queueItemId: null,
      estimate: estimateCredits(item),
      credits: null,
      queuedAt: null,
      firstSeenAt: now,
      message: null,
    });
  }
  return { items, candidates };
}

export interface Admission {
  /** Keys to queue now, in order. */
  queue: string[];
  /** Keys that wait, and for what. */
  wait: Map<string, 'pending-window' | 'over-budget'>;
}

/**
 * Which candidates may be queued now. Outside the window all of them wait for it. Inside, they
 * are taken in order while the month's budget has room; once one would pass it, auto-queueing
 * stops there and it and every later one wait for next month (a cheaper later item does not jump
 * the line: the person sees one stop, not a scattering).
 */
export function admit(record: FollowRecord, items: readonly FollowItem[], candidates: readonly string[], now: number): Admission {
  const byKey = new Map(items.map((item) => [item.key, item]));
  const wait = new Map<string, 'pending-window' | 'over-budget'>();
  const queue: string[] = [];
  if (!insideWindow(record.window, now)) {
    for (const key of candidates) wait.set(key, 'pending-window');
    return { queue, wait };
  }
  let spent = spentIn(items, monthOf(now));
  let stopped = false;
  for (const key of candidates) {
    const estimate = byKey.get(key)?.estimate ?? 0;
    if (stopped || !fitsBudget(record.monthlyBudget, spent, estimate)) {
      stopped = true;
      wait.set(key, 'over-budget');
      continue;
    }
    spent += estimate;
    queue.push(key);
  }
  return { queue, wait };
}
