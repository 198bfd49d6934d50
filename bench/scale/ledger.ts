// bench/scale/ledger: the credit ledger's lookups at 10k, 100k and 1M credit rows of the desk's
// owner (and a second account's rows in between, as a REST key would add). Each lookup goes
// through the store port the way the service and the desk call it.
import { join } from 'node:path';
import { SqliteStore } from '#service/ledger/sqliteStore';
import { insertProcessingJob } from '../../test/helpers/podcastRecords';
import { type Curve, median, medianMs, record, scratch, sizes, runScale } from '../scaleCurve';

const SIZES = sizes([10_000, 100_000, 1_000_000]);
const JOBS = 50;

async function measure(rows: number, curve: Curve): Promise<void> {
  const { dir, remove } = scratch('ledger');
  const store = SqliteStore.open(join(dir, 'ledger.sqlite'));
  const { ledger } = store;
  const owner = ledger.accounts.create('pro', 'owner', true);
  const other = ledger.accounts.create('credits', 'a REST key');
  ledger.credits.grant(owner.id, 10 * rows);
  ledger.credits.grant(other.id, 10 * rows);
  // The jobs first: any lookup that walks the rows finds them last.
  for (let j = 0; j < JOBS; j++) insertProcessingJob(ledger, { jobId: `job-${j}`, accountId: owner.id, episodeKey: `ep-${j}`, title: `Episode ${j}`, showTitle: 'Show', durationSeconds: 600, chunksTotal: 4, reserved: 10 });
  // Charges, nine of the owner's to one of the other account's, booked in big transactions.
  ledger.db
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO credit_entries (account_id, kind, amount, reference, note, created_at)
       SELECT CASE WHEN i % 10 = 0 THEN ? ELSE ? END, 'charge', -1, 'req-' || i, '', i FROM n`,
    )
    .run(rows, other.id, owner.id);

  record(curve, 'balance', await medianMs(() => store.credits.balance(owner.id)));
  record(curve, `job-watcher poll (${JOBS} jobs: records + credits)`, await medianMs(async () => {
    for (const job of await store.podcastJobs.listForAccount(owner.id)) await store.credits.byReference(owner.id, job.jobId);
  }));
  record(curve, 'settle by reference (a job ends)', await medianMs((run) => store.credits.settle(owner.id, `job-${run + 1}`, 7), 15));
  const first = process.hrtime.bigint();
  await store.credits.sumOfEntries(owner.id);
  record(curve, 'first audit (every row, once; then remembered)', Number(process.hrtime.bigint() - first) / 1e6);
  const audits: number[] = [];
  for (let run = 0; run < 15; run++) {
    for (let i = 0; i < 100; i++) await store.credits.charge(owner.id, 1, `audit-${run}-${i}`);
    audits.push(await medianMs(() => store.credits.sumOfEntries(owner.id), 1));
  }
  record(curve, 'audit (100 new entries since the last)', median(audits));
  const middle = Math.floor(rows / 2);
  record(curve, 'history page (100 entries, mid-ledger)', await medianMs(() => store.credits.entries(owner.id, { after: middle, limit: 100 })));
  await store.close();
  remove();
}

void runScale('Credit ledger at scale (median of 15 per lookup)', 'rows', SIZES, measure);
