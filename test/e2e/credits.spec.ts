// Issue 13's credits and bulk-action flows in a real browser: a 300-link batch against an owner
// account left with 20 credits pauses at zero (280 rows still queued, none failed for credits),
// the owner adds credits in the banner and resumes, the rest completes; "Clear done" keeps the
// failures and Undo restores; "Retry failed" skips what cannot change; `htps://` is reported.
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { runCli } from '../helpers/cli';
import { YOUTUBE_IDS } from '../upstream/hosts/youtube';
import { SCREENSHOTS, startDesk, type RunningDesk, queueRow as row } from './desk';

const yt = (id: string) => `https://www.youtube.com/watch?v=${id}`;
/** 300 distinct ids the fixture serves with captions (`ok…` ids: test/upstream/hosts/youtube.ts). */
const BATCH = Array.from({ length: 300 }, (_, i) => yt(`okBatch${String(i).padStart(4, '0')}`));
/** Hang guard of a batch that waits for two rate-limit windows (about 2–3 min here). */
const BATCH_GUARD_MS = 600_000;

async function setOwnerCredits(desk: RunningDesk, credits: number): Promise<void> {
  // As an owner would: `transcript-desk credits set <prefix> <n>` on the data home.
  const result = await runCli(desk.home, ['credits', 'set', desk.ownerKey.slice(0, 16), String(credits)]);
  expect(result.stderr).toBe('');
  expect(result.stdout.trim()).toBe(String(credits));
}

async function paste(page: Page, lines: readonly string[]): Promise<void> {
  await page.getByLabel('Links to add').fill(lines.join('\n'));
  await page.getByRole('button', { name: 'Add links' }).click();
}

const notice = (page: Page, text: string | RegExp) => page.getByTestId('notice').filter({ hasText: text });
const filterCount = (page: Page, name: string) => page.getByRole('group', { name: 'Show rows' }).getByRole('button', { name: new RegExp(`^${name} `) });

test.describe('out of credits', () => {
  let desk: RunningDesk;
  test.beforeAll(async () => {
    // One item at a time: the balance check before each start then decides exactly where it stops.
    desk = await startDesk({ settings: { 'desk.queue.concurrency': '1' } });
    await setOwnerCredits(desk, 20);
  });
  test.afterAll(async () => {
    await desk.stop();
  });

  test('a 300-link batch on 20 credits pauses at zero, and runs the rest after the owner adds credits', async ({ page }) => {
    test.setTimeout(BATCH_GUARD_MS);
    await desk.signIn(page);
    await expect(page.getByTestId('balance-credits')).toHaveText('20');
    await paste(page, BATCH);
    await expect(notice(page, '300 links: 300 new items')).toBeVisible();
    await expect(page.getByTestId('cost-estimate')).toHaveText('This batch costs about 300 credits; you have 20. The queue will pause when they run out; nothing fails for credits.');

    await page.getByRole('button', { name: '▶ Run' }).click();
    const banner = page.getByTestId('credits-banner');
    await expect(banner).toBeVisible({ timeout: BATCH_GUARD_MS });
    await expect(banner).toContainText('The queue is paused: the owner account is out of credits. 280 rows still queued; none of them was charged or failed.');
    await expect(page.getByTestId('progress-done')).toHaveText('20 done');
    await expect(page.getByTestId('progress-failed')).toHaveText('0 failed');
    await expect(page.getByTestId('progress-remaining')).toHaveText('280 remaining');
    await expect(filterCount(page, 'Queued')).toHaveText('Queued 280');
    await expect(filterCount(page, 'Failed')).toHaveText('Failed 0');
    expect(await desk.balance()).toEqual({ credits: 0, plan: 'pro' });
    await expect(page.getByTestId('balance-credits')).toHaveText('0');
    await page.screenshot({ path: join(SCREENSHOTS, 'out-of-credits.png') });

    // The owner tops up their own account in the banner, then resumes.
    await banner.getByLabel('Credits to add').fill('300');
    await banner.getByRole('button', { name: 'Add credits' }).click();
    await expect(page.getByTestId('balance-credits')).toHaveText('300');
    expect(await desk.balance()).toEqual({ credits: 300, plan: 'pro' });
    await banner.getByRole('button', { name: '▶ Resume' }).click();
    await expect(banner).toBeHidden();
    // Mid-run, once the pace is measured: the bar and its ETA (the rate limit makes the rest wait for later windows).
    await expect(page.getByTestId('progress-done')).toHaveText(/^([6-9]\d|\d{3}) done$/, { timeout: BATCH_GUARD_MS });
    await expect(page.getByTestId('batch-eta')).toHaveText(/^about \d/);
    await page.screenshot({ path: join(SCREENSHOTS, 'batch-progress.png') });

    await expect(page.getByTestId('progress-remaining')).toHaveText('0 remaining', { timeout: BATCH_GUARD_MS });
    await expect(page.getByTestId('progress-done')).toHaveText('300 done');
    await expect(page.getByTestId('progress-failed')).toHaveText('0 failed');
    await expect(page.getByTestId('batch-eta')).toHaveText('finished');
    // 280 more at one credit each.
    expect(await desk.balance()).toEqual({ credits: 20, plan: 'pro' });
  });
});

