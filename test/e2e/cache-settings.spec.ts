// Settings → Transcript cache: the cache's size against its limit (cache.maxBytes), the limit set
// in megabytes or switched off, and what the queue fetched counted as kept.
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { fetchThroughQueue, SCREENSHOTS, startDesk, type RunningDesk } from './desk';
import { OPENABLE } from './fullQueue';

test.use({ actionTimeout: 30_000 });

let desk: RunningDesk;
test.beforeAll(async () => {
  desk = await startDesk();
});
test.afterAll(async () => {
  await desk.stop();
});

test('shows the cache against its limit, and sets the limit or none', async ({ page }) => {
  await desk.signIn(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const panel = page.getByRole('region', { name: 'Transcript cache' });
  const status = panel.getByRole('status');
  await expect(status).toHaveText('0 MB of 1,000 MB · 0 transcripts, 0 kept in the library');

  await panel.getByRole('checkbox', { name: 'No limit' }).click();
  await expect(status).toHaveText('0 MB, no limit · 0 transcripts, 0 kept in the library');
  await expect(panel.getByLabel('Limit (MB)')).toBeDisabled();
  await panel.getByRole('checkbox', { name: 'No limit' }).click();
  await panel.getByLabel('Limit (MB)').fill('250');
  await panel.getByLabel('Limit (MB)').press('Enter');
  await expect(status).toHaveText('0 MB of 250 MB · 0 transcripts, 0 kept in the library');
  // Below the 1 MB floor: the field goes back to the limit in force.
  await panel.getByLabel('Limit (MB)').fill('0');
  await panel.getByLabel('Limit (MB)').press('Enter');
  await expect(panel.getByLabel('Limit (MB)')).toHaveValue('250');

  // A video fetched through the queue is cached and kept.
  await fetchThroughQueue(page, OPENABLE);
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(status).toHaveText(/^[\d.]+ kB of 250 MB · 1 transcript, 1 kept in the library$/);
  await page.screenshot({ path: join(SCREENSHOTS, 'cache-settings.png'), fullPage: true });
});
