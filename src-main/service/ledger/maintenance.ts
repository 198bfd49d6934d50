import { statSync } from 'node:fs';
import type Database from 'better-sqlite3';
import type { FileSizes } from '../store/upkeep';


const sizeOf = (file: string) => {
  try {
    return statSync(file).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
};

/** The ledger file's own upkeep: what `db stats` and `db vacuum` do. */
export class LedgerMaintenance {
  constructor(private readonly db: Database.Database) {}

  /** The ledger file and its WAL, in bytes as the file system counts them. */
  sizes(): FileSizes {
    const file = this.db.name;
    return file === ':memory:' ? { fileBytes: 0, walBytes: 0 } : { fileBytes: sizeOf(file), walBytes: sizeOf(`${file}-wal`) };
  }

  /** Rows of every ordinary table (not the full-text index's internals), by name. */
  rowCounts(): Record<string, number> {
    const tables = (this.db.pragma('table_list') as { schema: string; name: string; type: string }[])
      .filter((t) => t.schema === 'main' && t.type === 'table' && !t.name.startsWith('sqlite_'))
      .map((t) => t.name)
      .sort();
    return Object.fromEntries(tables.map((name) => [name, this.db.prepare(`SELECT COUNT(*) FROM "${name.replaceAll('"', '""')}"`).pluck().get() as number]));
  }

  /**
   * Moves what the WAL holds into the ledger file and empties it (TRUNCATE: the WAL file shrinks
   * to nothing). Waits for readers up to the busy timeout; returns whether it got all of it done.
   */
  checkpoint(): boolean {
    const [result] = this.db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
    return result?.busy === 0;
  }

  /** Rewrites the ledger without its free pages (SQLite's VACUUM), then checkpoints the copy in. */
  vacuum(): void {
    this.db.exec('VACUUM');
    this.checkpoint();
  }
}
