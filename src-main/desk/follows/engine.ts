// Follows: sources checked on a schedule whose new items queue themselves. One engine per process
// that runs them (the desktop app, `serve`); the CLI uses one without its scheduler. A check expands
// the source through the per-site pacer (sitePacer.ts), records what it had not met before
// (admit.ts decides what of it is queued now), queues through the desk's queue, and says what it
// found on the follow. Rows that finish with a transcript raise the follow's badge and a
// `follows.landed` event (landing.ts).
import type { QueueItem } from '#shared/contract/queue';
import { DeskError } from '#shared/contract/result';
import { DEFAULT_FOLLOW_INTERVAL_MINUTES, type Follow, type FollowSettings, type SourceExpansion } from '#shared/contract/sources';
import type { Settings } from '#service/settings';
import type { UpstreamProfile } from '#service/upstream/profile';
import { expandSource, type ExpandFailure, type SourceDeps } from '#service/sources/index';
import type { FollowItem, FollowRecord, Store } from '#service/store/port';
import type { Clock } from '../clock';
import { expandError } from '../sources/expand';
import { admit, newItems, WAITING_STATES } from './admit';
import { FollowScheduler } from './scheduler';
import { Landing, type LandedNotice } from './landing';
import { hostOf, SitePacer } from './sitePacer';
import { followView } from './view';
import { failureChange, newFollowRecord, statusAfter } from './records';

/** How a follow reaches the queue: the desk's queue in the app and `serve`, the bare store in the CLI. */
export interface FollowQueue {
  /** Queues one URL as the desk's intake does; the row it is in (an earlier row of the same item when folded). */
  enqueue(url: string): Promise<QueueItem>;
  /** Makes the queue run its rows (a person's pause stays a pause). */
  run(): Promise<void>;
  get(id: string): Promise<QueueItem | undefined>;
}

export interface FollowEvents {
  changed(upserted: Follow[], removed: string[]): void;
  landed(notice: LandedNotice): void;
}

export interface FollowEngineOptions {
  store: Store;
  /**
   * What expansion reads with (the upstream client, the rotating upstream values, the library
   * marks); the pacer's gate is added here.
   */
  sources: SourceDeps & { profile?: UpstreamProfile };
  settings: Settings;
  clock: Clock;
  queue: FollowQueue;
  events: FollowEvents;
  /** Whether this engine checks on its own when follows are due (the CLI's does not: it checks when told). */
  schedule: boolean;
}

/** Expansion with the pacer's gate; the `gate` member is the contract's (service/sources/index.ts). */
type GatedSourceDeps = SourceDeps & { gate?: (url: string) => Promise<void> };

/** Later checks read only the newest items: new ones are at the top (playlists are read whole). */
const RECHECK_NEWEST = 200;

const DEFAULT_SETTINGS: FollowSettings = { intervalMinutes: DEFAULT_FOLLOW_INTERVAL_MINUTES, since: null, backfill: 0, window: null, monthlyBudget: null };

export class FollowEngine {
  private readonly pacer: SitePacer;
  private readonly landing: Landing;
  /** One check per follow at a time: a second request waits for the running one and gets its result. */
  private readonly running = new Map<string, Promise<FollowRecord>>();
  /** Read-modify-write of records and items, one at a time (checks run their network part outside it). */
  private serial: Promise<unknown> = Promise.resolve();
  private readonly closing = new AbortController();
  private scheduler: FollowScheduler | undefined;
  private loop: Promise<void> | undefined;

  constructor(private readonly options: FollowEngineOptions) {
    this.pacer = new SitePacer(options.clock, () => options.settings.get('follows.requestsPerMinute'));
    this.landing = new Landing({
      store: options.store,
      queue: options.queue,
      locked: (fn) => this.locked(fn),
      announce: (records, notices) => {
        void this.publish(records);
        for (const notice of notices) options.events.landed(notice);
      },
    });
  }

  /** Starts the scheduler (when this engine has one). */
  start(): void {
    if (!this.options.schedule || this.loop !== undefined) return;
    const scheduler = new FollowScheduler({
      store: this.options.store,
      clock: this.options.clock,
      closing: this.closing.signal,
      check: (id) => this.check(id, undefined).then(() => undefined),
      release: (record) => this.release(record).then(() => undefined),
    });
    this.scheduler = scheduler;
    this.loop = this.resumeInterrupted()
      .then(() => scheduler.run())
      .catch((error: unknown) => {
        if (!this.closing.signal.aborted) console.error('transcript-desk: the follows scheduler stopped:', error);
      });
  }

