// The operator commands' composition root, as service/open.ts is the service's: `migrate` and
// `status` reach the team database by URL alone (no data home, no service), so this is the one
// module of the cluster that opens the PostgreSQL store's own operations (eslint.layering.mjs lets
// it). Both read the schema versions first, so a database they must not touch is refused before
// anything is written.
import pgBossPackage from 'pg-boss/package.json';
import { CONNECT_TIMEOUT_MS, OperatorDatabase, STORE_SCHEMA_LATEST } from '../postgres/operations';
import { DatabaseFromFutureError } from '../store/schemaErrors';
import { adminBoss, gatherClusterStatus, type ClusterStatus } from './status';
import { ensureQueues } from './boss';

export { DatabaseUnreachableError } from '../postgres/operations';

/** The pg-boss schema version this build's pg-boss installs (its package.json says which). */
export const PGBOSS_SCHEMA_LATEST: number = pgBossPackage.pgboss.schema;

/** pg-boss's tables were upgraded by a newer build: this one's pg-boss would run on tables it does not know. */
export class PgBossFromFutureError extends Error {
  constructor(readonly found: number, readonly supported: number) {
    super(`This database's job queues (pg-boss schema ${found}) were set up by a newer Transcript Desk; this build knows up to ${supported}. Update the app; the database was not touched.`);
    this.name = 'PgBossFromFutureError';
  }
}

/** The database lacks what this build needs: `migrate` first (or a newer binary). */
export class NotMigratedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotMigratedError';
  }
}

export interface SchemaStep {
  /** null: not installed before. */
  before: number | null;
  after: number;
  latest: number;
}

export interface MigrateReport {
  store: SchemaStep;
  pgBoss: SchemaStep;
}

/**
 * pg-boss's own install or upgrade of its tables. The team server's queues are created by openBoss
 * when the first node starts, with their rules (boss.ts), not here.
 */
async function installPgBoss(connectionString: string): Promise<number> {
  const boss = await adminBoss(connectionString, CONNECT_TIMEOUT_MS, true);
  try {
    // The queues too: the first node then finds everything in place.
    await ensureQueues(boss);
    return (await boss.schemaVersion()) ?? PGBOSS_SCHEMA_LATEST;
  } finally {
    await boss.stop({ graceful: false, close: true });
  }
}

/**
 * Brings the team database to this build's schemas: the store's migrations, then pg-boss's tables.
 * Refuses a database either of whose schemas is newer than this build, before writing anything.
 */
export async function migrateTeamDatabase(connectionString: string): Promise<MigrateReport> {
  const db = await OperatorDatabase.connect(connectionString);
  try {
    const storeBefore = await db.storeVersion();
    const bossBefore = await db.pgBossVersion();
    if (storeBefore !== null && storeBefore > STORE_SCHEMA_LATEST) throw new DatabaseFromFutureError(storeBefore, STORE_SCHEMA_LATEST);
    if (bossBefore !== null && bossBefore > PGBOSS_SCHEMA_LATEST) throw new PgBossFromFutureError(bossBefore, PGBOSS_SCHEMA_LATEST);
    const store = await db.migrateStore();
    const bossAfter = await installPgBoss(connectionString);
    return {
      store: { before: storeBefore, after: store.after, latest: STORE_SCHEMA_LATEST },
      pgBoss: { before: bossBefore, after: bossAfter, latest: PGBOSS_SCHEMA_LATEST },
    };
  } finally {
    await db.close();
  }
}

const MIGRATE_HINT = 'run `transcript-desk migrate --database URL` (with this build) first';

/** Reads the team server's state (status.ts) without changing anything. */
export async function teamStatus(connectionString: string): Promise<ClusterStatus> {
  const db = await OperatorDatabase.connect(connectionString);
  try {
    const store = await db.storeVersion();
    const pgBoss = await db.pgBossVersion();
    if (store === null) throw new NotMigratedError(`This database holds no Transcript Desk tables yet: ${MIGRATE_HINT}.`);
    if (pgBoss === null) throw new NotMigratedError(`This database has no job queues (pg-boss) yet: ${MIGRATE_HINT}.`);
    if (pgBoss > PGBOSS_SCHEMA_LATEST) throw new PgBossFromFutureError(pgBoss, PGBOSS_SCHEMA_LATEST);
    if (pgBoss < PGBOSS_SCHEMA_LATEST) throw new NotMigratedError(`The job queues' tables are at pg-boss schema ${pgBoss}, this build's at ${PGBOSS_SCHEMA_LATEST}: ${MIGRATE_HINT}.`);
    const episodes = await db.episodesInFlight();
    const boss = await adminBoss(connectionString, CONNECT_TIMEOUT_MS, false);
    try {
      return await gatherClusterStatus(boss, { schema: { store, storeLatest: STORE_SCHEMA_LATEST, pgBoss }, episodes });
    } finally {
      await boss.stop({ graceful: false, close: true });
    }
  } finally {
    await db.close();
  }
}
