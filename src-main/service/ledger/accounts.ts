import type Database from 'better-sqlite3';
import type { Account, Plan } from '../store/accounts';


interface AccountRow {
  id: number;
  plan: Plan;
  label: string;
  is_owner: number;
  balance: number;
  created_at: number;
}

const toAccount = (r: AccountRow): Account => ({ id: r.id, plan: r.plan, label: r.label, isOwner: r.is_owner === 1, balance: r.balance, createdAt: r.created_at });

export class Accounts {
  private readonly insert;
  private readonly byId;
  private readonly owner;

  constructor(private readonly db: Database.Database) {
    this.insert = db.prepare<[string, string, number, number]>('INSERT INTO accounts (plan, label, is_owner, created_at) VALUES (?, ?, ?, ?)');
    this.byId = db.prepare<[number], AccountRow>('SELECT * FROM accounts WHERE id = ?');
    this.owner = db.prepare<[], AccountRow>('SELECT * FROM accounts WHERE is_owner = 1');
  }

  create(plan: Plan, label = '', isOwner = false): Account {
    const id = Number(this.insert.run(plan, label, isOwner ? 1 : 0, Date.now()).lastInsertRowid);
    return this.get(id) as Account;
  }

  get(id: number): Account | undefined {
    const row = this.byId.get(id);
    return row && toAccount(row);
  }

  findOwner(): Account | undefined {
    const row = this.owner.get();
    return row && toAccount(row);
  }

  setPlan(id: number, plan: Plan): void {
    this.db.prepare('UPDATE accounts SET plan = ? WHERE id = ?').run(plan, id);
  }
}
