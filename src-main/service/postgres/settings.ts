// Settings rows on PostgreSQL (ledger/settings.ts is the SQLite twin): raw JSON text per key.
import type { SettingsRowStore } from '../store/upkeep';
import type { Sql } from './sql';

export function pgSettings(sql: Sql): SettingsRowStore {
  return {
    async get(key) {
      const [row] = await sql.query<{ value: string }>('SELECT value FROM settings WHERE key = $1', [key]);
      return row?.value;
    },
    async all() {
      const rows = await sql.query<{ key: string; value: string }>('SELECT key, value FROM settings ORDER BY key COLLATE "C"');
      return new Map(rows.map((r) => [r.key, r.value]));
    },
    async set(key, json) {
      await sql.query(
        'INSERT INTO settings (key, value, updated_at) VALUES ($1, $2, $3) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
        [key, json, Date.now()],
      );
    },
    async clear(key) {
      await sql.query('DELETE FROM settings WHERE key = $1', [key]);
    },
  };
}
