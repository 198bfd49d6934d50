// bench/ledger: how fast the store charges through its port (`await store.credits.charge`, the
// way the service does), against raw single-row inserts into the same SQLite file in the same run
// (same pragmas, one transaction per row in both cases).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteStore } from '#service/ledger/sqliteStore';

const N = Number(process.env.BENCH_N ?? 20_000);
const dir = mkdtempSync(join(tmpdir(), 'td-bench-ledger-'));
const store = SqliteStore.open(join(dir, 'ledger.sqlite'));
// The raw baseline writes on the same connection, without the port.
const { ledger } = store;

async function perSecond(label: string, fn: (i: number) => void | Promise<void>): Promise<number> {
  for (let i = 0; i < 500; i++) await fn(-1 - i); // warm up statements and the page cache
  const start = process.hrtime.bigint();
  for (let i = 0; i < N; i++) await fn(i);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const rate = N / seconds;
  console.log(`${label.padEnd(34)} ${rate.toFixed(0).padStart(8)} /s  (${N} in ${seconds.toFixed(2)} s)`);
  return rate;
}

ledger.db.exec('CREATE TABLE raw_rows (id INTEGER PRIMARY KEY, account_id INTEGER, amount INTEGER, reference TEXT, created_at INTEGER) STRICT');
const raw = ledger.db.prepare('INSERT INTO raw_rows (account_id, amount, reference, created_at) VALUES (?, ?, ?, ?)');
const account = ledger.accounts.create('pro');
ledger.credits.grant(account.id, 10 * N);

// CommonJS under tsx: no top-level await.
async function main(): Promise<void> {
  const rawRate = await perSecond('raw single-row inserts', (i) => void raw.run(account.id, -1, `r${i}`, Date.now()));
  const chargeRate = await perSecond('store charges (1 credit each)', async (i) => {
    const result = await store.credits.charge(account.id, 1, `req-${i}`);
    if (!result.ok) throw new Error(`charge refused: ${result.reason}`);
  });

  if ((await store.credits.sumOfEntries(account.id)) !== (await store.credits.balance(account.id))) throw new Error('ledger sum and balance disagree');
  console.log(`ratio charges / raw inserts: ${(chargeRate / rawRate).toFixed(2)}`);
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}

void main();
