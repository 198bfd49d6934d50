// `db stats` and `db vacuum` on PostgreSQL (ledger/maintenance.ts is the SQLite twin). The server
// keeps its own write-ahead log and checkpoints on its own schedule, so there is nothing pending
// for this store to fold in.
import type { MaintenanceStore } from '../store/upkeep';
import type { Sql } from './sql';

export function pgMaintenance(sql: Sql): MaintenanceStore {
  return {
    async sizes() {
      const [row] = await sql.query<{ bytes: number }>('SELECT pg_database_size(current_database()) AS bytes');
      return { fileBytes: row?.bytes ?? 0, walBytes: 0 };
    },
    async rowCounts() {
      const tables = await sql.query<{ name: string }>("SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename COLLATE \"C\"");
      const counts: Record<string, number> = {};
      for (const { name } of tables) {
        const [row] = await sql.query<{ n: number }>(`SELECT COUNT(*) AS n FROM "${name.replaceAll('"', '""')}"`);
        counts[name] = row?.n ?? 0;
      }
      return counts;
    },
    // eslint-disable-next-line @typescript-eslint/require-await -- the port's shape; the server checkpoints by itself
    async checkpoint() {
      return true;
    },
    async vacuum() {
      // Not inside a transaction (PostgreSQL refuses VACUUM there): the pool's own statement.
      await sql.query('VACUUM');
    },
  };
}