  /** Queue rows changed (the desk's `queue.changed`): rows of follows that finished land. */
  queueChanged(rows: readonly QueueItem[]): void {
    void this.landing.rowsChanged(rows).catch((error: unknown) => console.error('transcript-desk: a follow could not record a finished row:', error));
  }

  async list(): Promise<Follow[]> {
    const counts = await this.options.store.follows.itemCounts();
    return (await this.options.store.follows.list()).map((record) => followView(record, counts.get(record.id) ?? 0));
  }

  async add(input: Partial<FollowSettings> & { url: string }): Promise<Follow> {
    const expansion = await this.expand(input.url, undefined);
    if (!expansion.ok) throw expandError(expansion.failure);
    const { source } = expansion.expansion;
    const already = await this.options.store.follows.bySourceKey(source.key);
    if (already !== undefined) throw new DeskError('invalid_input', `${source.title} is followed already (follow ${already.id})`);
    const now = this.options.clock.now();
    const { url, ...given } = input;
    void url;
    const settings = { ...DEFAULT_SETTINGS, ...given };
    const record = newFollowRecord(settings, source, now);
    try {
      await this.options.store.follows.add(record);
    } catch {
      // Another add of the same source won the race (the store's unique key decided).
      throw new DeskError('invalid_input', `${source.title} is followed already`);
    }
    await this.publish([record]);
    // The expansion that named it is the first check's: the source is not read twice in a row.
    const checked = await this.check(record.id, expansion.expansion);
    this.poke();
    return this.viewOf(checked);
  }

  async update(id: string, change: Partial<FollowSettings>): Promise<Follow> {
    const record = await this.locked(async () => {
      const current = await this.mustGet(id);
      const next: Partial<FollowRecord> = { ...change };
      // A new interval counts from the last check, not from the old schedule.
      if (change.intervalMinutes !== undefined && !current.paused && current.status !== 'failed' && current.status !== 'backing-off') {
        next.nextCheckAt = (current.lastCheckAt ?? this.options.clock.now()) + change.intervalMinutes * 60_000;
      }
      return (await this.options.store.follows.update(id, next)) ?? current;
    });
    // A new window or budget may let waiting items go now.
    const released = await this.release(record);
    this.poke();
    return this.viewOf(released);
  }

  async remove(id: string): Promise<boolean> {
    const removed = await this.locked(() => this.options.store.follows.remove(id));
    if (removed) this.options.events.changed([], [id]);
    this.poke();
    return removed;
  }

  async pause(id: string): Promise<Follow> {
    const record = await this.locked(async () => {
      await this.mustGet(id);
      return this.options.store.follows.update(id, { paused: true, status: 'paused', message: 'Paused: no checks until it is resumed', nextCheckAt: null });
    });
    this.poke();
    return this.published(record);
  }

  async resume(id: string): Promise<Follow> {
    const record = await this.locked(async () => {
      const current = await this.mustGet(id);
      const now = this.options.clock.now();
      // Checked at once when a check was due while it was paused; otherwise on its schedule.
      const nextCheckAt = Math.max(now, (current.lastCheckAt ?? now) + current.intervalMinutes * 60_000);
      return this.options.store.follows.update(id, { paused: false, status: 'ok', message: null, nextCheckAt, strikes: 0 });
    });
    this.poke();
    return this.published(record);
  }

  /** Checks now, paused or not, whatever the schedule says. */
  async checkNow(id: string): Promise<Follow> {
    await this.mustGet(id);
    const record = await this.check(id, undefined);
    this.poke();
    return this.viewOf(record);
  }

  async seen(ids: readonly string[] | undefined): Promise<void> {
    const records = await this.locked(async () => {
      const targets = ids ?? (await this.options.store.follows.list()).map((r) => r.id);
      const changed: FollowRecord[] = [];
      for (const id of targets) {
        const current = await this.options.store.follows.get(id);
        if (current === undefined || current.unseen === 0) continue;
        const next = await this.options.store.follows.update(id, { unseen: 0 });
        if (next !== undefined) changed.push(next);
      }
      return changed;
    });
    await this.publish(records);
  }

  async close(): Promise<void> {
    this.closing.abort();
    this.scheduler?.poke();
    this.pacer.close();
    await Promise.allSettled([this.loop, ...this.running.values()]);
    await this.serial.catch(() => undefined);
  }

  // ── checks ──────────────────────────────────────────────────────────────────────────────────

  private check(id: string, given: SourceExpansion | undefined): Promise<FollowRecord> {
    const current = this.running.get(id);
    if (current !== undefined) return current;
    const run = this.runCheck(id, given).finally(() => this.running.delete(id));
    this.running.set(id, run);
    return run;
  }

