// bench/ledger: how fast the store charges through its port (`await store.credits.charge`, the
// way the service does), against raw single-row inserts into the same SQLite file in the same run
// (same pragmas, one transaction per row in both cases), the two taking turns in blocks.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStore } from '#service/ledger/sqliteStore';

const N = Number(process.env.BENCH_N ?? 20_000);
const dir = mkdtempSync(join(tmpdir(), 'td-bench-ledger-'));
const store = SqliteStore.open(join(dir, 'ledger.sqlite'));
// The raw baseline writes on the same connection, without the port.
const { ledger } = store;

/**
 * Blocks of this many rows, raw inserts and charges taking turns. Run one after the other, the first
 * side gets a fresh file: raw inserts ran at 54k/s first and at 28k then 24k/s after 20k charges each
 * (same connection, same statement), which read as a ratio of 0.48 for what costs about the same.
 */
const BLOCK = 1_000;

/** Seconds spent in `fn` over rows [from, to). */
async function timed(fn: (i: number) => void | Promise<void>, from: number, to: number): Promise<number> {
  const start = process.hrtime.bigint();
  for (let i = from; i < to; i++) await fn(i);
  return Number(process.hrtime.bigint() - start) / 1e9;
}

/** Rows per second of each side, measured in alternating blocks after a warm-up of both. */
async function alternating(sides: { label: string; fn: (i: number) => void | Promise<void> }[]): Promise<number[]> {
  for (const side of sides) await timed(side.fn, -500, 0); // warm up statements and the page cache
  const seconds = sides.map(() => 0);
  for (let from = 0; from < N; from += BLOCK) {
    for (const [k, side] of sides.entries()) seconds[k] = (seconds[k] ?? 0) + (await timed(side.fn, from, Math.min(N, from + BLOCK)));
  }
  return sides.map((side, k) => {
    const rate = N / (seconds[k] ?? 1);
    console.log(`${side.label.padEnd(34)} ${rate.toFixed(0).padStart(8)} /s  (${N} in ${(seconds[k] ?? 0).toFixed(2)} s)`);
    return rate;
  });
}

ledger.db.exec('CREATE TABLE raw_rows (id INTEGER PRIMARY KEY, account_id INTEGER, amount INTEGER, reference TEXT, created_at INTEGER) STRICT');
const raw = ledger.db.prepare('INSERT INTO raw_rows (account_id, amount, reference, created_at) VALUES (?, ?, ?, ?)');
const account = ledger.accounts.create('pro');
ledger.credits.grant(account.id, 10 * N);

// CommonJS under tsx: no top-level await.
async function main(): Promise<void> {
  const [rawRate = 0, chargeRate = 0] = await alternating([
    { label: 'raw single-row inserts', fn: (i) => void raw.run(account.id, -1, `r${i}`, Date.now()) },
    {
      label: 'store charges (1 credit each)',
      fn: async (i) => {
        const result = await store.credits.charge(account.id, 1, `req-${i}`);
        if (!result.ok) throw new Error(`charge refused: ${result.reason}`);
      },
    },
  ]);

  if ((await store.credits.sumOfEntries(account.id)) !== (await store.credits.balance(account.id))) throw new Error('ledger sum and balance disagree');
  console.log(`ratio charges / raw inserts: ${(chargeRate / rawRate).toFixed(2)}`);
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}

void main();
