// API keys on PostgreSQL (ledger/keys.ts is the SQLite twin): stored only as hashKey's hash.
import { randomBytes } from 'node:crypto';
import basex from 'base-x';
import { hashKey, KEY_PREFIX, normalizePrefix, type KeyStore, type Plan } from '../store/accounts';
import type { Sql } from './sql';

const BASE62 = basex('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz');
/** Characters after `sk_live_` kept in clear as the key's display prefix (as the SQLite store). */
const DISPLAY_CHARS = 8;

export function pgKeys(sql: Sql): KeyStore {
  return {
    async create(accountId, label = '') {
      for (;;) {
        const key = KEY_PREFIX + BASE62.encode(randomBytes(32));
        const prefix = key.slice(0, KEY_PREFIX.length + DISPLAY_CHARS);
        // A display-prefix collision (47 bits) is astronomically rare; it draws again rather than
        // fails, and without an error, which would end the transaction this may run in.
        const rows = await sql.query(
          'INSERT INTO api_keys (account_id, prefix, key_hash, label, created_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (prefix) DO NOTHING RETURNING id',
          [accountId, prefix, hashKey(key), label, Date.now()],
        );
        if (rows.length === 1) return { key, prefix };
      }
    },
    async find(key) {
      const [row] = await sql.query<{ id: number; prefix: string; account_id: number; plan: Plan; revoked_at: number | null }>(
        'SELECT k.id, k.prefix, k.account_id, a.plan, k.revoked_at FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key_hash = $1',
        [hashKey(key)],
      );
      return row && { keyId: row.id, prefix: row.prefix, accountId: row.account_id, plan: row.plan, revoked: row.revoked_at !== null };
    },
    async list() {
      const rows = await sql.query<{ prefix: string; label: string; account_id: number; plan: Plan; balance: number; is_owner: boolean; created_at: number; revoked_at: number | null }>(
        `SELECT k.prefix, k.label, k.account_id, a.plan, a.balance, a.is_owner, k.created_at, k.revoked_at
         FROM api_keys k JOIN accounts a ON a.id = k.account_id ORDER BY k.id`,
      );
      return rows.map((r) => ({
        prefix: r.prefix,
        label: r.label,
        accountId: r.account_id,
        plan: r.plan,
        balance: r.balance,
        isOwner: r.is_owner,
        createdAt: r.created_at,
        revokedAt: r.revoked_at,
      }));
    },
    async byPrefix(prefix) {
      const [row] = await sql.query<{ account_id: number; revoked_at: number | null }>('SELECT account_id, revoked_at FROM api_keys WHERE prefix = $1', [normalizePrefix(prefix)]);
      return row && { accountId: row.account_id, revoked: row.revoked_at !== null };
    },
    async revoke(prefix) {
      const rows = await sql.query('UPDATE api_keys SET revoked_at = $1 WHERE prefix = $2 AND revoked_at IS NULL RETURNING id', [Date.now(), normalizePrefix(prefix)]);
      return rows.length === 1;
    },
  };
}
