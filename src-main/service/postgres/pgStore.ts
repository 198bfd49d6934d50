// The store port (service/store/port.ts) on PostgreSQL: what a team server's nodes share. One
// pg.Pool per process; calls outside a transaction are single statements on any of its
// connections (a group's write of several statements is a short transaction of its own, sql.ts).
//
// A transaction takes a connection, BEGIN, then the store's transaction-level advisory lock: every
// store transaction on every node holds the same lock, so a check made inside one (is it cached?
// does the owner exist?) still holds when the write after it lands, as SQLite's BEGIN IMMEDIATE
// gives one machine. Calls on the store while a transaction is open run on other connections,
// never inside it; those that touch what it wrote wait on its row locks. Money does not rest on the
// lock: the balance's CHECK and the reference's unique index decide each debit (credits.ts).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Pool } from 'pg';
import { KeyLookupCache } from '../store/keyLookupCache';
import { StoreTransactionMisuseError } from '../store/misuse';
import type { ChunkWorkStore, ClusterStore, ClusterTx, JobsDb } from '../store/cluster';
import type { StoreTables, StoreTx } from '../store/port';
import type { TranscriptCacheStore } from '../store/transcripts';
import type { SettingsRowStore } from '../store/upkeep';
import type { AccountStore, KeyStore, Plan } from '../store/accounts';
import { decodeSetting } from '../store/upkeep';
import { pgAccounts } from './accounts';
import { pgChunkWork } from './chunkWork';
import { pgCredits } from './credits';
import { pgKeys } from './keys';
import { pgLibrary } from './library';
import { pgMaintenance } from './maintenance';
import { migrate } from './migrate';
import { PG_MIGRATIONS } from './migrations/index';
import { pgPodcastJobs, pgPodcastWork } from './podcast';
import { pgQueue } from './queue';
import { pgRateWindows } from './rateWindows';
import { pgSettings } from './settings';
import { pgSttTasks } from './sttTasks';
import { pgMediaJobs } from './mediaJobs';
import { pgFollows } from './follows';
import { pgVersions } from './versions';
import { ClientSql, inTransaction, openPool, PoolSql, type Sql } from './sql';
import { pgTranscriptCache, type CacheLimit } from './transcriptCache';

export interface PgStoreOptions {
  /** Connections this process keeps at most (pg's default is 10). */
  maxConnections?: number;
}

/**
 * The groups on one `Sql`. Key lookups outside transactions go through `keyCache` (a check inside
 * one reads the row); a revoke or a plan change clears it once written. Another node's revoke
 * reaches this one within the cache's recheck time (keyLookupCache.ts: PostgreSQL cannot tell
 * this process that something changed, so answers are kept that long at most).
 */
function tablesOn(sql: Sql, keyCache: KeyLookupCache, cacheLimit: CacheLimit, outside: boolean): StoreTables {
  const clearing = <A extends unknown[], R>(write: (...args: A) => Promise<R>) => async (...args: A) => {
    try {
      return await write(...args);
    } finally {
      keyCache.clear();
    }
  };
  const accounts: AccountStore = pgAccounts(sql);
  const keys: KeyStore = pgKeys(sql);
  const cache: TranscriptCacheStore = pgTranscriptCache(sql, cacheLimit);
  const settings: SettingsRowStore = pgSettings(sql);
  return {
    accounts: { ...accounts, setPlan: clearing((id: number, plan: Plan) => accounts.setPlan(id, plan)) },
    keys: {
      ...keys,
      find: outside ? (key) => keyCache.find(key, (k) => keys.find(k)) : (key) => keys.find(key),
      revoke: clearing((prefix: string) => keys.revoke(prefix)),
    },
    credits: pgCredits(sql),
    rateWindows: pgRateWindows(sql),
    cache,
    settings,
    library: pgLibrary(sql),
    versions: pgVersions(sql),
    queue: pgQueue(sql),
    mediaJobs: pgMediaJobs(sql),
    follows: pgFollows(sql),
    sttTasks: pgSttTasks(sql),
    maintenance: pgMaintenance(sql),
    podcastJobs: pgPodcastJobs(sql),
    podcastWork: pgPodcastWork(sql),
  };
}

export class PgStore implements ClusterStore {
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
  /** The team server's chunk hand-over (not in the port: one machine keeps its audio in a file). */
  readonly chunkWork: ChunkWorkStore;
  private readonly keyCache = new KeyLookupCache();
  private readonly cacheLimit: CacheLimit;
  /** The transaction whose code is running, to refuse its code calling the store directly. */
  private readonly inside = new AsyncLocalStorage<object>();
  private readonly open = new Map<object, Promise<unknown>>();
  private closing: Promise<void> | undefined;

  private constructor(private readonly pool: Pool) {
    const outside = new PoolSql(pool, () => this.refuseInsideOwnTransaction());
    // The limit is the settings row itself, read at each eviction check: a `settings set` from any
    // node reaches every node without a callback into the service.
    this.cacheLimit = { setting: async (sql) => decodeSetting('cache.maxBytes', await pgSettings(sql).get('cache.maxBytes')), override: undefined };
    const tables = tablesOn(outside, this.keyCache, this.cacheLimit, true);
    ({ accounts: this.accounts, keys: this.keys, credits: this.credits, rateWindows: this.rateWindows, cache: this.cache } = tables);
    ({ podcastJobs: this.podcastJobs, podcastWork: this.podcastWork, sttTasks: this.sttTasks, queue: this.queue } = tables);
    ({ library: this.library, settings: this.settings, maintenance: this.maintenance, mediaJobs: this.mediaJobs, follows: this.follows } = tables);
    this.versions = tables.versions;
    this.chunkWork = pgChunkWork(outside);
  }

  /** Connects, migrates (refusing a schema newer than this build: DatabaseFromFutureError) and returns the store. */
  static async open(connectionString: string, options: PgStoreOptions = {}): Promise<PgStore> {
    const pool = openPool(connectionString, options.maxConnections);
    try {
      await migrate(pool, PG_MIGRATIONS);
    } catch (error) {
      await pool.end();
      throw error;
    }
    return new PgStore(pool);
  }

  transaction<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T> {
    return this.clusterTransaction(fn);
  }

  async clusterTransaction<T>(fn: (tx: ClusterTx) => Promise<T>): Promise<T> {
    if (this.closing !== undefined) throw new Error('The store is closed');
    this.refuseInsideOwnTransaction();
    const token = {};
    const run = inTransaction(this.pool, true, async (client) => {
      let live = true;
      const sql = new ClientSql(client, () => live);
      const jobs: JobsDb = {
        executeSql: async (text, values) => {
          if (!live) throw new Error('This transaction has ended; its tx cannot be used any more');
          return { rows: (await client.query(text, values)).rows };
        },
      };
      const tx: ClusterTx = { ...tablesOn(sql, this.keyCache, this.cacheLimit, false), chunkWork: pgChunkWork(sql), jobs };
      try {
        return await this.inside.run(token, () => fn(tx));
      } finally {
        live = false;
      }
    });
    this.open.set(token, run);
    try {
      return await run;
    } finally {
      this.open.delete(token);
    }
  }

  /** Waits for open transactions, then ends the pool. Twice is harmless. */
  async close(): Promise<void> {
    this.refuseInsideOwnTransaction();
    this.closing ??= (async () => {
      await Promise.allSettled(this.open.values());
      await this.pool.end();
    })();
    await this.closing;
  }

  private refuseInsideOwnTransaction(): void {
    const current = this.inside.getStore();
    if (current !== undefined && this.open.has(current)) throw new StoreTransactionMisuseError();
  }
}
