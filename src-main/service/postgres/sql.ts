// How the table groups reach PostgreSQL: one `Sql` for the store (single statements on the pool)
// and one per open transaction (its connection). The groups write the same code for both; the two
// helpers below are where the difference lies.
import pg, { type Pool, type PoolClient, type QueryResultRow } from 'pg';

/** The store's lock: every store transaction holds it, so a check inside one holds until its commit, on every node. */
export const STORE_LOCK = 0x7464_0001;
/** Held while a node migrates, so two nodes starting at once do not both apply a migration. */
export const MIGRATION_LOCK = 0x7464_0002;

export interface Sql {
  query<R extends QueryResultRow>(text: string, values?: readonly unknown[]): Promise<R[]>;
  /**
   * `fn` as one atomic unit of several statements. In a transaction it is part of it (which holds
   * the store's lock already); outside, it is a transaction of its own, under the store's lock when
   * `exclusive` (a check and the write it decides, as the port's transactions do).
   */
  unit<T>(fn: (sql: Sql) => Promise<T>, exclusive: boolean): Promise<T>;
  /**
   * `fn`, whose statement may be refused (a constraint), leaving a transaction usable after the
   * refusal: PostgreSQL aborts a whole transaction on an error, SQLite only the statement, and the
   * callers (a charge refused inside a delivery's transaction) expect the latter.
   */
  attempt<T>(fn: (sql: Sql) => Promise<T>): Promise<T>;
}

/** PostgreSQL's SQLSTATE of a failed statement. */
export function sqlState(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}
export const CHECK_VIOLATION = '23514';
export const UNIQUE_VIOLATION = '23505';

const INT8 = 20;
/**
 * BIGINT comes back as a number: ids, balances and millisecond times stay far below 2^53, and the
 * port's types are numbers. Per pool, not pg's global parsers, which other code may rely on.
 */
const parseInt8 = (value: string) => Number(value);
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary'): unknown => (oid === INT8 && format !== 'binary' ? parseInt8 : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser,
};

export function openPool(connectionString: string, max = 10): Pool {
  const pool = new pg.Pool({ connectionString, max, types });
  // An idle connection dropped by the server (a restart, a failover) is an event on the pool, not a
  // throw: without a listener Node would end the process over it. The next query gets a new one.
  pool.on('error', () => {});
  return pool;
}

/** Runs `fn` in a transaction of its own on a connection of `pool`, under the store's lock when `exclusive`. */
export async function inTransaction<T>(pool: Pool, exclusive: boolean, fn: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    try {
      if (exclusive) await client.query('SELECT pg_advisory_xact_lock($1)', [STORE_LOCK]);
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch((rollbackError: unknown) => {
        // The connection is gone or unusable: it must not go back to the pool.
        broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
      });
      throw error;
    }
  } finally {
    client.release(broken);
  }
}

/** Outside transactions: each statement on any connection of the pool. */
export class PoolSql implements Sql {
  constructor(
    private readonly pool: Pool,
    /** Throws when called from inside one of the store's own transactions (a deadlock otherwise). */
    private readonly guard: () => void,
  ) {}

  async query<R extends QueryResultRow>(text: string, values?: readonly unknown[]): Promise<R[]> {
    this.guard();
    return (await this.pool.query<R>(text, values as unknown[] | undefined)).rows;
  }

  unit<T>(fn: (sql: Sql) => Promise<T>, exclusive: boolean): Promise<T> {
    this.guard();
    return inTransaction(this.pool, exclusive, (client) => fn(new ClientSql(client, () => true)));
  }

  attempt<T>(fn: (sql: Sql) => Promise<T>): Promise<T> {
    // A single statement outside a transaction is its own transaction: a refusal undoes only it.
    return fn(this);
  }
}

/** Inside one transaction: its connection, for as long as `live` says. */
export class ClientSql implements Sql {
  private savepoints = 0;

  constructor(
    private readonly client: PoolClient,
    private readonly live: () => boolean,
  ) {}

  async query<R extends QueryResultRow>(text: string, values?: readonly unknown[]): Promise<R[]> {
    if (!this.live()) throw new Error('This transaction has ended; its tx cannot be used any more');
    return (await this.client.query<R>(text, values as unknown[] | undefined)).rows;
  }

  unit<T>(fn: (sql: Sql) => Promise<T>): Promise<T> {
    return fn(this);
  }

  async attempt<T>(fn: (sql: Sql) => Promise<T>): Promise<T> {
    const name = `attempt_${++this.savepoints}`;
    await this.query(`SAVEPOINT ${name}`);
    try {
      const result = await fn(this);
      await this.query(`RELEASE SAVEPOINT ${name}`);
      return result;
    } catch (error) {
      await this.query(`ROLLBACK TO SAVEPOINT ${name}`);
      throw error;
    }
  }
}