  private async runCheck(id: string, given: SourceExpansion | undefined): Promise<FollowRecord> {
    const { store, clock } = this.options;
    const before = await this.mustGet(id);
    const checking = await store.follows.update(id, { status: 'checking' });
    if (checking !== undefined) await this.publish([checking]);
    try {
      return await this.checkSteps(id, before, given);
    } catch (error) {
      // A bug or a store failure: the follow must not stay `checking` with no next check.
      const message = `The check could not be finished: ${error instanceof Error ? error.message : String(error)}`;
      const now = clock.now();
      const restored = await store.follows
        .update(id, { status: before.paused ? 'paused' : before.status === 'checking' ? 'ok' : before.status, message, lastCheckAt: now, lastCheck: { seen: 0, newItems: 0, queued: 0, error: message }, nextCheckAt: before.paused ? null : now + before.intervalMinutes * 60_000 })
        .catch(() => undefined);
      if (restored !== undefined) await this.publish([restored]).catch(() => undefined);
      throw error;
    }
  }

  private async checkSteps(id: string, before: FollowRecord, given: SourceExpansion | undefined): Promise<FollowRecord> {
    const { store, clock } = this.options;
    // Rows that finished while nobody listened (the app was closed, the CLI queued them) land first.
    await this.landing.reconcile(id);
    const outcome = given === undefined ? await this.expand(before.source.url, before) : { ok: true as const, expansion: given };
    // The app quit during the check: that is no refusal of the site, and no strike. The follow is
    // left as it was; the next start checks it again (schedule()).
    if (this.closing.signal.aborted) return (await store.follows.update(id, { status: before.status })) ?? before;
    return this.locked(async () => {
      const record = await this.mustGet(id);
      const now = clock.now();
      const next = outcome.ok ? await this.recordFound(record, outcome.expansion, now) : await this.recordFailure(record, outcome.failure, now);
      await this.publish([next]);
      return next;
    }).then(async (record) => {
      // A running queue may have finished a row before its item was marked queued and tracked
      // (its event then named a row no follow knew yet): those land now, not at the next check.
      await this.landing.reconcile(id);
      // Rows queued now, or earlier by the CLI (which never runs the queue), are fetched now.
      if ((await store.follows.items(id)).some((item) => item.state === 'queued')) await this.options.queue.run();
      return record;
    });
  }

  /** The source read through the pacer; a thrown error (a bug, the engine closing) is a 502 like any unreadable answer. */
  private async expand(url: string, record: FollowRecord | undefined) {
    const deps: GatedSourceDeps = { ...this.options.sources, gate: (target) => this.pacer.gate(target) };
    const newest = record === undefined || record.lastCheckAt === null || record.source.kind === 'youtube-playlist' ? undefined : RECHECK_NEWEST;
    try {
      return await expandSource(deps, newest === undefined ? { url } : { url, newest }, this.closing.signal);
    } catch (error) {
      const failure: ExpandFailure = { status: 502, error: 'Upstream error', message: `${hostOf(url)} could not be read: ${error instanceof Error ? error.message : String(error)}` };
      return { ok: false as const, failure };
    }
  }

  private async recordFound(record: FollowRecord, expansion: SourceExpansion, now: number): Promise<FollowRecord> {
    const { store } = this.options;
    const known = await store.follows.items(record.id);
    const firstCheck = record.lastCheckAt === null && known.length === 0;
    const found = newItems(record, new Set(known.map((item) => item.key)), expansion, firstCheck, now);
    await store.follows.addItems(found.items);
    // Items that waited (for the window, for next month) go before the new ones: they are older.
    const waiting = known.filter((item) => WAITING_STATES.has(item.state)).map((item) => item.key);
    const queued = await this.admitAndQueue(record, [...waiting, ...found.candidates], now);
    const items = await store.follows.items(record.id);
    const seen = expansion.items.length;
    // At the first check what was already there is not news: only the backfill counts as new.
    const news = firstCheck ? found.items.filter((item) => item.state !== 'seen').length : found.items.length;
    return this.settled(record, items, now, {
      lastCheckAt: now,
      lastCheck: { seen, newItems: news, queued, error: null },
      nextCheckAt: record.paused ? null : now + record.intervalMinutes * 60_000,
      strikes: 0,
    });
  }

  /** A check that could not read the source (records.ts decides: failed, or backing off). */
  private async recordFailure(record: FollowRecord, failure: ExpandFailure, now: number): Promise<FollowRecord> {
    return (await this.options.store.follows.update(record.id, failureChange(record, failure, now))) ?? record;
  }

