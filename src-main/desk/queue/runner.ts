// The queue runner: takes queued items in order, runs up to `concurrency` at once through the
// service's core, and respects the service's rate limit the way a polite REST client does: it
// stops starting items when the window's remaining count (REST's `X-RateLimit-Remaining`) reaches
// 0 until its reset, and after a 429 it waits the retry-after and runs the item again. The wait is part of the state, so the UI can
// count it down. A site that rate-limits this machine (502 `upstream_rate_limited`) holds only its
// own rows until its Retry-After; other sites' rows keep going. When the owner account runs out of
// credits the queue pauses instead of failing every row that is left: the refused item (never
// charged) goes back to queued, and Resume after adding credits runs the rest.
import { randomUUID } from 'node:crypto';
import { MAX_ENQUEUE, type QueueItem, type QueueState, type SiteWait } from '#shared/contract/queue';
import { SETTING_DEFAULTS } from '#shared/settings';
import type { PlatformToken } from '#shared/platforms';
import type { Clock } from '../clock';
import { CoalescedRuns } from '../coalescedRuns';
import type { DeskDeps } from '../deps';
import type { DeskClient } from '../teamServer';
import type { QueueFeed } from './feed';
import { runItem, type RateNumbers } from './runItem';

/** A little past the window's reset, so the first request of the new window is not refused. */
const RESET_MARGIN_MS = 250;
/** How long a site's rows wait when its refusal named no Retry-After. */
const SITE_WAIT_DEFAULT_MS = 30_000;

export interface RunnerOptions {
  deps: DeskDeps;
  feed: QueueFeed;
  clock: Clock;
  /** The `desk.queue.concurrency` setting, read again at every pump. */
  concurrency: () => Promise<number>;
  onBalance: (credits: number, plan: string) => void;
  /** A podcast item was submitted: the job watcher takes over. */
  onSubmitted: () => void;
  /** The service the items go to (this machine's, or a team server's: teamServer.ts), read at every pass. */
  client: () => Promise<DeskClient>;
  /**
   * Whether rows left `running` are put back to queued at the start (default true): they were a
   * stopped run's. False where another process may be running them now (DeskOptions.backgroundWork).
   */
  resumeRunning?: boolean;
  /**
   * Which queued rows this runner may start; all when absent. A session desk (DeskOptions.
   * backgroundWork false) starts only the rows its own client queued: the others are the person's,
   * theirs to start (and pay for) in the app.
   */
  mayRun?: (item: QueueItem) => boolean;
}

export class QueueRunner {
  private phase: QueueState['phase'] = 'idle';
  private pausedFor: QueueState['pausedFor'] = null;
  private readonly runnerId = randomUUID();
  private revision = 0;
  private readonly active = new Map<string, AbortController>();
  private rate: QueueState['rateLimit'] = { limit: null, remaining: null, resetAt: null, waitUntil: null, waitReason: null };
  private wait: AbortController | undefined;
  private readonly siteWaits = new Map<PlatformToken, SiteWait & { timer: AbortController }>();
  private closed = false;
  /** The setting as last read: state() answers at once, the pump reads it again. */
  private concurrency: number = SETTING_DEFAULTS['desk.queue.concurrency'];
  /** The queue's passes, one after the other (pump()). */
  private readonly passes = new CoalescedRuns(
    () => this.pumpOnce(),
    (error) => console.error('transcript-desk: the queue could not start its next items:', error),
  );
  /** What was running when the app stopped is queued again before anything is read. */
  private readonly ready: Promise<void>;

  constructor(private readonly options: RunnerOptions) {
    // Nothing runs before the user says so.
    this.ready =
      options.resumeRunning === false
        ? Promise.resolve()
        : options.deps.store.queue.requeueRunning().then((requeued) => {
            if (requeued > 0) console.error(`transcript-desk: ${requeued} queue item(s) were running when the app stopped; they are queued again`);
          });
  }

  /** Reads the concurrency setting again (after a settings change, before a state is shown). */
  async refreshConcurrency(): Promise<void> {
    await this.ready;
    this.concurrency = await this.options.concurrency();
  }

  state(): QueueState {
    const siteWaits = [...this.siteWaits.values()].map(({ platform, until, message }) => ({ platform, until, message }));
    return { phase: this.phase, pausedFor: this.pausedFor, concurrency: this.concurrency, active: this.active.size, rateLimit: { ...this.rate }, siteWaits, runner: this.runnerId, revision: this.revision };
  }

  async run(): Promise<QueueState> {
    await this.refreshConcurrency();
    if (this.phase !== 'running') {
      this.phase = 'running';
      this.pausedFor = null;
      this.changed();
    }
    await this.pump();
    return this.state();
  }

