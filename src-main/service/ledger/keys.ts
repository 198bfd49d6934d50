import { randomBytes } from 'node:crypto';
import basex from 'base-x';
import type Database from 'better-sqlite3';
import { hashKey, KEY_PREFIX, normalizePrefix, type KeyListing, type KeyOwner, type Plan } from '../store/accounts';

const BASE62 = basex('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz');
/** Characters after `sk_live_` kept in clear as the key's display prefix. */
const DISPLAY_CHARS = 8;

export class ApiKeys {
  private readonly insert;
  private readonly byHash;

  constructor(private readonly db: Database.Database) {
    this.insert = db.prepare<[number, string, string, string, number]>('INSERT INTO api_keys (account_id, prefix, key_hash, label, created_at) VALUES (?, ?, ?, ?, ?)');
    this.byHash = db.prepare<[string], { id: number; prefix: string; account_id: number; plan: Plan; revoked_at: number | null }>(
      'SELECT k.id, k.prefix, k.account_id, a.plan, k.revoked_at FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.key_hash = ?',
    );
  }

  /** Makes a key for an account. The key itself is returned once and never stored; only its hash is. */
  create(accountId: number, label = ''): { key: string; prefix: string } {
    for (;;) {
      const key = KEY_PREFIX + BASE62.encode(randomBytes(32));
      const prefix = key.slice(0, KEY_PREFIX.length + DISPLAY_CHARS);
      try {
        this.insert.run(accountId, prefix, hashKey(key), label, Date.now());
        return { key, prefix };
      } catch (error) {
        // A display-prefix collision (47 bits) is astronomically rare; draw again rather than fail.
        if (!String(error).includes('api_keys.prefix')) throw error;
      }
    }
  }

  find(key: string): KeyOwner | undefined {
    const row = this.byHash.get(hashKey(key));
    return row && { keyId: row.id, prefix: row.prefix, accountId: row.account_id, plan: row.plan, revoked: row.revoked_at !== null };
  }

  list(): KeyListing[] {
    const rows = this.db
      .prepare(
        `SELECT k.prefix, k.label, k.account_id, a.plan, a.balance, a.is_owner, k.created_at, k.revoked_at
         FROM api_keys k JOIN accounts a ON a.id = k.account_id ORDER BY k.id`,
      )
      .all() as { prefix: string; label: string; account_id: number; plan: Plan; balance: number; is_owner: number; created_at: number; revoked_at: number | null }[];
    return rows.map((r) => ({
      prefix: r.prefix,
      label: r.label,
      accountId: r.account_id,
      plan: r.plan,
      balance: r.balance,
      isOwner: r.is_owner === 1,
      createdAt: r.created_at,
      revokedAt: r.revoked_at,
    }));
  }

  byPrefix(prefix: string): { accountId: number; revoked: boolean } | undefined {
    const row = this.db.prepare('SELECT account_id, revoked_at FROM api_keys WHERE prefix = ?').get(normalizePrefix(prefix)) as
      | { account_id: number; revoked_at: number | null }
      | undefined;
    return row && { accountId: row.account_id, revoked: row.revoked_at !== null };
  }

  /** Returns false when no live key has that prefix. */
  revoke(prefix: string): boolean {
    const result = this.db.prepare('UPDATE api_keys SET revoked_at = ? WHERE prefix = ? AND revoked_at IS NULL').run(Date.now(), normalizePrefix(prefix));
    return result.changes === 1;
  }
}
