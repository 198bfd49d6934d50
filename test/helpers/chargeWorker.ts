// A separate OS process charging one account through its own SQLite connection, started at the
// same wall-clock moment as its siblings, to race for the same credits for real.
import { Ledger } from '#service/ledger/index';

const [file, accountId, count, startAt, tag] = process.argv.slice(2);
const ledger = Ledger.open(file as string);
const results: string[] = [];
while (Date.now() < Number(startAt)) {
  // busy-wait: a timer would add jitter larger than the race window we want
}
for (let i = 0; i < Number(count); i++) {
  const r = ledger.credits.charge(Number(accountId), 1, `${tag}-${i}`);
  results.push(r.ok ? 'ok' : r.reason);
}
ledger.close();
process.stdout.write(JSON.stringify(results));