  /** Starts nothing new; what is running finishes. */
  pause(): QueueState {
    return this.pauseFor('user');
  }

  private pauseFor(reason: NonNullable<QueueState['pausedFor']>): QueueState {
    // Credits running out while the user's pause lets in-flight items finish still says so.
    if (this.phase === 'running' || (this.phase === 'paused' && this.pausedFor !== reason && reason === 'no-credits')) {
      this.phase = 'paused';
      this.pausedFor = reason;
      this.changed();
    }
    return this.state();
  }

  /** Stops items that are running (they were removed): their upstream work is cancelled, nothing is charged. */
  abort(ids: readonly string[]): void {
    for (const id of ids) this.active.get(id)?.abort();
  }

  isActive(id: string): boolean {
    return this.active.has(id);
  }

  /**
   * New work or a new concurrency: start what may start. Passes run one at a time (each reads the
   * queue, then marks what it starts active); a change made while one runs gets one more pass after
   * it, and the promise resolves when that pass has started its items (Run answers after it, so a
   * Pause right after Run lets the first items finish, as it did when the ledger was synchronous).
   */
  pump(): Promise<void> {
    return this.passes.request();
  }

  private async pumpOnce(): Promise<void> {
    if (this.closed || this.phase !== 'running' || this.wait !== undefined) return;
    await this.refreshConcurrency();
    if (this.closed || this.phase !== 'running' || this.wait !== undefined) return;
    const now = this.options.clock.now();
    const free = this.concurrency - this.active.size;
    if (free <= 0) return;
    // What the window still allows, minus what is already on its way. Without a current window
    // (the first request of a run, or the last window has ended) one request goes first and its
    // answer tells how many more may follow.
    const windowKnown = this.rate.resetAt !== null && this.rate.resetAt > now && this.rate.remaining !== null;
    const allowed = windowKnown ? (this.rate.remaining ?? 0) - this.active.size : this.active.size === 0 ? 1 : 0;
    if (allowed <= 0) {
      if (windowKnown && this.rate.resetAt !== null) this.waitUntil(this.rate.resetAt + RESET_MARGIN_MS, 'rate-limit');
      return;
    }
    // Rows of a site that is rate-limiting us are skipped; then the next runnable ones may lie past
    // any number of them, so the whole queue is looked at.
    const waiting = (item: QueueItem) => item.platform !== null && this.siteWaits.has(item.platform);
    // A runner that may start only some rows reads the whole queue too: its rows may lie past others.
    const mayRun = this.options.mayRun ?? (() => true);
    const next = (await this.options.deps.store.queue.nextQueued(this.siteWaits.size > 0 || this.options.mayRun !== undefined ? MAX_ENQUEUE : free + this.active.size))
      .filter((item) => !this.active.has(item.id) && !waiting(item) && mayRun(item))
      .slice(0, Math.min(free, allowed));
    if (next.length === 0) {
      // Rows waiting for their site keep the run going: they start when the wait ends.
      if (this.active.size === 0 && this.siteWaits.size === 0) this.settle();
      return;
    }
    // A balance known to be empty: every request would be refused `no_credits`, so none is sent.
    // (A team server's balance is not known without a request: its 403 pauses the queue instead.)
    const { store, owner } = this.options.deps;
    const client = await this.options.client();
    const credits = client.server === null ? await store.credits.balance(owner.accountId) : 1;
    if (credits <= 0) {
      // The header may still show an older balance (credits can change outside the desk: the CLI).
      this.options.onBalance(credits, (await store.accounts.get(owner.accountId))?.plan ?? 'free');
      this.pauseFor('no-credits');
      return;
    }
    // Paused, closed or removed while the store was read: start nothing.
    if (this.closed || this.phase !== 'running') return;
    for (const item of next) this.start(item, client);
    this.changed();
  }

  close(): void {
    this.closed = true;
    this.wait?.abort();
    for (const site of this.siteWaits.values()) site.timer.abort();
    for (const controller of this.active.values()) controller.abort();
  }

