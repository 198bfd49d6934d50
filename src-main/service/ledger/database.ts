import { closeSync, existsSync, mkdirSync, openSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { registerLedgerFunctions } from './functions';
import { migrate } from './migrate';
import { MIGRATIONS } from './migrations/index';

/** What to do about a damaged ledger, in the words of the README's restore steps. */
const RESTORE_HINT = 'Stop every Transcript Desk process, move the damaged file (and its -wal and -shm) aside and put your last copy from `transcript-desk backup` in its place.';

/**
 * The ledger file is damaged (bad pages, a header that is not SQLite's). Refused at start: opened
 * anyway, it would answer 500 to every paid request that touched the damage.
 */
export class LedgerDamagedError extends Error {
  constructor(readonly file: string, readonly detail: string, options?: ErrorOptions) {
    super(`The ledger ${file} is damaged (${detail}); nothing was changed. ${RESTORE_HINT}`, options);
    this.name = 'LedgerDamagedError';
  }
}

/** SQLite's answers for a file that is not (or no longer) a sound database. */
const DAMAGE_CODES = new Set(['SQLITE_CORRUPT', 'SQLITE_NOTADB']);
const isDamage = (error: unknown): error is InstanceType<typeof Database.SqliteError> => error instanceof Database.SqliteError && DAMAGE_CODES.has(error.code);

/**
 * `PRAGMA quick_check`: every b-tree page's structure, without matching indexes to tables. It reads
 * the whole file once (about 0.25 s for 100 MB, 10,000 cached transcripts, on a warm cache), which
 * is cheap at start and catches the damage that would otherwise surface as 500s later.
 */
function checkPages(db: Database.Database, file: string): void {
  const rows = db.pragma('quick_check') as { quick_check: string }[];
  const problem = rows.map((r) => r.quick_check).find((r) => r !== 'ok');
  // The first finding is enough to name the damage; it comes on several lines after a banner.
  if (problem !== undefined) throw new LedgerDamagedError(file, problem.replace('*** in database main ***', '').replace(/\s+/g, ' ').trim());
}

/** An empty 0600 file; one that appeared meanwhile (another process opening the same home) is fine. */
function createPrivateFile(file: string): void {
  try {
    closeSync(openSync(file, 'wx', 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/**
 * The WAL file is cut back to this size whenever a checkpoint empties it: bulk work (a migration,
 * an eviction batch, a prune) must not leave a WAL as large as the work was. A little above the
 * automatic checkpoint's 1000 pages (4 MB), so an ordinary cycle reuses the file as it is.
 */
export const WAL_SIZE_LIMIT_BYTES = 8 * 1024 * 1024;

/** Opens (creating if needed) the ledger file in WAL mode, checks its pages and migrates it. */
export function openDatabase(file: string): Database.Database {
  if (file !== ':memory:') {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    // Created 0600 here rather than by SQLite (0644 less the umask); SQLite gives -wal and -shm the
    // ledger's own mode, so the three stay private even in a host that did not set the umask.
    if (!existsSync(file)) createPrivateFile(file);
  }
  const db = new Database(file);
  try {
    // Before anything reads the schema: its views and triggers call these (functions.ts).
    registerLedgerFunctions(db);
    db.pragma('journal_mode = WAL');
    db.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
    // NORMAL is durable across application crashes in WAL mode; only an OS crash can lose the last commit.
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    // The CLI, the server and the app may share one file; wait for a writer instead of failing.
    db.pragma('busy_timeout = 5000');
    checkPages(db, file);
    const before = db.pragma('user_version', { simple: true }) as number;
    migrate(db, MIGRATIONS);
    // A migration may rewrite every row (006 does): give the WAL back now rather than at the next checkpoint.
    if (before !== 0 && (db.pragma('user_version', { simple: true }) as number) !== before) db.pragma('wal_checkpoint(TRUNCATE)');
    return db;
  } catch (error) {
    db.close();
    if (isDamage(error)) throw new LedgerDamagedError(file, error.message, { cause: error });
    throw error;
  }
}

/**
 * Writes a consistent copy of the ledger `source` to `target` with SQLite's online backup, safe
 * while servers and the app use the ledger (their writes still in the WAL are included). The copy
 * is one self-contained 0600 file (rollback journal, no -wal beside it), checked before it is
 * reported. Never overwrites: an existing `target`, even a dangling symlink, is refused.
 */
export async function backupDatabase(source: string, target: string): Promise<void> {
  if (!existsSync(source)) throw new Error(`There is no ledger at ${source} to back up.`);
  try {
    // 'wx' creates exclusively: no race with another file appearing, no symlink followed.
    closeSync(openSync(target, 'wx', 0o600));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new Error(`${target} already exists; a backup never overwrites a file. Choose a new name.`, { cause: error });
    if (code === 'ENOENT') throw new Error(`Cannot write ${target}: its folder does not exist.`, { cause: error });
    throw error;
  }
  try {
    // Read-only: a backup never writes to the ledger. It may leave -wal/-shm beside the ledger when
    // nothing else had it open; the next process to open the ledger uses them as usual.
    const db = new Database(source, { readonly: true, fileMustExist: true });
    try {
      registerLedgerFunctions(db);
      db.pragma('busy_timeout = 5000');
      // Every page in one step: one read transaction, so one consistent moment of the ledger
      // (stepping by 100 pages would restart whenever another process writes in between).
      await db.backup(target, { progress: () => 0x7fffffff });
    } finally {
      db.close();
    }
    const copy = new Database(target);
    try {
      registerLedgerFunctions(copy);
      copy.pragma('journal_mode = DELETE');
      const check = copy.pragma('integrity_check', { simple: true }) as string;
      if (check !== 'ok') throw new LedgerDamagedError(source, check);
    } finally {
      copy.close();
    }
  } catch (error) {
    rmSync(target, { force: true });
    if (isDamage(error)) throw new LedgerDamagedError(source, error.message, { cause: error });
    throw error;
  }
}
