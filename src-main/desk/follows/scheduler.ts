// When follows need the engine: a check when `nextCheckAt` is due, the release of waiting items
// when their window opens or the month turns. One loop per engine, on the desk's clock (tests move
// it), one follow at a time (the per-site pacer would make parallel checks of one site wait anyway).
import { DeskError } from '#shared/contract/result';
import type { FollowRecord, Store } from '#service/store/port';
import type { Clock } from '../clock';
import { monthOf, nextMonthStart } from './budget';
import { insideWindow, nextWindowOpen } from './window';

/** A follow still due right after its turn (a clock moved back, a failed write) is looked at again this much later, not at once. */
const MIN_IDLE_WAKE_MS = 1000;
/** The follows are read again at least this often: one added or changed by the CLI (another process) is picked up. */
const RESCAN_MS = 5 * 60_000;

/** When the follow needs the engine next: its check, its window opening, the next month; null: never on its own. */
export function dueAt(record: FollowRecord, now: number): number | null {
  if (record.paused) return null;
  let due = record.nextCheckAt ?? Infinity;
  if (record.status === 'waiting-for-window') due = Math.min(due, nextWindowOpen(record.window, now));
  if (record.status === 'over-budget') due = Math.min(due, nextMonthStart(Date.parse(`${record.budgetMonth}-01T00:00:00Z`)));
  return Number.isFinite(due) ? due : null;
}

export interface SchedulerOptions {
  store: Store;
  clock: Clock;
  closing: AbortSignal;
  check(id: string): Promise<void>;
  /** Queues what waits for a window that is open now or a month that has turned, without reading the source. */
  release(record: FollowRecord): Promise<void>;
}

const quietNotFound = (what: string) => (error: unknown) => {
  // Removed meanwhile: nothing to record.
  if (!(error instanceof DeskError && error.code === 'not_found')) console.error(`transcript-desk: ${what}:`, error);
};

export class FollowScheduler {
  private wake = new AbortController();

  constructor(private readonly options: SchedulerOptions) {}

  /** Something changed (a follow added, resumed, its settings; the engine closing): look again now. */
  poke(): void {
    this.wake.abort();
  }

  async run(): Promise<void> {
    const { store, clock, closing } = this.options;
    while (!closing.aborted) {
      const wake = new AbortController();
      this.wake = wake;
      let soonest = Infinity;
      for (const record of await store.follows.list()) {
        if (closing.aborted) return;
        const now = clock.now();
        const due = dueAt(record, now);
        if (due === null) continue;
        if (due > now) {
          soonest = Math.min(soonest, due);
          continue;
        }
        if (record.nextCheckAt !== null && record.nextCheckAt <= now) {
          // A check also lets waiting items go: no release beside it.
          await this.options.check(record.id).catch(quietNotFound(`checking follow ${record.id} failed`));
        } else if ((record.status === 'waiting-for-window' && insideWindow(record.window, now)) || (record.status === 'over-budget' && monthOf(now) !== record.budgetMonth)) {
          await this.options.release(record).catch(quietNotFound(`follow ${record.id} could not queue its waiting items`));
        }
        const after = await store.follows.get(record.id);
        const again = after === undefined ? null : dueAt(after, clock.now());
        if (again !== null) soonest = Math.min(soonest, Math.max(again, clock.now() + MIN_IDLE_WAKE_MS));
      }
      if (closing.aborted) return;
      // Poked while this pass ran (a follow added meanwhile): look again before sleeping.
      if (wake.signal.aborted) continue;
      const ms = Math.min(soonest, clock.now() + RESCAN_MS) - clock.now();
      await clock.sleep(Math.max(0, ms), wake.signal);
    }
  }
}