  private start(item: QueueItem, client: DeskClient): void {
    const controller = new AbortController();
    this.active.set(item.id, controller);
    const { store } = this.options.deps;
    store.queue
      .update(item.id, { status: 'running' })
      .then(async (running) => {
        if (running !== undefined) this.options.feed.upsert(running);
        return runItem(this.options.deps, client, item, controller.signal);
      })
      .then(
        async (outcome) => {
          if (this.closed) return;
          this.noteRate(outcome.rate);
          if (outcome.kind === 'rate-limited') {
            await this.requeue(item.id);
            this.waitUntil(outcome.rate.retryAfterMs === null ? (outcome.rate.resetAt ?? this.options.clock.now() + 1000) : this.options.clock.now() + outcome.rate.retryAfterMs, 'rate-limit');
            return;
          }
          // The whole queue waits, not only this item: the next items are likely speech too, and
          // each would take a refusal of its own.
          if (outcome.kind === 'busy') {
            await this.requeue(item.id);
            this.waitUntil(this.options.clock.now() + (outcome.rate.retryAfterMs ?? 1000), 'busy');
            return;
          }
          if (outcome.kind === 'no-credits') {
            await this.requeue(item.id);
            if (outcome.balance !== null) this.options.onBalance(outcome.balance.credits, outcome.balance.plan);
            this.pauseFor('no-credits');
            return;
          }
          // Only this site's rows wait: its limit is per site, the others still answer.
          if (outcome.kind === 'site-limited') {
            await this.requeue(item.id);
            this.waitForSite(outcome.platform, this.options.clock.now() + (outcome.rate.retryAfterMs ?? SITE_WAIT_DEFAULT_MS), outcome.message);
            return;
          }
          // Removed while it ran: nothing to record (a fetch that finished was still cached and charged, as over REST).
          if (controller.signal.aborted && (await store.queue.get(item.id)) === undefined) return;
          const updated = await store.queue.update(item.id, outcome.update);
          if (updated !== undefined) this.options.feed.upsert(updated);
          if (outcome.balance !== null) this.options.onBalance(outcome.balance.credits, outcome.balance.plan);
          if (outcome.update.status === 'submitted') this.options.onSubmitted();
        },
        async (error: unknown) => {
          // Closed under it (the app quits, a test ends): the store it would write to is gone, and that is no bug.
          if (this.closed) return;
          // The facade answers every failure as a response; getting here is a bug. The item says so instead of spinning forever.
          console.error('transcript-desk: a queue item failed unexpectedly:', error);
          const updated = await store.queue.update(item.id, { status: 'failed', error: 'Internal error', message: error instanceof Error ? error.message : String(error), httpStatus: 500, credits: 0 });
          if (updated !== undefined) this.options.feed.upsert(updated);
        },
      )
      .finally(() => {
        this.active.delete(item.id);
        if (this.closed) return;
        this.changed();
        void this.pump();
      })
      .catch((error: unknown) => console.error('transcript-desk: a queue item\'s outcome could not be recorded:', error));
  }

  private async requeue(id: string): Promise<void> {
    const item = await this.options.deps.store.queue.update(id, { status: 'queued' });
    if (item !== undefined) this.options.feed.upsert(item);
  }

  private noteRate(rate: RateNumbers): void {
    if (rate.remaining === null && rate.resetAt === null) return;
    this.rate = { ...this.rate, limit: rate.limit ?? this.rate.limit, remaining: rate.remaining, resetAt: rate.resetAt };
  }

  /** Holds the queue until `until` (a countdown the UI shows), then goes on. */
  private waitUntil(until: number, reason: 'rate-limit' | 'busy'): void {
    if (this.wait !== undefined && (this.rate.waitUntil ?? 0) >= until) return;
    this.wait?.abort();
    const wait = new AbortController();
    this.wait = wait;
    this.rate = { ...this.rate, waitUntil: until, waitReason: reason };
    this.changed();
    void this.options.clock.sleep(until - this.options.clock.now(), wait.signal).then(() => {
      if (this.wait !== wait) return;
      this.wait = undefined;
      this.rate = { ...this.rate, waitUntil: null, waitReason: null, remaining: null };
      this.changed();
      void this.pump();
    });
  }

  /** Holds the rows of one site until `until` (the UI says "waiting for <site>"), then runs them again. */
  private waitForSite(platform: PlatformToken, until: number, message: string | null): void {
    const current = this.siteWaits.get(platform);
    if (current !== undefined && current.until >= until) return;
    current?.timer.abort();
    const timer = new AbortController();
    const site = { platform, until, message, timer };
    this.siteWaits.set(platform, site);
    this.changed();
    void this.options.clock.sleep(until - this.options.clock.now(), timer.signal).then(() => {
      if (this.closed || this.siteWaits.get(platform) !== site) return;
      this.siteWaits.delete(platform);
      this.changed();
      void this.pump();
    });
  }

  /** Nothing left to run: back to idle. */
  private settle(): void {
    if (this.phase === 'running') {
      this.phase = 'idle';
      this.changed();
    }
  }

  private changed(): void {
    this.revision += 1;
    this.options.feed.state(this.state());
  }
}
