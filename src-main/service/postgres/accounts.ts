// Accounts on PostgreSQL (ledger/accounts.ts is the SQLite twin).
import type { Account, AccountStore, Plan } from '../store/accounts';
import type { Sql } from './sql';

interface AccountRow {
  id: number;
  plan: Plan;
  label: string;
  is_owner: boolean;
  balance: number;
  created_at: number;
}

export const toAccount = (r: AccountRow): Account => ({ id: r.id, plan: r.plan, label: r.label, isOwner: r.is_owner, balance: r.balance, createdAt: r.created_at });

export function pgAccounts(sql: Sql): AccountStore {
  return {
    async create(plan, label = '', isOwner = false) {
      const [row] = await sql.query<AccountRow>('INSERT INTO accounts (plan, label, is_owner, created_at) VALUES ($1, $2, $3, $4) RETURNING *', [plan, label, isOwner, Date.now()]);
      return toAccount(row as AccountRow);
    },
    async get(id) {
      const [row] = await sql.query<AccountRow>('SELECT * FROM accounts WHERE id = $1', [id]);
      return row && toAccount(row);
    },
    async findOwner() {
      const [row] = await sql.query<AccountRow>('SELECT * FROM accounts WHERE is_owner');
      return row && toAccount(row);
    },
    async setPlan(id, plan) {
      await sql.query('UPDATE accounts SET plan = $1 WHERE id = $2', [plan, id]);
    },
  };
}