  /** Queues what admit() lets through and marks the rest waiting; how many were queued. */
  private async admitAndQueue(record: FollowRecord, candidates: readonly string[], now: number): Promise<number> {
    const { store, queue } = this.options;
    const items = await store.follows.items(record.id);
    const byKey = new Map(items.map((item) => [item.key, item]));
    const admission = admit(record, items, candidates, now);
    for (const [key, state] of admission.wait) await store.follows.updateItem(record.id, key, { state });
    let queued = 0;
    for (const key of admission.queue) {
      const item = byKey.get(key);
      if (item === undefined) continue;
      const row = await queue.enqueue(item.url);
      if (row.status === 'invalid') {
        await store.follows.updateItem(record.id, key, { state: 'failed', queueItemId: row.id, message: `${row.error ?? 'Invalid URL'}${row.message === null ? '' : `: ${row.message}`}`, credits: 0 });
        continue;
      }
      await store.follows.updateItem(record.id, key, { state: 'queued', queueItemId: row.id, queuedAt: now, message: null });
      this.landing.track(row.id);
      queued++;
    }
    return queued;
  }

  /** Writes `change` with the status the items leave the follow in (records.ts). */
  private async settled(record: FollowRecord, items: readonly FollowItem[], now: number, change: Partial<FollowRecord>): Promise<FollowRecord> {
    return (await this.options.store.follows.update(record.id, { ...change, ...statusAfter(record, items, now) })) ?? record;
  }

  /** Lets waiting items go when their window opened or the month turned, without reading the source. */
  private async release(record: FollowRecord): Promise<FollowRecord> {
    const released = await this.locked(async () => {
      const current = await this.mustGet(record.id);
      const items = await this.options.store.follows.items(current.id);
      const waiting = items.filter((item) => WAITING_STATES.has(item.state)).map((item) => item.key);
      if (waiting.length === 0) return current;
      const now = this.options.clock.now();
      const queued = await this.admitAndQueue(current, waiting, now);
      const next = await this.settled(current, await this.options.store.follows.items(current.id), now, current.lastCheck === null ? {} : { lastCheck: { ...current.lastCheck, queued: current.lastCheck.queued + queued } });
      return { record: next, queued };
    });
    if ('queued' in released) {
      await this.publish([released.record]);
      if (released.queued > 0) await this.options.queue.run();
      return released.record;
    }
    return released;
  }

  // ── the schedule (scheduler.ts decides when; these do the work) ───────────────────────────────

  /** A check the last run did not finish (the app quit or crashed during it) runs again now. */
  private async resumeInterrupted(): Promise<void> {
    const { store, clock } = this.options;
    for (const record of await store.follows.list()) {
      if (record.status === 'checking') await store.follows.update(record.id, { status: record.paused ? 'paused' : 'ok', nextCheckAt: clock.now() });
    }
    // Rows follows queued while no desk ran (the CLI's, or before a restart) are fetched now.
    if (await this.anyQueued()) await this.options.queue.run();
  }

  private async anyQueued(): Promise<boolean> {
    for (const record of await this.options.store.follows.list()) {
      for (const item of await this.options.store.follows.items(record.id)) if (item.state === 'queued' && item.queueItemId !== null && (await this.options.queue.get(item.queueItemId))?.status === 'queued') return true;
    }
    return false;
  }

  /** Something changed (a follow added, resumed, its settings): the scheduler looks again. */
  private poke(): void {
    this.scheduler?.poke();
  }

  // ── helpers ─────────────────────────────────────────────────────────────────────────────────

  private locked<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.serial.then(fn, fn);
    this.serial = run.catch(() => undefined);
    return run;
  }

  private async mustGet(id: string): Promise<FollowRecord> {
    const record = await this.options.store.follows.get(id);
    if (record === undefined) throw new DeskError('not_found', `No follow with the id ${id}`);
    return record;
  }

  private async viewOf(record: FollowRecord): Promise<Follow> {
    return followView(record, (await this.options.store.follows.items(record.id)).length);
  }

  private async published(record: FollowRecord | undefined): Promise<Follow> {
    if (record === undefined) throw new DeskError('not_found', 'The follow was removed meanwhile');
    await this.publish([record]);
    return this.viewOf(record);
  }

  private async publish(records: readonly FollowRecord[]): Promise<void> {
    if (records.length === 0) return;
    const counts = await this.options.store.follows.itemCounts();
    this.options.events.changed(
      records.map((record) => followView(record, counts.get(record.id) ?? 0)),
      [],
    );
  }
}

