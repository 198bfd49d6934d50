import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { migrate } from './migrate';
import { MIGRATIONS } from './migrations/index';

/** Opens (creating if needed) the ledger file in WAL mode and migrates it. */
export function openDatabase(file: string): Database.Database {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // NORMAL is durable across application crashes in WAL mode; only an OS crash can lose the last commit.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  // The CLI, the server and the app may share one file; wait for a writer instead of failing.
  db.pragma('busy_timeout = 5000');
  migrate(db, MIGRATIONS);
  return db;
}
