// The store port (service/store/port.ts) on the SQLite ledger. The ledger's classes still do the
// SQL, synchronously on one better-sqlite3 connection; this wraps each of their methods into the
// port's async shape and adds the port's transactions on that one connection.
//
// One connection means one transaction at a time for the whole process, and anything run on the
// connection while a transaction is open would run inside it. So an in-process lock orders them:
// `transaction` takes it, then BEGIN IMMEDIATE (SQLite's write lock against other processes), runs
// `fn(tx)` (its awaits let other requests' code run meanwhile), then COMMIT or ROLLBACK. A call on
// the store outside `tx` while the lock is held waits for the lock; when nothing holds it (nearly
// always) the call runs at once, as the ledger call it wraps.
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { KeyLookupCache } from '../store/keyLookupCache';
import { StoreTransactionMisuseError } from '../store/misuse';
import type { Store, StoreTables, StoreTx } from '../store/port';
import { decodeSetting } from '../store/upkeep';
import { Ledger } from './index';

export { StoreTransactionMisuseError };

/** A promise's worth of the sync method: what the port's interfaces declare. */
type Async<F> = F extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : never;
type AsyncGroup<T, K extends keyof T> = { [P in K]: Async<T[P]> };

/** How a wrapped call runs: at once or after the lock (the store), or only while its transaction is open (a tx). */
type Runner = <R>(call: () => R) => Promise<R>;

function wrap<T extends object, K extends keyof T>(target: T, names: readonly K[], run: Runner): AsyncGroup<T, K> {
  const group = {} as Record<K, unknown>;
  // The method is looked up at each call, not once: a test's spy on the ledger's class sees calls
  // made through the store and through a transaction alike.
  for (const name of names) group[name] = (...args: unknown[]) => run(() => (target[name] as (...a: unknown[]) => unknown).apply(target, args));
  return group as AsyncGroup<T, K>;
}

/** `call()` as a settled promise: a throw becomes a rejection, as an async method's would. */
// eslint-disable-next-line @typescript-eslint/require-await -- async is what turns the throw into a rejection
const settled = async <R>(call: () => R): Promise<R> => call();

/**
 * The port's table groups over the ledger's classes, each call run by `run`. Key lookups go through
 * `keyCache` (outside transactions only: a check inside one reads the row); a revoke or a plan
 * change through either clears it once written. Rate-window hits outside a transaction wait for
 * their count to be written.
 */
function tablesOf(ledger: Ledger, run: Runner, keyCache: KeyLookupCache, outsideTransactions: boolean): StoreTables {
  const work = ledger.podcastWork;
  const keys = wrap(ledger.keys, ['create', 'find', 'list', 'byPrefix', 'revoke'], run);
  const accounts = wrap(ledger.accounts, ['create', 'get', 'findOwner', 'setPlan'], run);
  const clearing = <A extends unknown[], R>(write: (...args: A) => Promise<R>) => async (...args: A) => {
    try {
      return await write(...args);
    } finally {
      keyCache.clear();
    }
  };
  return {
    accounts: { ...accounts, setPlan: clearing(accounts.setPlan) },
    keys: { ...keys, find: outsideTransactions ? (key) => keyCache.find(key, keys.find) : keys.find, revoke: clearing(keys.revoke) },
    credits: wrap(ledger.credits, ['balance', 'grant', 'charge', 'reserve', 'settle', 'refund', 'entries', 'sumOfEntries', 'byReference'], run),
    rateWindows: {
      counting: ledger.rateWindows.counting,
      // Answered only once counted in the ledger (group commit, rateWindows.ts). Inside a
      // transaction it cannot be written before the commit, so it is not waited for there.
      hit: outsideTransactions
        ? async (...args) => {
            const decision = await run(() => ledger.rateWindows.hit(...args));
            await ledger.rateWindows.written();
            return decision;
          }
        : wrap(ledger.rateWindows, ['hit'], run).hit,
    },
    cache: {
      ...wrap(ledger.cache, ['get', 'put', 'addAlias', 'keep', 'overrideLimit', 'limit', 'stats', 'stale', 'prune'], run),
      evictPastLimit: () => run(() => ledger.cache.evictPastLimit()),
    },
    podcastJobs: wrap(ledger.podcastJobs, ['get', 'episode', 'listForAccount'], run),
    podcastWork: {
      ...wrap(work, ['episode', 'jobOf', 'addFreeJob', 'start', 'processing', 'release', 'setProgress', 'setDuration', 'liveJobs', 'finish', 'fail', 'cancel'], run),
      // The ledger asks a liveness callback; the port names the one runner the caller found gone.
      claim: (key, pid, staleRunner) => run(() => work.claim(key, pid, (holder) => holder !== staleRunner)),
    },
    sttTasks: wrap(ledger.sttTasks, ['get', 'begin', 'saveChunk', 'forget'], run),
    queue: {
      ...wrap(ledger.queue, ['get', 'list', 'nextQueued', 'update', 'requeueRunning', 'retry', 'restore', 'remove', 'idsWithStatus', 'byJob'], run),
      add: (entries) => run(() => ledger.queue.add(entries, randomUUID)),
    },
    mediaJobs: wrap(ledger.mediaJobs, ['add', 'get', 'list', 'update', 'remove', 'requeueRunning'], run),
    follows: wrap(ledger.follows, ['add', 'get', 'bySourceKey', 'list', 'update', 'remove', 'items', 'itemCounts', 'addItems', 'updateItem', 'byQueueItem'], run),
    library: wrap(ledger.library, ['search', 'get', 'delete'], run),
    versions: wrap(ledger.versions, ['add', 'get', 'list', 'remove', 'removeAll', 'chosen', 'choose'], run),
    settings: wrap(ledger.settings, ['get', 'all', 'set', 'clear'], run),
    maintenance: wrap(ledger.maintenance, ['sizes', 'rowCounts', 'checkpoint', 'vacuum'], run),
  };
}

