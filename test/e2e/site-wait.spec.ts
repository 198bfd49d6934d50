// Per-site pacing as a user sees it, in Debian's Chromium against a real `serve --ui`: a batch where
// YouTube rate-limits this machine (429, Retry-After: 120). The YouTube row is not failed: it waits,
// says "Waiting for YouTube", and the queue's note counts the wait down, while the rows of other
// sites finish. Nothing is charged for the wait; axe finds no violation in the queue.
import AxeBuilder from '@axe-core/playwright';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { dropFile, SCREENSHOTS, startDesk, type RunningDesk, queueRow as row } from './desk';

const LIMITED = 'https://www.youtube.com/watch?v=rateLimited';
const OTHERS = ['https://rumble.com/vok0001-city-council-bridge-vote-live-coverage.html', 'https://www.tiktok.com/@traveltok/video/7350000000000000001'];

let desk: RunningDesk;
test.beforeAll(async () => {
  desk = await startDesk();
});
test.afterAll(async () => {
  await desk.stop();
});

test('a site that rate-limits: its row waits with "Waiting for YouTube" while other sites finish; free', async ({ page }) => {
  await desk.signIn(page);
  const before = (await desk.balance()).credits;

  await dropFile(page, 'links.txt', [LIMITED, ...OTHERS].join('\n'));
  await page.getByRole('button', { name: '▶ Run' }).click();

  for (const url of OTHERS) await expect(row(page, url)).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(row(page, LIMITED).getByTestId('row-detail')).toHaveText('Waiting for YouTube: it is rate-limiting this machine', { timeout: 60_000 });
  await expect(row(page, LIMITED)).not.toHaveAttribute('data-status', 'failed');
  await expect(page.getByTestId('site-countdown')).toContainText(/Waiting for YouTube: next try in \d+ s/);
  expect((await desk.balance()).credits).toBe(before - OTHERS.length);

  await page.screenshot({ path: join(SCREENSHOTS, 'site-wait.png') });
  const { violations } = await new AxeBuilder({ page }).include('main').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