test.describe('safe bulk actions', () => {
  let desk: RunningDesk;
  test.beforeAll(async () => {
    desk = await startDesk();
  });
  test.afterAll(async () => {
    await desk.stop();
  });

  test('Clear done keeps failures and Undo restores; Retry failed skips what cannot change; htps:// is reported; errors read as sentences', async ({ page }) => {
    await desk.signIn(page);
    const done = yt(YOUTUBE_IDS.withCaptions);
    const gone = yt(YOUTUBE_IDS.unavailable);
    const blocked = yt(YOUTUBE_IDS.botCheck);
    await paste(page, [done, gone, blocked, 'htps://example.com/x']);
    await expect(notice(page, '3 links: 3 new items. 1 token looks like a link but is not http(s), so it was skipped: htps://example.com/x')).toBeVisible();
    await expect(page.getByTestId('cost-estimate')).toHaveText('This batch costs about 3 credits; you have 1,000.');

    await page.getByRole('button', { name: '▶ Run' }).click();
    await expect(page.getByTestId('progress-remaining')).toHaveText('0 remaining');
    await expect(row(page, done)).toHaveAttribute('data-status', 'done');
    await expect(row(page, gone)).toHaveAttribute('data-status', 'failed');
    await expect(row(page, blocked)).toHaveAttribute('data-status', 'failed');
    // Plain sentences, no codes in front; the API's answer is one click away.
    for (const url of [gone, blocked]) await expect(row(page, url).getByTestId('row-detail')).not.toHaveText(/^(No transcript available|Upstream error|no_credits)/);
    await row(page, blocked).getByTestId('row-detail').click();
    await expect(row(page, blocked).getByTestId('row-detail-full')).toContainText('The REST API answers HTTP 502 · Upstream error');
    await page.screenshot({ path: join(SCREENSHOTS, 'row-error-expanded.png') });
    await row(page, blocked).getByTestId('row-detail').click();
    await expect(row(page, blocked).getByTestId('row-detail-full')).toBeHidden();

    // Filters.
    await filterCount(page, 'Failed').click();
    await expect(page.getByTestId('queue-row')).toHaveCount(2);
    await filterCount(page, 'All').click();
    await expect(page.getByTestId('queue-row')).toHaveCount(3);

    // Clear done: the failures stay; Undo brings the done row back as it was.
    await page.getByRole('button', { name: 'Clear done' }).click();
    const cleared = notice(page, 'Cleared 1 done row');
    await expect(cleared).toBeVisible();
    await expect(page.getByTestId('queue-row')).toHaveCount(2);
    await expect(row(page, done)).toHaveCount(0);
    await cleared.getByRole('button', { name: 'Undo' }).click();
    await expect(row(page, done)).toHaveAttribute('data-status', 'done');
    await expect(page.getByTestId('queue-row')).toHaveCount(3);
    await expect(row(page, done).getByRole('button', { name: 'Open' })).toBeVisible();

    // Retry failed: the bot check may pass later, a deleted video will not.
    await page.getByRole('button', { name: 'Retry failed (2)' }).click();
    await expect(notice(page, 'Retrying 1 failed row; skipped 1 that retrying cannot change (1 with no transcript on the site); press Run to run it')).toBeVisible();
    await expect(row(page, blocked)).toHaveAttribute('data-status', 'queued');
    await expect(row(page, gone)).toHaveAttribute('data-status', 'failed');

    // A row's Retry while the queue is paused says so.
    await setOwnerCredits(desk, 0);
    await page.getByRole('button', { name: '▶ Run' }).click();
    await expect(page.getByTestId('credits-banner')).toBeVisible();
    // This part's new surfaces pass axe-core (the whole views are scanned by the accessibility spec).
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme });
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const scan = await new AxeBuilder({ page }).include('[data-testid=credits-banner]').include('[data-testid=batch-progress]').include('[data-testid=cost-estimate]').include('.queue-filters').include('[data-testid=row-detail]').analyze();
      expect(scan.violations.map((v) => `${theme}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      expect(scan.passes.some((rule) => rule.id === 'color-contrast')).toBe(true);
    }
    await page.screenshot({ path: join(SCREENSHOTS, 'out-of-credits-dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });
    await row(page, gone).getByRole('button', { name: 'Retry' }).click();
    await expect(notice(page, 'Queued again; the queue is paused (out of credits): add credits, then Resume')).toBeVisible();
    await expect(row(page, gone)).toHaveAttribute('data-status', 'queued');
    await expect(row(page, blocked)).toHaveAttribute('data-status', 'queued');

    // Settings also tops up the owner account; the queue then resumes and runs both again.
    await page.getByRole('button', { name: 'Settings' }).click();
    const panel = page.getByRole('region', { name: 'Owner credits' });
    await expect(panel).toContainText('0 credits, plan pro');
    await panel.getByLabel('Credits to add').fill('50');
    await panel.getByRole('button', { name: 'Add credits' }).click();
    await expect(panel).toContainText('50 credits, plan pro');
    await expect(page.getByTestId('balance-credits')).toHaveText('50');
    await panel.screenshot({ path: join(SCREENSHOTS, 'owner-credits-settings.png') });
    await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Queue' }).click();
    await page.getByTestId('credits-banner').getByRole('button', { name: '▶ Resume' }).click();
    await expect(page.getByTestId('progress-remaining')).toHaveText('0 remaining');
    await expect(row(page, gone)).toHaveAttribute('data-status', 'failed');
    expect(await desk.balance()).toEqual({ credits: 50, plan: 'pro' });
  });
});
