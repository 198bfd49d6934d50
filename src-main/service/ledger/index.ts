// The ledger is the only module that writes SQL. Everything else asks it.
import type Database from 'better-sqlite3';
import { Accounts } from './accounts';
import { CreditLedger } from './credits';
import { openDatabase } from './database';
import { ApiKeys } from './keys';
import { Library } from './library';
import { LibraryIndexer } from './libraryIndex';
import { LedgerMaintenance } from './maintenance';
import { PodcastJobRecords } from './podcastJobRecords';
import { PodcastWork } from './podcastWork';
import { QueueItems } from './queueItems';
import { RateWindows } from './rateWindows';
import { SettingsStore } from './settings';
import { SttTasks } from './sttTasks';
import { MediaJobs } from './mediaJobs';
import { Follows } from './follows';
import { Versions } from './versions';
import { TranscriptCache } from './transcriptCache';

export class Ledger {
  readonly accounts: Accounts;
  readonly keys: ApiKeys;
  readonly credits: CreditLedger;
  readonly cache: TranscriptCache;
  readonly rateWindows: RateWindows;
  readonly podcastJobs: PodcastJobRecords;
  readonly podcastWork: PodcastWork;
  readonly settings: SettingsStore;
  readonly sttTasks: SttTasks;
  readonly mediaJobs: MediaJobs;
  readonly follows: Follows;
  readonly versions: Versions;
  readonly queue: QueueItems;
  readonly library: Library;
  readonly maintenance: LedgerMaintenance;
  private readonly dataVersion;
  private lastDataVersion: unknown;

  constructor(readonly db: Database.Database) {
    this.accounts = new Accounts(db);
    this.keys = new ApiKeys(db);
    this.credits = new CreditLedger(db);
    const index = new LibraryIndexer(db);
    this.cache = new TranscriptCache(db, index);
    this.rateWindows = new RateWindows(db);
    this.podcastJobs = new PodcastJobRecords(db);
    this.podcastWork = new PodcastWork(db, this.credits);
    this.settings = new SettingsStore(db);
    this.sttTasks = new SttTasks(db);
    this.mediaJobs = new MediaJobs(db);
    this.follows = new Follows(db);
    this.versions = new Versions(db);
    this.queue = new QueueItems(db);
    this.library = new Library(db, index);
    this.maintenance = new LedgerMaintenance(db);
    this.dataVersion = db.prepare('PRAGMA data_version').pluck();
    this.lastDataVersion = this.dataVersion.get();
  }

  /**
   * True when another connection (another process: the CLI, a second server) committed since the
   * last call; this connection's own writes do not count. SQLite's `data_version`, about 5 µs.
   */
  changedElsewhere(): boolean {
    const version = this.dataVersion.get();
    const changed = version !== this.lastDataVersion;
    this.lastDataVersion = version;
    return changed;
  }

  static open(file: string): Ledger {
    return new Ledger(openDatabase(file));
  }

  /** Runs `fn` in one write transaction (charge and cache together, for instance). */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn).immediate();
  }

  /**
   * Moves the WAL's pages into the ledger file and truncates the WAL, then closes: a stopped
   * service leaves one self-contained file, even when another process (a CLI command, a backup)
   * still has the ledger open and SQLite's own checkpoint at close is skipped. Closing twice is
   * harmless (a stop's last resort may follow the stop itself). The rate windows' last counts are
   * written first (skipped when a transaction is still open: the stop's last resort).
   */
  close(): void {
    if (!this.db.open) return;
    // The rate windows' counts not written yet (rateWindows.ts), before the last checkpoint.
    this.rateWindows.close();
    try {
      this.db.pragma('wal_checkpoint(TRUNCATE)');
    } catch {
      // Busy (a writer in another process holds it): SQLite replays the WAL at the next open.
    }
    this.db.close();
  }
}

export type { Account, Plan } from '../store/accounts';
export { PLANS, isPlan } from '../store/accounts';
export { DatabaseFromFutureError } from './migrate';
