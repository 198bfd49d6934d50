// The desk's events, to whichever transports listen (IPC windows, SSE streams).
import type { EventName, EventPayload } from '#shared/contract/events';

export type DeskEventListener = <E extends EventName>(event: E, payload: EventPayload<E>) => void;

export class DeskEvents {
  private readonly listeners = new Set<DeskEventListener>();
  private readonly soon = new Map<EventName, { payload: unknown; timer: NodeJS.Timeout }>();

  subscribe(listener: DeskEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit<E extends EventName>(event: E, payload: EventPayload<E>): void {
    for (const listener of this.listeners) {
      // One broken listener (a closed socket, a destroyed window) must not keep the others from hearing.
      try {
        listener(event, payload);
      } catch (error) {
        console.error(`transcript-desk: an event listener failed on ${event}:`, error);
      }
    }
  }

  /** Emits within `ms`, only the last payload given meanwhile: for events a busy run would send hundreds of times. */
  emitSoon<E extends EventName>(event: E, payload: EventPayload<E>, ms = 50): void {
    const pending = this.soon.get(event);
    if (pending !== undefined) {
      pending.payload = payload;
      return;
    }
    const timer = setTimeout(() => {
      const latest = this.soon.get(event);
      this.soon.delete(event);
      if (latest !== undefined) this.emit(event, latest.payload as EventPayload<E>);
    }, ms);
    timer.unref();
    this.soon.set(event, { payload, timer });
  }

  /** Sends what emitSoon holds back, now. */
  flush(): void {
    for (const [event, pending] of [...this.soon]) {
      clearTimeout(pending.timer);
      this.soon.delete(event);
      this.emit(event, pending.payload as EventPayload<typeof event>);
    }
  }
}
