// The store invariants (test/store/invariants.ts) against the PostgreSQL store on the run's real
// server (test/helpers/postgres.ts), then what only a server shared by several nodes can get wrong.
import { afterAll, beforeAll } from 'vitest';
import { PgStore } from '#service/postgres/pgStore';
import { freshDatabase } from '../helpers/postgresDatabase';
import { describeStoreInvariants } from '../store/invariants';

let database: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  database = await freshDatabase('store');
});
afterAll(async () => {
  await database.drop();
});

describeStoreInvariants('PostgreSQL (a real server)', async () => {
  const store = await PgStore.open(database.url);
  return { store, close: () => store.close() };
});
