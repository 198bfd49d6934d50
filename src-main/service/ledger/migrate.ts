import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
import { DatabaseFromFutureError, EditedMigrationError } from '../store/schemaErrors';
import type { Migration } from './migrations/index';

export { DatabaseFromFutureError, EditedMigrationError };

const hash = (m: Migration) => createHash('sha256').update(m.sql).digest('hex');

/**
 * Brings the schema up to the newest migration, each one in its own transaction. Refuses a database
 * from a newer build instead of guessing (running `down` steps on user data is how data gets lost).
 */
export function migrate(db: Database.Database, migrations: readonly Migration[]): void {
  const latest = migrations.at(-1)?.version ?? 0;
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > latest) throw new DatabaseFromFutureError(current, latest);

  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, sha256 TEXT NOT NULL, applied_at INTEGER NOT NULL) STRICT');
  const applied = new Map(
    (db.prepare('SELECT version, sha256 FROM schema_migrations').all() as { version: number; sha256: string }[]).map((r) => [r.version, r.sha256]),
  );
  for (const m of migrations) {
    const known = applied.get(m.version);
    if (known !== undefined) {
      if (known !== hash(m)) throw new EditedMigrationError(m.version);
      continue;
    }
    db.transaction(() => {
      // Another process opening the same fresh data home may have applied it since the read above;
      // under this transaction's write lock the answer is final.
      if (db.prepare('SELECT 1 FROM schema_migrations WHERE version = ?').get(m.version) !== undefined) return;
      db.exec(m.sql);
      db.prepare('INSERT INTO schema_migrations (version, name, sha256, applied_at) VALUES (?, ?, ?, ?)').run(m.version, m.name, hash(m), Date.now());
      // The highest version applied, even if branches landed their migrations out of order.
      db.pragma(`user_version = ${Math.max(m.version, db.pragma('user_version', { simple: true }) as number)}`);
    }).immediate();
  }
}
