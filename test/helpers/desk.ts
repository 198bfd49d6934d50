// A desk on a real data home (real SQLite, the real service and fetchers) whose upstream traffic
// goes to the fixture upstream, with a clock the test moves, and every event it sends recorded.
import { join } from 'node:path';
import type { EventName, EventPayload } from '#shared/contract/events';
import type { OperationInput, OperationName, OperationOutput } from '#shared/contract/operations';
import type { DeskResult } from '#shared/contract/result';
import type { Clock } from '../../src-main/desk/clock';
import { createDesk, type Desk, type DeskHost, type PodcastJobControl } from '../../src-main/desk/index';
import { openService, type OpenedService } from '#service/open';

/** Time that moves only when the test says so; sleepers wake when it passes their end. */
export class TestClock implements Clock {
  private sleepers: { until: number; wake: () => void }[] = [];

  constructor(public t = Date.UTC(2026, 10, 22, 12, 0, 0)) {}

  now(): number {
    return this.t;
  }

  sleep(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const sleeper = { until: this.t + ms, wake: resolve };
      this.sleepers.push(sleeper);
      signal.addEventListener('abort', () => resolve(), { once: true });
    });
  }

  /** How many sleepers wait (the runner waits for the rate limit). */
  get waiting(): number {
    return this.sleepers.length;
  }

  advance(ms: number): void {
    this.t += ms;
    const due = this.sleepers.filter((s) => s.until <= this.t);
    this.sleepers = this.sleepers.filter((s) => s.until > this.t);
    for (const s of due) s.wake();
  }
}

export interface TestDesk {
  home: string;
  opened: OpenedService;
  desk: Desk;
  clock: TestClock;
  events: { event: EventName; payload: unknown }[];
  exportDir: string;
  /** Invokes and unwraps; throws with the error's code and message. */
  call<N extends OperationName>(name: N, input: OperationInput<N>): Promise<OperationOutput<N>>;
  raw(name: string, payload: unknown): Promise<DeskResult<unknown>>;
  eventsOf<E extends EventName>(event: E): EventPayload<E>[];
  close(): Promise<void>;
}

export async function openTestDesk(home: string, upstream: string, options: { podcast?: PodcastJobControl; clock?: TestClock; jobPollMs?: number; host?: DeskHost } = {}): Promise<TestDesk> {
  const clock = options.clock ?? new TestClock();
  const opened = await openService(home, { now: () => clock.now() }, { TRANSCRIPT_DESK_UPSTREAM: upstream, TRANSCRIPT_DESK_UPSTREAM_TIMEOUT_MS: '2000' });
  const exportDir = join(home, 'exports');
  const desk = createDesk(options.podcast === undefined ? opened : { ...opened, podcast: options.podcast }, { home, defaultExportFolder: exportDir, clock, jobPollMs: options.jobPollMs ?? 50, eventFlushMs: 5, ...(options.host === undefined ? {} : { host: options.host }) });
  const events: { event: EventName; payload: unknown }[] = [];
  desk.events.subscribe((event, payload) => events.push({ event, payload }));
  return {
    home,
    opened,
    desk,
    clock,
    events,
    exportDir,
    raw: (name, payload) => desk.invoke(name, payload),
    async call(name, input) {
      const result = await desk.call(name, input);
      if (!result.ok) throw Object.assign(new Error(`[${result.error.code}] ${result.error.message}`), { code: result.error.code });
      return result.value;
    },
    eventsOf: <E extends EventName>(event: E) => events.filter((e) => e.event === event).map((e) => e.payload as EventPayload<E>),
    async close() {
      await desk.close();
      await opened.close();
    },
  };
}
