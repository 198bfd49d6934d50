// bench/rest-balance: GET /api/balance throughput of the real server (auth, rate limit, SQLite)
// against a bare Node HTTP server answering a constant body, both as child processes, same load.
// Thousands of keys take turns so the rate limit is not what is measured.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { bareThenReal, cpuLine } from './process';
import { ledgerFile } from '#service/home';
import { Ledger } from '#service/ledger/index';
import { createBenchKeys } from './keys';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const KEYS = 3000;

async function load(url: string, keys: string[]): Promise<number> {
  let next = 0;
  const result = await autocannon({
    url: `${url}/api/balance`,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, headers: { ...req.headers, authorization: `Bearer ${keys[next++ % keys.length]}` } }) }],
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx and ${result.errors} errors: the measurement is not valid`);
  return result.requests.average;
}

async function main(): Promise<void> {
  const home = mkdtempSync(join(tmpdir(), 'td-bench-rest-'));
  const ledger = Ledger.open(ledgerFile(home));
  const keys = createBenchKeys(ledger, KEYS, 10);
  ledger.close();

  const measured = await bareThenReal(home, (url) => load(url, keys), SECONDS);
  const { bareRps, realRps } = measured;

  console.log(`bare node:http constant body   ${bareRps.toFixed(0).padStart(7)} req/s`);
  console.log(`GET /api/balance (${KEYS} keys)  ${realRps.toFixed(0).padStart(7)} req/s`);
  console.log(`ratio balance / bare: ${(realRps / bareRps).toFixed(2)}  (${CONNECTIONS} connections, ${SECONDS} s each)`);
  console.log(cpuLine(measured));
  rmSync(home, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
