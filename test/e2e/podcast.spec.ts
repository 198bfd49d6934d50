// A podcast job's card against the job records of spec §2.4 in the server's ledger (the podcast
// runner writes exactly these rows; until it lands the test writes them): the bar advances with
// chunksDone/chunksTotal and ends done; a failed job shows its error and the refund.
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { ledgerFile } from '../../src-main/service/home';
import { Ledger } from '../../src-main/service/ledger/index';
import { advanceJob, failJob, finishJob, insertProcessingJob } from '../helpers/podcastRecords';
import { SCREENSHOTS, startDesk, type RunningDesk } from './desk';

let desk: RunningDesk;
let ledger: Ledger;

test.beforeAll(async () => {
  desk = await startDesk();
  ledger = Ledger.open(ledgerFile(desk.home));
});
test.afterAll(async () => {
  ledger.close();
  await desk.stop();
});

test('the job card advances to done, with elapsed time, an estimate and what it cost', async ({ page }) => {
  await desk.signIn(page);
  const owner = ledger.accounts.findOwner();
  if (owner === undefined) throw new Error('no owner');
  const job = { jobId: 'job_e2e_1', accountId: owner.id, episodeKey: '1000482637777', title: 'Bridges of the World, part 2: Suspension', showTitle: 'Engineering Hour', durationSeconds: 5400, chunksTotal: 18, reserved: 20, createdAt: Date.now() - 95_000 };
  insertProcessingJob(ledger, job);

  const card = page.getByTestId('job-card');
  const bar = card.getByRole('progressbar');
  await expect(card).toHaveAttribute('data-status', 'processing');
  await expect(card).toContainText('Engineering Hour');
  await expect(card).toContainText('Bridges of the World, part 2: Suspension');
  await expect(bar).toHaveAttribute('aria-valuenow', '0');

  advanceJob(ledger, job.episodeKey, 7);
  await expect(bar).toHaveAttribute('aria-valuenow', '7');
  await expect(card.getByTestId('job-meta')).toContainText(/7 \/ 18 chunks · 1 min 3\d s elapsed · about 2 min \d\d s left/);
  // The reservation made at submit shows in the header at once.
  await expect(page.getByTestId('balance-credits')).toHaveText('980');
  await page.screenshot({ path: join(SCREENSHOTS, 'podcast-job.png') });

  advanceJob(ledger, job.episodeKey, 15);
  await expect(bar).toHaveAttribute('aria-valuenow', '15');
  finishJob(ledger, job, 'Welcome to Engineering Hour. Today: suspension bridges and the cables that hold them.', 20);
  await expect(card).toHaveAttribute('data-status', 'done');
  await expect(bar).toHaveAttribute('aria-valuenow', '18');
  await expect(card.getByTestId('job-meta')).toContainText(/^Done in .* · 20 credits$/);
  // Settled at the price it reserved.
  await expect(page.getByTestId('balance-credits')).toHaveText('980');
  expect((await desk.balance()).credits).toBe(980);

  await card.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByTestId('viewer')).toContainText('suspension bridges and the cables');
});

test('a failed job shows the error and the refund', async ({ page }) => {
  await desk.signIn(page);
  const owner = ledger.accounts.findOwner();
  if (owner === undefined) throw new Error('no owner');
  const job = { jobId: 'job_e2e_2', accountId: owner.id, episodeKey: '1000482630000', title: 'Live from the archive', showTitle: 'Engineering Hour', durationSeconds: 1800, chunksTotal: 6, reserved: 10 };
  insertProcessingJob(ledger, job);
  const card = page.getByTestId('job-card').filter({ hasText: 'Live from the archive' });
  await expect(card).toHaveAttribute('data-status', 'processing');
  failJob(ledger, job, 'The episode audio could not be downloaded (HTTP 404 from the podcast host)');
  await expect(card).toHaveAttribute('data-status', 'failed');
  await expect(card.getByRole('alert')).toHaveText('The episode audio could not be downloaded (HTTP 404 from the podcast host) · 10 credits refunded');
});
