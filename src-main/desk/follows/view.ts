// A follow as the contract shows it, and the words its status carries.
import type { Follow } from '#shared/contract/sources';
import type { FollowRecord } from '#service/store/follows';

export function followView(record: FollowRecord, itemsKnown: number): Follow {
  const { strikes, ...follow } = record;
  void strikes;
  return { ...follow, itemsKnown };
}

/** "2 h", "15 min", "40 s": how long until a next check, for a message. */
export function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 120) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 120) return `${min} min`;
  const h = Math.round(min / 60);
  return h < 48 ? `${h} h` : `${Math.round(h / 24)} days`;
}
