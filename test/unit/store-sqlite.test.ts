// The store invariants (test/store/invariants.ts) and the other groups' suite (test/store/groups.ts)
// against the SQLite store on a real ledger file.
import { ledgerFile } from '#service/home';
import { SqliteStore } from '#service/ledger/sqliteStore';
import { tempHome } from '../helpers/home';
import { describeStoreGroups } from '../store/groups';
import { describeStoreInvariants } from '../store/invariants';

const openSqlite = () => {
  const home = tempHome();
  const store = SqliteStore.open(ledgerFile(home.dir));
  return Promise.resolve({
    store,
    close: async () => {
      await store.close();
      home.remove();
    },
  });
};

describeStoreInvariants('SQLite (a real ledger file)', openSqlite);
describeStoreGroups('SQLite (a real ledger file)', openSqlite);
