// The store invariants (test/store/invariants.ts) against the SQLite store on a real ledger file.
import { ledgerFile } from '#service/home';
import { SqliteStore } from '#service/ledger/sqliteStore';
import { tempHome } from '../helpers/home';
import { describeStoreInvariants } from '../store/invariants';

describeStoreInvariants('SQLite (a real ledger file)', () => {
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
