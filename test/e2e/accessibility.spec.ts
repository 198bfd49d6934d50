// Issue 13 item 9: an axe-core scan of every view of the desk, in the light and the dark theme,
// finds no violation (every rule axe runs by default: WCAG 2.x A and AA, and its best practices);
// and the keyboard: single-key shortcuts from a checkbox and a radio, Escape in the viewer's find
// box, the focus back on the control that opened a dialog or the viewer.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { dropFile, startDesk, type RunningDesk, queueRow } from './desk';
import { dismissNotices, EPISODES, LINKS_20, OPENABLE } from './fullQueue';

// A hang guard: an action waits at most this long for its element (one UI state follows another within a second).
test.use({ actionTimeout: 30_000 });

let desk: RunningDesk;

test.beforeAll(async () => {
  desk = await startDesk();
});
test.afterAll(async () => {
  await desk.stop();
});

/** Scans the page as it is, in both themes (the desk follows the system's until Settings says otherwise). */
async function scanBothThemes(page: Page, view: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    const { violations } = await new AxeBuilder({ page }).analyze();
    const found = violations.map((v) => `${v.impact ?? ''} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    expect(found, `${view}, ${scheme}`).toEqual([]);
  }
}

test('axe-core finds no violation on any view, light and dark', async ({ page }) => {
  // Sign-in, as a reload without a session shows it.
  await page.goto(`${desk.url}/app/`);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await scanBothThemes(page, 'sign-in');

  await page.goto('about:blank'); // the one-time link differs from /app/ by its fragment only: load it afresh
  await desk.signIn(page);
  await expect(page.getByText('The queue is empty.')).toBeVisible();
  await scanBothThemes(page, 'empty queue');

  // Rows queued and invalid, before the run.
  await dropFile(page, 'links.txt', LINKS_20);
  await expect(page.locator('[data-testid=queue-row][data-status=queued]').first()).toBeVisible();
  await dismissNotices(page);
  await scanBothThemes(page, 'queue before the run');

  // Done, no speech, failed, invalid; podcast rows and their cards.
  await page.getByRole('button', { name: '▶ Run' }).click();
  const unsettled = page.locator('[data-testid=queue-row][data-status=queued], [data-testid=queue-row][data-status=running]');
  await expect(unsettled).toHaveCount(0, { timeout: 180_000 }); // a hang guard: the batch takes 3–5 s here
  await page.getByLabel('Links to add').fill([EPISODES.publisher, EPISODES.old, EPISODES.failing].join('\n'));
  await page.getByRole('button', { name: 'Add links' }).click();
  await page.getByRole('button', { name: '▶ Run' }).click();
  await expect(page.getByTestId('job-summary')).toHaveText('3 podcast jobs · 2 done · 1 failed', { timeout: 60_000 }); // a hang guard: 2–4 s each here
  await dismissNotices(page);
  await scanBothThemes(page, 'queue with podcast cards folded');
  await page.getByRole('button', { name: /podcast jobs/ }).click();
  await expect(page.getByTestId('job-card')).toHaveCount(3);
  await scanBothThemes(page, 'queue with podcast cards');

  await queueRow(page, OPENABLE).getByRole('button', { name: 'Open' }).click();
  const viewer = page.getByTestId('viewer');
  await expect(viewer.getByText('9 caption tracks on YouTube')).toBeVisible();
  await scanBothThemes(page, 'viewer');
  await page.setViewportSize({ width: 900, height: 700 });
  await scanBothThemes(page, 'viewer as a drawer');
  await page.setViewportSize({ width: 1280, height: 800 });

  await viewer.getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export transcripts' });
  await expect(dialog).toBeVisible();
  await scanBothThemes(page, 'export dialog');
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await scanBothThemes(page, 'shortcuts dialog');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Library' }).click();
  await expect(page.getByTestId('library-entry').first()).toBeVisible();
  await scanBothThemes(page, 'library');
  await page.getByPlaceholder(/Search every transcript/).fill('"bridge vote"');
  await expect(page.getByTestId('library-snippet').locator('mark').first()).toBeVisible();
  await scanBothThemes(page, 'library search');

  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'API keys' })).toBeVisible();
  // The cache's size against its limit; what the queue fetched above is kept.
  await expect(page.getByRole('region', { name: 'Transcript cache' }).getByRole('status')).toHaveText(/^[\d.]+ (kB|MB) of 1,000 MB · \d+ transcripts?, [1-9]\d* kept in the library$/);
  await scanBothThemes(page, 'settings');
});

test('the keyboard: shortcuts from a checkbox and a radio, Escape in the find box, the focus back on the opener', async ({ page }) => {
  await desk.signIn(page);
  // Two videos (already there, folded, if the scan above ran first).
  const second = 'https://www.youtube.com/watch?v=F1xioXWb8CY';
  await page.getByLabel('Links to add').fill(`${OPENABLE}\n${second}`);
  await page.getByRole('button', { name: 'Add links' }).click();
  const run = page.getByRole('button', { name: '▶ Run' });
  if (await run.isEnabled()) await run.click();
  await expect(queueRow(page, OPENABLE)).toHaveAttribute('data-status', 'done');
  await expect(queueRow(page, second)).toHaveAttribute('data-status', 'done');
  await dismissNotices(page);

  // After a click on a row's checkbox, `e` exports the selection; the dialog closes back onto the checkbox.
  const checkbox = queueRow(page, second).getByRole('checkbox');
  await checkbox.click();
  await expect(checkbox).toBeFocused();
  await page.keyboard.press('e');
  const dialog = page.getByRole('dialog', { name: 'Export transcripts' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('1 selected item');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(checkbox).toBeFocused();
  // Delete removes the selected row.
  await page.keyboard.press('Delete');
  await expect(queueRow(page, second)).toHaveCount(0);
  await expect(queueRow(page, OPENABLE)).toHaveCount(1);

  // After a click on the Dark radio, `1` goes to the queue (and the theme stays dark).
  await page.getByRole('button', { name: 'Settings' }).click();
  const dark = page.getByRole('radio', { name: 'Dark' });
  await dark.click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(dark).toBeFocused();
  await page.keyboard.press('1');
  await expect(page.getByRole('heading', { level: 1, name: 'Queue' })).toBeAttached();
  await expect(page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Queue' })).toHaveAttribute('aria-current', 'page');
  // Back to following the system, for whatever runs next on this desk.
  await page.keyboard.press('4');
  await page.getByRole('radio', { name: 'Follow the system' }).click();
  await page.keyboard.press('1');

  // Escape in the find box clears it, then leaves it for the title; only then closes the viewer,
  // and the focus is back on the row's Open button.
  const open = queueRow(page, OPENABLE).getByRole('button', { name: 'Open' });
  await open.click();
  const viewer = page.getByTestId('viewer');
  const find = viewer.getByPlaceholder('Find in transcript');
  await expect(viewer.getByRole('heading', { name: 'Surface Go Review - It’s Awesome' })).toBeFocused();
  await page.keyboard.press('/');
  await expect(find).toBeFocused();
  await page.keyboard.type('surface');
  await expect(viewer.getByTestId('find-count')).toHaveText('1 of 2');
  await page.keyboard.press('Escape');
  await expect(find).toHaveValue('');
  await expect(find).toBeFocused();
  await expect(viewer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer.getByRole('heading', { name: 'Surface Go Review - It’s Awesome' })).toBeFocused();
  await expect(viewer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(open).toBeFocused();
});
