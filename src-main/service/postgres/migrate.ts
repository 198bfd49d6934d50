// Brings a PostgreSQL database to the newest schema. Every node runs this at start, so it runs
// under an advisory lock (two nodes starting at once: the second waits, then finds nothing to do),
// in one transaction (PostgreSQL's DDL is transactional: a failed migration leaves nothing behind).
import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import { DatabaseFromFutureError, EditedMigrationError } from '../store/schemaErrors';
import { inTransaction, MIGRATION_LOCK } from './sql';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const hash = (m: Migration) => createHash('sha256').update(m.sql).digest('hex');

/** The schema's newest applied migration before and after a `migrate` (0: none had been applied). */
export interface MigrationResult {
  before: number;
  after: number;
}

/** Refuses a database migrated by a newer build (its schema is not this code's to guess at) or an applied migration whose text changed. */
export async function migrate(pool: Pool, migrations: readonly Migration[]): Promise<MigrationResult> {
  const latest = migrations.at(-1)?.version ?? 0;
  return inTransaction(pool, false, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, sha256 TEXT NOT NULL, applied_at BIGINT NOT NULL)');
    const applied = new Map((await client.query<{ version: number; sha256: string }>('SELECT version, sha256 FROM schema_migrations')).rows.map((r) => [r.version, r.sha256]));
    const newest = Math.max(0, ...applied.keys());
    if (newest > latest) throw new DatabaseFromFutureError(newest, latest);
    for (const m of migrations) {
      const known = applied.get(m.version);
      if (known !== undefined) {
        if (known !== hash(m)) throw new EditedMigrationError(m.version);
        continue;
      }
      await client.query(m.sql);
      await client.query('INSERT INTO schema_migrations (version, name, sha256, applied_at) VALUES ($1, $2, $3, $4)', [m.version, m.name, hash(m), Date.now()]);
    }
    return { before: newest, after: Math.max(newest, latest) };
  });
}
