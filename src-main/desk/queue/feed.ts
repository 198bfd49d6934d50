// Queue changes leave as a few coalesced events a second, however busy the run: a renderer that
// gets 1,000 item updates in one event redraws once.
import type { QueueItem, QueueState } from '#shared/contract/queue';
import type { DeskEvents } from '../events';

export class QueueFeed {
  private upserted = new Map<string, QueueItem>();
  private removed = new Set<string>();
  private pendingState: QueueState | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly events: DeskEvents,
    private readonly flushMs: number,
  ) {}

  upsert(item: QueueItem): void {
    this.removed.delete(item.id);
    this.upserted.set(item.id, item);
    this.schedule();
  }

  remove(ids: readonly string[]): void {
    for (const id of ids) {
      this.upserted.delete(id);
      this.removed.add(id);
    }
    this.schedule();
  }

  state(state: QueueState): void {
    this.pendingState = state;
    this.schedule();
  }

  /** Sends what is pending now (also on close, so nothing is lost). */
  flush(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.upserted.size > 0 || this.removed.size > 0) {
      const payload = { upserted: [...this.upserted.values()], removed: [...this.removed] };
      this.upserted = new Map();
      this.removed = new Set();
      this.events.emit('queue.changed', payload);
    }
    if (this.pendingState !== undefined) {
      const state = this.pendingState;
      this.pendingState = undefined;
      this.events.emit('queue.state', state);
    }
  }

  private schedule(): void {
    if (this.timer !== undefined) return;
    this.timer = setTimeout(() => this.flush(), this.flushMs);
    this.timer.unref();
  }
}
