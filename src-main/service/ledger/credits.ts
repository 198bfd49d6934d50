import type Database from 'better-sqlite3';
import type { CreditEntry, CreditKind, CreditPage, DebitResult } from '../store/accounts';

/** How many rows the whole-history read takes per step (each step is one bounded page). */
const HISTORY_CHUNK = 1000;

interface EntryRow {
  id: number;
  account_id: number;
  kind: CreditKind;
  amount: number;
  reference: string | null;
  note: string;
  created_at: number;
}

const toEntry = (r: EntryRow): CreditEntry => ({ id: r.id, accountId: r.account_id, kind: r.kind, amount: r.amount, reference: r.reference, note: r.note, createdAt: r.created_at });


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
  private readonly referenced;
  private readonly reservation;
  private readonly page;
  private readonly memo;
  private readonly sumAfter;
  private readonly remember;

  constructor(private readonly db: Database.Database) {
    // The balance trigger runs before the row lands (migration 007): the subquery reads the new balance.
    this.insert = db
      .prepare<[number, CreditKind, number, string | null, string, number], number>(
        'INSERT INTO credit_entries (account_id, kind, amount, reference, note, created_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING (SELECT balance FROM accounts WHERE id = account_id)',
      )
      .pluck();
    this.balanceOf = db.prepare<[number], { balance: number }>('SELECT balance FROM accounts WHERE id = ?');
    // Every kind a reference is booked under, named, so the lookup is a few seeks in the unique
    // (account, kind, reference) index instead of a walk over the account's rows.
    this.referenced = db.prepare<[number, string], { kind: CreditKind; total: number }>(
      "SELECT kind, SUM(amount) AS total FROM credit_entries WHERE account_id = ? AND kind IN ('charge', 'reserve', 'settle', 'refund') AND reference = ? GROUP BY kind",
    );
    this.reservation = db.prepare<[number, string], number>("SELECT -amount FROM credit_entries WHERE account_id = ? AND kind = 'reserve' AND reference = ?").pluck();
    // `+account_id`: walk the primary key from the cursor (a page costs its rows), never the
    // unique index, which would collect every row of the account to sort them.
    this.page = db.prepare<[number, number, number], EntryRow>('SELECT * FROM credit_entries WHERE +account_id = ? AND id > ? ORDER BY id LIMIT ?');
    this.memo = db.prepare<[number], { through_id: number; total: number }>('SELECT through_id, total FROM credit_audits WHERE account_id = ?');
    this.sumAfter = db.prepare<[number, number], { total: number; last: number | null }>(
      'SELECT COALESCE(SUM(amount), 0) AS total, MAX(id) AS last FROM credit_entries WHERE +account_id = ? AND id > ?',
    );
    this.remember = db.prepare<[number, number, number]>(
      'INSERT INTO credit_audits (account_id, through_id, total) VALUES (?, ?, ?) ON CONFLICT (account_id) DO UPDATE SET through_id = excluded.through_id, total = excluded.total',
    );
  }

  balance(accountId: number): number {
    return this.balanceOf.get(accountId)?.balance ?? 0;
  }

  grant(accountId: number, amount: number, note = ''): number {
    if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError('A grant is a positive whole number of credits');
    return this.insert.get(accountId, 'grant', amount, null, note, Date.now()) as number;
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
        const balance = this.insert.get(accountId, 'settle', amount, jobId, `price ${price}`, Date.now()) as number;
        return { balance, charged: reserved - amount };
      })
      .immediate();
  }

  /** Gives a failed job's whole reservation back. */
  refund(accountId: number, jobId: string, note = ''): number {
    return this.db
      .transaction(() => {
        const reserved = this.reservedFor(accountId, jobId);
        return this.insert.get(accountId, 'refund', reserved, jobId, note, Date.now()) as number;
      })
      .immediate();
  }

  /** An account's entries, oldest first: every one, or a page of `limit` after the entry `after` (an id). */
  entries(accountId: number, page?: CreditPage): CreditEntry[] {
    if (page !== undefined) return this.page.all(accountId, page.after ?? 0, page.limit).map(toEntry);
    const all: CreditEntry[] = [];
    for (let after = 0; ; ) {
      const rows = this.page.all(accountId, after, HISTORY_CHUNK);
      for (const r of rows) all.push(toEntry(r));
      if (rows.length < HISTORY_CHUNK) return all;
      after = (rows.at(-1) as EntryRow).id;
    }
  }

  /**
   * The sum of an account's ledger rows, computed from the rows (audits compare it with the
   * balance kept by the trigger). The rows up to the last audit cannot have changed (the ledger
   * is append-only), so their sum is remembered and only the rows after it are read.
   */
  sumOfEntries(accountId: number): number {
    const memo = this.memo.get(accountId) ?? { through_id: 0, total: 0 };
    const after = this.sumAfter.get(accountId, memo.through_id) as { total: number; last: number | null };
    const total = memo.total + after.total;
    if (after.last !== null) this.remember.run(accountId, after.last, total);
    return total;
  }

  /** The entries booked under one reference (a job id, a request id), summed by kind: what a job reserved, got back, paid. */
  byReference(accountId: number, reference: string): Record<CreditKind, number> {
    const sums: Record<CreditKind, number> = { grant: 0, charge: 0, reserve: 0, settle: 0, refund: 0 };
    for (const r of this.referenced.all(accountId, reference)) sums[r.kind] = r.total;
    return sums;
  }

  private reservedFor(accountId: number, jobId: string): number {
    const reserved = this.reservation.get(accountId, jobId);
    if (reserved === undefined) throw new Error(`No reservation for job ${jobId}`);
    return reserved;
  }

  private debit(accountId: number, kind: 'charge' | 'reserve', amount: number, reference: string, note: string): DebitResult {
    if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError('A debit is a non-negative whole number of credits');
    try {
      return { ok: true, balance: this.insert.get(accountId, kind, -amount, reference, note, Date.now()) as number };
    } catch (error) {
      const code = sqliteCode(error);
      if (code === 'SQLITE_CONSTRAINT_CHECK') return { ok: false, reason: 'insufficient', balance: this.balance(accountId) };
      if (code === 'SQLITE_CONSTRAINT_UNIQUE') return { ok: false, reason: 'duplicate', balance: this.balance(accountId) };
      throw error;
    }
  }
}