/** First come, first served; `idle` when nobody holds it and nobody waits. */
class AsyncLock {
  private tail: Promise<void> = Promise.resolve();
  private waiting = 0;

  get idle(): boolean {
    return this.waiting === 0;
  }

  async acquire(): Promise<() => void> {
    this.waiting += 1;
    const before = this.tail;
    let release!: () => void;
    this.tail = new Promise<void>((resolve) => (release = resolve));
    await before;
    return () => {
      this.waiting -= 1;
      release();
    };
  }
}

export class SqliteStore implements Store {
  readonly accounts;
  readonly keys;
  readonly credits;
  readonly rateWindows;
  readonly cache;
  readonly podcastJobs;
  readonly podcastWork;
  readonly sttTasks;
  readonly queue;
  readonly mediaJobs;
  readonly follows;
  readonly library;
  readonly versions;
  readonly settings;
  readonly maintenance;
  private readonly lock = new AsyncLock();
  private readonly keyCache;
  /** The transaction whose code is running, to tell a misuse (its own code calling the store) from a wait. */
  private readonly inside = new AsyncLocalStorage<object>();
  private open: object | undefined;
  private readonly begin;
  private readonly commit;
  private readonly rollback;

  constructor(readonly ledger: Ledger) {
    // PRAGMA data_version answers from shared memory in about a microsecond, so it is asked at every
    // lookup: a revoke or a plan change by another process (`transcript-desk keys revoke` beside a
    // running server) applies at that server's very next request.
    this.keyCache = new KeyLookupCache({ changedElsewhere: () => ledger.changedElsewhere(), recheckMs: 0 });
    const tables = tablesOf(ledger, (call) => this.outside(call), this.keyCache, true);
    ({ accounts: this.accounts, keys: this.keys, credits: this.credits, rateWindows: this.rateWindows, cache: this.cache } = tables);
    ({ podcastJobs: this.podcastJobs, podcastWork: this.podcastWork, sttTasks: this.sttTasks, queue: this.queue } = tables);
    ({ library: this.library, settings: this.settings, maintenance: this.maintenance, mediaJobs: this.mediaJobs, follows: this.follows } = tables);
    this.versions = tables.versions;
    this.begin = ledger.db.prepare('BEGIN IMMEDIATE');
    this.commit = ledger.db.prepare('COMMIT');
    this.rollback = ledger.db.prepare('ROLLBACK');
    // The limit is the settings row itself, read at each eviction check: a `settings set` from
    // the CLI reaches a running server without any callback into the service.
    ledger.cache.useLimit(() => decodeSetting('cache.maxBytes', ledger.settings.get('cache.maxBytes')));
  }

  static open(file: string): SqliteStore {
    return new SqliteStore(Ledger.open(file));
  }

  async transaction<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T> {
    if (this.isInsideOpenTransaction()) throw new StoreTransactionMisuseError();
    const release = await this.lock.acquire();
    const token = {};
    let live = true;
    const tx = tablesOf(this.ledger, (call) => (live ? settled(call) : Promise.reject(new Error('This transaction has ended; its tx cannot be used any more'))), this.keyCache, false);
    try {
      this.begin.run();
      this.open = token;
      try {
        const result = await this.inside.run(token, () => fn(tx));
        live = false;
        this.commit.run();
        return result;
      } catch (error) {
        // SQLite may have rolled back on its own already (some errors end the transaction).
        if (this.ledger.db.inTransaction) this.rollback.run();
        throw error;
      }
    } finally {
      live = false;
      this.open = undefined;
      release();
    }
  }

  async close(): Promise<void> {
    if (!this.lock.idle) {
      if (this.isInsideOpenTransaction()) throw new StoreTransactionMisuseError();
      const release = await this.lock.acquire();
      release();
    }
    this.ledger.close();
  }

  /**
   * Closes now, whatever is open (an open transaction is rolled back by SQLite): the stop's last
   * resort, when waiting is no longer an option.
   */
  closeNow(): void {
    this.ledger.close();
  }

  private outside<R>(call: () => R): Promise<R> {
    if (this.lock.idle) return settled(call);
    if (this.isInsideOpenTransaction()) return Promise.reject(new StoreTransactionMisuseError());
    return this.lock.acquire().then((release) => {
      try {
        return call();
      } finally {
        release();
      }
    });
  }

  private isInsideOpenTransaction(): boolean {
    return this.open !== undefined && this.inside.getStore() === this.open;
  }
}
