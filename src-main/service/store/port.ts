// The store port: everything the service, the desk, the CLI and the app keep, behind async
// interfaces that name no database. SQLite implements it today (service/ledger/sqliteStore.ts,
// built only by the composition root service/open.ts); a PostgreSQL store implements the same
// interfaces and must pass the same suite (test/store/invariants.ts).
//
// Transactions. `transaction(fn)` runs `fn(tx)` as ONE write transaction: everything done through
// `tx` commits together when `fn`'s promise resolves, or none of it when it rejects. It is taken
// immediately for writing (SQLite: BEGIN IMMEDIATE; PostgreSQL: a transaction that locks what it
// reads), so a check made inside it (is this already cached? does the episode exist?) still holds
// when the write after it lands, in this process or any other on the same data. While it is open,
// calls made on the store itself (not through `tx`: another request) wait for it to end; they never
// run inside it. Keep it short: store calls and computation only, never network I/O or a wait on
// anything outside the store (a transaction holds the write lock for the whole install). `tx` is
// dead once `fn` settles; a call through it after that rejects.
//
// Money invariants, whatever the implementation:
// - A balance is never negative: a debit (charge, reserve) that would overdraw is refused with
//   `insufficient` and books nothing; settle takes at most what the balance holds. The check and
//   the write are one atomic step in the database (SQLite: a CHECK on the balance kept by a
//   trigger; PostgreSQL: the same constraint, or a conditional UPDATE), not a read followed by a
//   write, so two processes racing for the last credit cannot both win.
// - One charge per request id: a debit's reference (request id, job id) is unique per account and
//   kind in the database; booking it twice is refused with `duplicate`, also under concurrency.
// - A balance always equals the sum of the account's entries (CreditStore.sumOfEntries).
// - Caching a fresh transcript and charging for it happen in one transaction (service.ts deliver).
//
// Settings. `settings` holds raw rows; service/settings.ts reads them with an async `get` each time
// (no snapshot), so a `transcript-desk settings set` from another process reaches a running server
// at its next read. The cache limit (`cache.maxBytes`) is read by the store itself at every eviction
// check (decodeSetting), without a callback into the service.
import type { AccountStore, CreditStore, KeyStore, RateWindowStore } from './accounts';
import type { FollowStore } from './follows';
import type { MediaJobStore } from './media';
import type { PodcastJobRecordStore, PodcastWorkStore } from './podcast';
import type { QueueItemStore } from './queue';
import type { LibraryStore, TranscriptCacheStore } from './transcripts';
import type { MaintenanceStore, SettingsRowStore, SttTaskStore } from './upkeep';
import type { VersionStore } from './versions';

/** The table groups; the same inside and outside a transaction. */
export interface StoreTables {
  readonly accounts: AccountStore;
  readonly keys: KeyStore;
  readonly credits: CreditStore;
  readonly rateWindows: RateWindowStore;
  readonly cache: TranscriptCacheStore;
  readonly podcastJobs: PodcastJobRecordStore;
  readonly podcastWork: PodcastWorkStore;
  readonly sttTasks: SttTaskStore;
  readonly queue: QueueItemStore;
  readonly mediaJobs: MediaJobStore;
  readonly follows: FollowStore;
  readonly library: LibraryStore;
  /** A person's edits and re-transcriptions of a transcript, and the version its exports use. */
  readonly versions: VersionStore;
  readonly settings: SettingsRowStore;
  readonly maintenance: MaintenanceStore;
}

/** The groups as seen inside one transaction (no nested transactions: pass `tx` down instead). */
export type StoreTx = StoreTables;

export interface Store extends StoreTables {
  transaction<T>(fn: (tx: StoreTx) => Promise<T>): Promise<T>;
  /** Waits for an open transaction, then releases the store (SQLite: checkpoints the WAL into the file). Twice is harmless. */
  close(): Promise<void>;
}

export type * from './accounts';
export type * from './follows';
export type * from './media';
export type * from './podcast';
export type * from './queue';
export type * from './transcripts';
export type * from './upkeep';
export type * from './versions';
export { HIT_END, HIT_START } from './transcripts';
export { decodeSetting } from './upkeep';
export { hashKey, isPlan, KEY_PREFIX, normalizePrefix, PLANS } from './accounts';
