// Which items of an expanded source the picker adds: the newest N, a date range, or a hand
// selection; items already in the library are left out unless the person asks for them. Pure, so
// the modes are unit-tested without a page.
import type { SourceItem } from '#shared/contract/sources';

export const DEFAULT_NEWEST = 20;

export type Selection =
  | { mode: 'newest'; count: number }
  /** Local calendar days as a date field gives them (`YYYY-MM-DD`), both inclusive; '' is open-ended. */
  | { mode: 'range'; from: string; to: string }
  /** The URLs ticked by hand; library items among them were ticked on purpose and stay. */
  | { mode: 'hand'; ticked: ReadonlySet<string> };

/**
 * Newest first. The service lists channels, feeds, shows and clips newest first already; a
 * playlist comes in its own order and its rows carry no date, so without dates on every item the
 * source's order is the only one there is.
 */
export function newestFirst(items: readonly SourceItem[]): readonly SourceItem[] {
  if (items.some((i) => i.publishedAt === null)) return items;
  return [...items].sort((a, b) => (b.publishedAt ?? 0) - (a.publishedAt ?? 0));
}

/** Whether every item has a date: otherwise "newest" means "first in the source's order". */
export const allDated = (items: readonly SourceItem[]) => items.every((i) => i.publishedAt !== null);

/** Start of a local day (`YYYY-MM-DD`), or null for ''. */
function dayStart(day: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m === null ? null : new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).getTime();
}

/** The items a date range holds; items without a date are never in one (the picker says how many). */
export function inRange(items: readonly SourceItem[], from: string, to: string): SourceItem[] {
  const start = dayStart(from);
  const endDay = dayStart(to);
  // `to` is inclusive: up to the start of the next local day.
  const end = endDay === null ? null : new Date(endDay).setDate(new Date(endDay).getDate() + 1);
  return items.filter((i) => i.publishedAt !== null && (start === null || i.publishedAt >= start) && (end === null || i.publishedAt < end));
}

/** The items a mode picks before the library is considered (hand: the ticked ones). */
export function windowOf(items: readonly SourceItem[], selection: Selection): readonly SourceItem[] {
  switch (selection.mode) {
    case 'newest':
      return newestFirst(items).slice(0, Math.max(0, selection.count));
    case 'range':
      return inRange(items, selection.from, selection.to);
    case 'hand':
      return items.filter((i) => selection.ticked.has(i.url));
  }
}

export interface Choice {
  /** What "Add N to the queue" adds, in the source's order. */
  chosen: readonly SourceItem[];
  /** Library items among what the mode picked: "Include N already in the library" names them. */
  inLibrary: number;
}

export function choose(items: readonly SourceItem[], selection: Selection, includeLibrary: boolean): Choice {
  const window = windowOf(items, selection);
  const inLibrary = window.filter((i) => i.inLibrary).length;
  // A hand selection is what the person ticked, library items included.
  const kept = selection.mode === 'hand' || includeLibrary ? window : window.filter((i) => !i.inLibrary);
  return { chosen: inSourceOrder(items, kept), inLibrary };
}

function inSourceOrder(items: readonly SourceItem[], picked: readonly SourceItem[]): SourceItem[] {
  const set = new Set(picked.map((i) => i.url));
  return items.filter((i) => set.has(i.url));
}

/** A row's tick changes: the selection becomes a hand selection starting from what was chosen. */
export function toggleByHand(current: readonly SourceItem[], url: string, on: boolean): Selection {
  const ticked = new Set(current.map((i) => i.url));
  if (on) ticked.add(url);
  else ticked.delete(url);
  return { mode: 'hand', ticked };
}

/** The library items of a hand selection all ticked (on) or all unticked (off). */
export function tickLibrary(items: readonly SourceItem[], ticked: ReadonlySet<string>, on: boolean): Selection {
  const next = new Set(ticked);
  for (const item of items) {
    if (!item.inLibrary) continue;
    if (on) next.add(item.url);
    else next.delete(item.url);
  }
  return { mode: 'hand', ticked: next };
}
