// The nightly window: new items are queued only between these local hours (start inclusive, end
// exclusive), which may wrap midnight (22 → 6). Local time, because a person says "at night" in
// the time of the machine they sit at.
import type { FollowSettings } from '#shared/contract/sources';

export type FollowWindow = NonNullable<FollowSettings['window']>;

export function insideWindow(window: FollowWindow | null, ms: number): boolean {
  if (window === null) return true;
  const hour = new Date(ms).getHours();
  return window.startHour < window.endHour ? hour >= window.startHour && hour < window.endHour : hour >= window.startHour || hour < window.endHour;
}

/** When the window next opens at or after `ms` (`ms` itself when it is open now). */
export function nextWindowOpen(window: FollowWindow | null, ms: number): number {
  if (insideWindow(window, ms) || window === null) return ms;
  const open = new Date(ms);
  open.setMinutes(0, 0, 0);
  // At most a day ahead; stepping whole local hours keeps daylight-saving days right.
  for (let i = 0; i < 25; i++) {
    open.setHours(open.getHours() + 1);
    if (open.getHours() === window.startHour) return open.getTime();
  }
  return ms + 24 * 3_600_000;
}

/** `22-6` → 22:00–06:00, for the CLI and messages. */
export function parseWindow(text: string): FollowWindow | undefined {
  const m = /^(\d{1,2})-(\d{1,2})$/.exec(text.trim());
  if (m === null) return undefined;
  const startHour = Number(m[1]);
  const endHour = Number(m[2]);
  if (startHour > 23 || endHour > 23 || startHour === endHour) return undefined;
  return { startHour, endHour };
}

export const windowText = (window: FollowWindow) => `${String(window.startHour).padStart(2, '0')}:00–${String(window.endHour).padStart(2, '0')}:00`;
