// The credit ledger on PostgreSQL (ledger/credits.ts is the SQLite twin). Every change of a balance
// is one entry, booked in the same statement that moves the balance, so a balance always equals
// the sum of its entries. The balance's CHECK (>= 0) refuses a debit that would overdraw and the
// unique (account, kind, reference) index a second debit under one reference, each in that one
// statement: row locks order racing debits on one account, on any node, and the loser's statement
// sees the winner's balance or entry (READ COMMITTED re-reads a row it waited for).
import type { CreditEntry, CreditKind, CreditStore, DebitResult } from '../store/accounts';
import { CHECK_VIOLATION, sqlState, UNIQUE_VIOLATION, type Sql } from './sql';

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

/** Moves the balance by `amount` and books the entry; the new balance. Throws what the constraints refuse. */
async function book(sql: Sql, accountId: number, kind: CreditKind, amount: number, reference: string | null, note: string): Promise<number> {
  const [row] = await sql.query<{ balance: number }>(
    `WITH moved AS (UPDATE accounts SET balance = balance + $3 WHERE id = $1 RETURNING balance),
     booked AS (INSERT INTO credit_entries (account_id, kind, amount, reference, note, created_at) SELECT $1, $2, $3, $4, $5, $6 FROM moved RETURNING id)
     SELECT moved.balance FROM moved, booked`,
    [accountId, kind, amount, reference, note, Date.now()],
  );
  if (row === undefined) throw new Error(`No account ${accountId}`);
  return row.balance;
}

export function pgCredits(sql: Sql): CreditStore {
  const balance = async (accountId: number) => (await sql.query<{ balance: number }>('SELECT balance FROM accounts WHERE id = $1', [accountId]))[0]?.balance ?? 0;

  const debit = async (accountId: number, kind: 'charge' | 'reserve', amount: number, reference: string, note: string): Promise<DebitResult> => {
    if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError('A debit is a non-negative whole number of credits');
    try {
      return { ok: true, balance: await sql.attempt((s) => book(s, accountId, kind, -amount, reference, note)) };
    } catch (error) {
      const state = sqlState(error);
      if (state === CHECK_VIOLATION) return { ok: false, reason: 'insufficient', balance: await balance(accountId) };
      if (state === UNIQUE_VIOLATION) return { ok: false, reason: 'duplicate', balance: await balance(accountId) };
      throw error;
    }
  };

  /** The account row locked (its balance then holds until the commit), and what the job reserved. */
  const lockedReservation = async (s: Sql, accountId: number, jobId: string) => {
    const [account] = await s.query<{ balance: number }>('SELECT balance FROM accounts WHERE id = $1 FOR UPDATE', [accountId]);
    const [reserve] = await s.query<{ reserved: number }>("SELECT -amount AS reserved FROM credit_entries WHERE account_id = $1 AND kind = 'reserve' AND reference = $2", [accountId, jobId]);
    if (account === undefined || reserve === undefined) throw new Error(`No reservation for job ${jobId}`);
    return { balance: account.balance, reserved: reserve.reserved };
  };

  const page = (accountId: number, after: number, limit: number) =>
    sql.query<EntryRow>('SELECT * FROM credit_entries WHERE account_id = $1 AND id > $2 ORDER BY id LIMIT $3', [accountId, after, limit]);

  return {
    balance,
    async grant(accountId, amount, note = '') {
      if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError('A grant is a positive whole number of credits');
      return book(sql, accountId, 'grant', amount, null, note);
    },
    charge: (accountId, amount, requestId, note = '') => debit(accountId, 'charge', amount, requestId, note),
    reserve: (accountId, amount, jobId, note = '') => debit(accountId, 'reserve', amount, jobId, note),
    settle: (accountId, jobId, price) =>
      sql.unit(async (s) => {
        const { balance: held, reserved } = await lockedReservation(s, accountId, jobId);
        const extra = Math.min(Math.max(price - reserved, 0), held);
        const amount = price <= reserved ? reserved - price : -extra;
        return { balance: await book(s, accountId, 'settle', amount, jobId, `price ${price}`), charged: reserved - amount };
      }, false),
    refund: (accountId, jobId, note = '') =>
      sql.unit(async (s) => {
        const { reserved } = await lockedReservation(s, accountId, jobId);
        return book(s, accountId, 'refund', reserved, jobId, note);
      }, false),
    async entries(accountId, options) {
      if (options !== undefined) return (await page(accountId, options.after ?? 0, options.limit)).map(toEntry);
      const all: CreditEntry[] = [];
      for (let after = 0; ; ) {
        const rows = await page(accountId, after, HISTORY_CHUNK);
        for (const r of rows) all.push(toEntry(r));
        if (rows.length < HISTORY_CHUNK) return all;
        after = (rows.at(-1) as EntryRow).id;
      }
    },
    // The rows up to the last audit cannot have changed (append-only), so their sum is remembered
    // and only the rows after it are read. A row committed later with a lower id (identity values
    // are taken before commit) would be skipped, so the memo stops short of ids still in flight:
    // it only goes as far as the newest row older than a minute (a transaction
    // is kept short, far under that, and node clocks agree far better).
    async sumOfEntries(accountId) {
      const [memo] = await sql.query<{ through_id: number; total: number }>('SELECT through_id, total FROM credit_audits WHERE account_id = $1', [accountId]);
      const through = memo?.through_id ?? 0;
      const [after] = await sql.query<{ total: number; settled_total: number; settled_last: number | null }>(
        `WITH fresh AS (SELECT id, amount, created_at FROM credit_entries WHERE account_id = $1 AND id > $2),
              settled AS (SELECT MAX(id) AS last FROM fresh WHERE created_at < $3)
         SELECT COALESCE((SELECT SUM(amount) FROM fresh), 0)::bigint AS total,
                COALESCE((SELECT SUM(amount) FROM fresh WHERE id <= (SELECT last FROM settled)), 0)::bigint AS settled_total,
                (SELECT last FROM settled) AS settled_last`,
        [accountId, through, Date.now() - 60_000],
      );
      const { total, settled_total: settledTotal, settled_last: settledLast } = after as { total: number; settled_total: number; settled_last: number | null };
      if (settledLast !== null) {
        await sql.query(
          'INSERT INTO credit_audits (account_id, through_id, total) VALUES ($1, $2, $3) ON CONFLICT (account_id) DO UPDATE SET through_id = excluded.through_id, total = excluded.total WHERE credit_audits.through_id < excluded.through_id',
          [accountId, settledLast, (memo?.total ?? 0) + settledTotal],
        );
      }
      return (memo?.total ?? 0) + total;
    },
    async byReference(accountId, reference) {
      const sums: Record<CreditKind, number> = { grant: 0, charge: 0, reserve: 0, settle: 0, refund: 0 };
      const rows = await sql.query<{ kind: CreditKind; total: number }>(
        "SELECT kind, SUM(amount)::bigint AS total FROM credit_entries WHERE account_id = $1 AND kind IN ('charge', 'reserve', 'settle', 'refund') AND reference = $2 GROUP BY kind",
        [accountId, reference],
      );
      for (const r of rows) sums[r.kind] = r.total;
      return sums;
    },
  };
}
