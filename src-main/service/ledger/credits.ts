import type Database from 'better-sqlite3';
import type { CreditEntry, CreditKind, DebitResult } from '../store/accounts';


function sqliteCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : undefined;
}

/**
 * The append-only credit ledger. Every change of a balance is one row; the balance column of
 * `accounts` is the running sum kept by a trigger, and its CHECK (balance >= 0) refuses any row
 * that would overdraw, so two processes racing for the last credit cannot both win.
 */
export class CreditLedger {
  private readonly insert;
  private readonly balanceOf;

  constructor(private readonly db: Database.Database) {
    this.insert = db.prepare<[number, CreditKind, number, string | null, string, number]>(
      'INSERT INTO credit_entries (account_id, kind, amount, reference, note, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    this.balanceOf = db.prepare<[number], { balance: number }>('SELECT balance FROM accounts WHERE id = ?');
  }

  balance(accountId: number): number {
    return this.balanceOf.get(accountId)?.balance ?? 0;
  }

  grant(accountId: number, amount: number, note = ''): number {
    if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError('A grant is a positive whole number of credits');
    this.insert.run(accountId, 'grant', amount, null, note, Date.now());
    return this.balance(accountId);
  }

  /** Charges `amount` for one request; the same request id is never charged twice. */
  charge(accountId: number, amount: number, requestId: string, note = ''): DebitResult {
    return this.debit(accountId, 'charge', amount, requestId, note);
  }

  /** Holds credits for a podcast job until it settles or fails. */
  reserve(accountId: number, amount: number, jobId: string, note = ''): DebitResult {
    return this.debit(accountId, 'reserve', amount, jobId, note);
  }

  /**
   * Turns a job's reservation into the real price: returns the unused part, or takes the extra when
   * the audio ran longer than the estimate (never more than the balance holds: never negative).
   */
  settle(accountId: number, jobId: string, price: number): { balance: number; charged: number } {
    return this.db
      .transaction(() => {
        const reserved = this.reservedFor(accountId, jobId);
        const extra = Math.min(Math.max(price - reserved, 0), this.balance(accountId));
        const amount = price <= reserved ? reserved - price : -extra;
        this.insert.run(accountId, 'settle', amount, jobId, `price ${price}`, Date.now());
        return { balance: this.balance(accountId), charged: reserved - amount };
      })
      .immediate();
  }

  /** Gives a failed job's whole reservation back. */
  refund(accountId: number, jobId: string, note = ''): number {
    return this.db
      .transaction(() => {
        const reserved = this.reservedFor(accountId, jobId);
        this.insert.run(accountId, 'refund', reserved, jobId, note, Date.now());
        return this.balance(accountId);
      })
      .immediate();
  }

  entries(accountId: number): CreditEntry[] {
    return (
      this.db.prepare('SELECT * FROM credit_entries WHERE account_id = ? ORDER BY id').all(accountId) as {
        id: number;
        account_id: number;
        kind: CreditKind;
        amount: number;
        reference: string | null;
        note: string;
        created_at: number;
      }[]
    ).map((r) => ({ id: r.id, accountId: r.account_id, kind: r.kind, amount: r.amount, reference: r.reference, note: r.note, createdAt: r.created_at }));
  }

  /** The sum of an account's ledger rows, computed the slow way (tests and audits compare it with the balance). */
  sumOfEntries(accountId: number): number {
    return (this.db.prepare('SELECT COALESCE(SUM(amount), 0) AS s FROM credit_entries WHERE account_id = ?').get(accountId) as { s: number }).s;
  }

  /** The entries booked under one reference (a job id, a request id), summed by kind: what a job reserved, got back, paid. */
  byReference(accountId: number, reference: string): Record<CreditKind, number> {
    const sums: Record<CreditKind, number> = { grant: 0, charge: 0, reserve: 0, settle: 0, refund: 0 };
    const rows = this.db.prepare('SELECT kind, SUM(amount) AS total FROM credit_entries WHERE account_id = ? AND reference = ? GROUP BY kind').all(accountId, reference) as { kind: CreditKind; total: number }[];
    for (const r of rows) sums[r.kind] = r.total;
    return sums;
  }

  private reservedFor(accountId: number, jobId: string): number {
    const row = this.db.prepare("SELECT -amount AS reserved FROM credit_entries WHERE account_id = ? AND kind = 'reserve' AND reference = ?").get(accountId, jobId) as
      | { reserved: number }
      | undefined;
    if (row === undefined) throw new Error(`No reservation for job ${jobId}`);
    return row.reserved;
  }

  private debit(accountId: number, kind: 'charge' | 'reserve', amount: number, reference: string, note: string): DebitResult {
    if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError('A debit is a non-negative whole number of credits');
    try {
      this.insert.run(accountId, kind, -amount, reference, note, Date.now());
      return { ok: true, balance: this.balance(accountId) };
    } catch (error) {
      const code = sqliteCode(error);
      if (code === 'SQLITE_CONSTRAINT_CHECK') return { ok: false, reason: 'insufficient', balance: this.balance(accountId) };
      if (code === 'SQLITE_CONSTRAINT_UNIQUE') return { ok: false, reason: 'duplicate', balance: this.balance(accountId) };
      throw error;
    }
  }
}
