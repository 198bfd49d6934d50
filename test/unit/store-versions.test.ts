// The versions group's suite (test/store/versions.ts) on both stores: a real SQLite ledger file and
// the run's real PostgreSQL server.
import { afterAll, beforeAll } from 'vitest';
import { ledgerFile } from '#service/home';
import { SqliteStore } from '#service/ledger/sqliteStore';
import { PgStore } from '#service/postgres/pgStore';
import { tempHome } from '../helpers/home';
import { freshDatabase } from '../helpers/postgresDatabase';
import { describeVersionStore } from '../store/versions';

describeVersionStore('SQLite (a real ledger file)', () => {
  const home = tempHome();
  const store = SqliteStore.open(ledgerFile(home.dir));
  return Promise.resolve({
    store,
    close: async () => {
      await store.close();
      home.remove();
    },
  });
});

let database: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  database = await freshDatabase('versions');
});
afterAll(async () => {
  await database.drop();
});

describeVersionStore('PostgreSQL (a real server)', async () => {
  const store = await PgStore.open(database.url);
  return { store, close: () => store.close() };
});
