// A database of its own for each test file, on the run's PostgreSQL server (test/helpers/postgres.ts).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/** A database of its own for one test file: its URL, and `drop` for afterAll. */
export async function freshDatabase(prefix = 'td'): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = inject('postgresUrl');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      try {
        // FORCE: a pool a failed test left open does not keep the database alive.
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
