// bench/scale/jobWatcher: what one read of the desk's job watcher costs as the owner's credit
// ledger grows (10k, 100k, 1M rows), with a heavy user's job history: 50 jobs, 2 still processing.
// The watcher reads when this process changes a job (pushed) and every 5 s for other processes'
// changes; each read lists the jobs and reads the credits of the ones not yet seen ended. Baseline
// in the same run: every job's card, which is what each read did before (and what podcast.list does).
import { join } from 'node:path';
import { SqliteStore } from '#service/ledger/sqliteStore';
import { DeskEvents } from '../../src-main/desk/events';
import type { DeskDeps } from '../../src-main/desk/deps';
import { JobWatcher, listJobs } from '../../src-main/desk/podcast/jobs';
import { finishJob, insertProcessingJob } from '../../test/helpers/podcastRecords';
import { type Curve, medianMs, record, scratch, sizes, runScale } from '../scaleCurve';

const SIZES = sizes([10_000, 100_000, 1_000_000]);
const JOBS = 50;
const LIVE = 2;

async function measure(rows: number, curve: Curve): Promise<void> {
  const { dir, remove } = scratch('jobs');
  const store = SqliteStore.open(join(dir, 'ledger.sqlite'));
  const { ledger } = store;
  const owner = ledger.accounts.create('pro', 'owner', true);
  ledger.credits.grant(owner.id, 10 * rows);
  // The jobs first: a lookup that walks the rows finds them last.
  for (let j = 0; j < JOBS; j++) {
    const job = { jobId: `job-${j}`, accountId: owner.id, episodeKey: `ep-${j}`, title: `Episode ${j}`, showTitle: 'Show', durationSeconds: 600, chunksTotal: 4, reserved: 10, createdAt: j };
    insertProcessingJob(ledger, job);
    if (j >= LIVE) finishJob(ledger, job, `Transcript of episode ${j}. `.repeat(2000), 8);
  }
  ledger.db
    .prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
       INSERT INTO credit_entries (account_id, kind, amount, reference, note, created_at) SELECT ?, 'charge', -1, 'req-' || i, '', i FROM n`,
    )
    .run(rows, owner.id);
  const deps = { store, owner: { accountId: owner.id } } as unknown as DeskDeps;
  const watcher = new JobWatcher({ deps, events: new DeskEvents(), pollMs: 3_600_000, onItemsChanged: () => undefined });
  await watcher.poll();
  record(curve, `watcher read (${JOBS} jobs, ${LIVE} processing)`, await medianMs(() => watcher.poll()));
  record(curve, 'baseline: every job card (the read before)', await medianMs(() => listJobs(deps), 5));
  watcher.stop();
  await store.close();
  remove();
}

void runScale('Desk job watcher vs credit rows (median of 15; baseline of 5)', 'rows', SIZES, measure);
