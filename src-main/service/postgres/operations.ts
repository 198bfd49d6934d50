// The team database as the operator commands (migrate, status) see it: reached by URL alone, with
// no data home and no service, for a few statements, and refused quickly and clearly when it
// cannot be reached. A command an operator types must not sit silent on a firewalled port, and its
// error must say where it tried without printing the password of the URL.
import pg, { type Pool } from 'pg';
import { migrate, type MigrationResult } from './migrate';
import { PG_MIGRATIONS } from './migrations/index';
import { sqlState } from './sql';

/** How long a connection attempt may take before the command gives up (pg waits forever by default). */
export const CONNECT_TIMEOUT_MS = 5000;

/** The newest migration this build knows. */
export const STORE_SCHEMA_LATEST = PG_MIGRATIONS.at(-1)?.version ?? 0;

/** pg-boss keeps its tables in this schema (its default; boss.ts does not change it). */
const PGBOSS_SCHEMA = 'pgboss';

/** Where a URL points, for messages: host:port, database and user; never the password. */
export function describeDatabase(connectionString: string): { address: string; database: string; user: string } {
  const parsed = new URL(connectionString);
  const socket = parsed.searchParams.get('host');
  const host = parsed.hostname !== '' ? parsed.hostname : (socket ?? 'localhost');
  const port = parsed.port !== '' ? parsed.port : (parsed.searchParams.get('port') ?? '5432');
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || decodeURIComponent(parsed.username) || '(default)';
  return { address: `${host}:${port}`, database, user: decodeURIComponent(parsed.username) || '(default)' };
}

export class DatabaseUnreachableError extends Error {
  constructor(connectionString: string, reason: string, options?: ErrorOptions) {
    const { address, database, user } = describeDatabase(connectionString);
    super(`Cannot reach PostgreSQL at ${address} (database ${database}, user ${user}): ${reason}`, options);
    this.name = 'DatabaseUnreachableError';
  }
}

/** Why a first connection failed, in an operator's words; pg's own errors name neither the URL's host nor what to check. */
function connectFailure(error: unknown): string {
  const code = sqlState(error);
  const message = error instanceof Error ? error.message : String(error);
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused. Is PostgreSQL running, and listening on that address (listen_addresses, the port)?';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name does not resolve.';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'ETIMEDOUT':
      return `no route to the host (${code}). Check the address and any firewall between here and there.`;
    case '28P01':
      return `${message}. Check the user and password in the URL.`;
    case '3D000':
      return `${message}. Create it first (createdb, or CREATE DATABASE).`;
    case '28000':
      return `${message}. The server refuses this client (pg_hba.conf).`;
    case undefined:
    default:
      // pg reports its own connect timeout as a plain Error with no code.
      if (/timeout/i.test(message)) return `no answer within ${CONNECT_TIMEOUT_MS / 1000} s. Check the address and any firewall between here and there.`;
      return message;
  }
}

/** A podcast episode whose work is under way, as the store records its progress. */
export interface EpisodeInFlight {
  key: string;
  title: string;
  showTitle: string;
  chunksDone: number;
  chunksTotal: number;
  /** The pid of the process that claimed the episode (a worker's, or a node's own runner); null before a claim. */
  runnerPid: number | null;
  /** ms since the epoch, by the clock of the node that wrote it. */
  createdAt: number;
  startedAt: number | null;
}

export class OperatorDatabase {
  private constructor(
    private readonly pool: Pool,
    readonly connectionString: string,
  ) {}

  /** Connects once to prove the database answers; a failure is a DatabaseUnreachableError within CONNECT_TIMEOUT_MS. */
  static async connect(connectionString: string): Promise<OperatorDatabase> {
    const pool = new pg.Pool({ connectionString, max: 2, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, application_name: 'transcript-desk admin' });
    pool.on('error', () => {});
    try {
      await pool.query('SELECT 1');
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw new DatabaseUnreachableError(connectionString, connectFailure(error), { cause: error });
    }
    return new OperatorDatabase(pool, connectionString);
  }

  /** The store schema's newest applied migration; null when the store was never installed here. */
  async storeVersion(): Promise<number | null> {
    const exists = await this.pool.query<{ t: string | null }>("SELECT to_regclass('public.schema_migrations')::text AS t");
    if (exists.rows[0]?.t == null) return null;
    const rows = await this.pool.query<{ v: number | null }>('SELECT max(version) AS v FROM schema_migrations');
    return rows.rows[0]?.v ?? null;
  }

  /** pg-boss's schema version in this database; null when pg-boss was never installed here. */
  async pgBossVersion(): Promise<number | null> {
    const exists = await this.pool.query<{ t: string | null }>('SELECT to_regclass($1)::text AS t', [`${PGBOSS_SCHEMA}.version`]);
    if (exists.rows[0]?.t == null) return null;
    const rows = await this.pool.query<{ v: number | null }>(`SELECT max(version) AS v FROM ${PGBOSS_SCHEMA}.version`);
    return rows.rows[0]?.v ?? null;
  }

  /** Applies the store's missing migrations (what every node does at start), refusing a newer schema (DatabaseFromFutureError). */
  migrateStore(): Promise<MigrationResult> {
    return migrate(this.pool, PG_MIGRATIONS);
  }

  /** Podcast episodes still `processing`, oldest first, with the chunks their workers reported. */
  async episodesInFlight(): Promise<EpisodeInFlight[]> {
    const rows = await this.pool.query<{ episode_key: string; title: string; show_title: string; chunks_done: number; chunks_total: number; runner_pid: number | null; created_at: string; started_at: string | null }>(
      `SELECT episode_key, title, show_title, chunks_done, chunks_total, runner_pid, created_at, started_at
       FROM podcast_episodes WHERE status = 'processing' ORDER BY created_at, seq`,
    );
    return rows.rows.map((r) => ({
      key: r.episode_key,
      title: r.title,
      showTitle: r.show_title,
      chunksDone: r.chunks_done,
      chunksTotal: r.chunks_total,
      runnerPid: r.runner_pid,
      // BIGINT arrives as a string from a plain pool (the store's pool parses it; this one is not the store's).
      createdAt: Number(r.created_at),
      startedAt: r.started_at === null ? null : Number(r.started_at),
    }));
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
