// Issue 13 item 4, windows of every size: at 900×700 and at 1280×800, with four podcast job cards
// above the queue (folded into their summary, and expanded), at least five queue rows stand
// wholly inside the list's visible area; the viewer (a drawer over the queue below 1,100 px) keeps
// its Export button in sight and clickable. Item 9's keyboard half: single-key shortcuts from a
// checkbox and a radio, Escape in the find box, the focus back on the opener after a dialog and
// the viewer close.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { mediaFile } from '../upstream/media';
import { SCREENSHOTS, startDesk, type RunningDesk, queueRow } from './desk';
import { dismissNotices, endEpisodes, EPISODES, fillQueue, OPENABLE, rows } from './fullQueue';

// A hang guard: an action waits at most this long for its element (one UI state follows another within a second).
test.use({ actionTimeout: 30_000 });

let desk: RunningDesk;
let mediaDir: string;

test.beforeAll(async () => {
  mediaDir = mkdtempSync(join(tmpdir(), 'td-e2e-media-'));
  await mediaFile(mediaDir, 'artwork.jpg');
  // One worker, so the long episode is still running when the test cancels it from its card.
  desk = await startDesk({ mediaDir, settings: { 'stt.engine': 'pocketsphinx', 'stt.workers': '1' } });
});
test.afterAll(async () => {
  await desk.stop();
  rmSync(mediaDir, { recursive: true, force: true });
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
const inside = (inner: Box, outer: Box) => inner.y >= outer.y - 0.5 && inner.y + inner.height <= outer.y + outer.height + 0.5 && inner.x >= outer.x - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5;

/** Queue rows whose whole box lies inside the list's visible box, itself inside the window. */
async function rowsInSight(page: Page): Promise<number> {
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  const list = await page.getByRole('grid', { name: 'Queue' }).boundingBox();
  if (list === null) return 0;
  const visible = { x: list.x, y: list.y, width: list.width, height: Math.min(list.height, viewport.height - list.y) };
  let count = 0;
  for (const row of await rows(page).all()) {
    const box = await row.boundingBox();
    if (box !== null && inside(box, visible)) count++;
  }
  return count;
}

/** In the window, not covered: Playwright's click waits for exactly that (visible, stable, receiving the pointer). */
async function expectInWindow(page: Page, target: Locator): Promise<void> {
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  const box = await target.boundingBox();
  expect(box, 'has a box').not.toBeNull();
  expect(inside(box as Box, { x: 0, y: 0, ...viewport }), JSON.stringify(box)).toBe(true);
}

async function checkWindow(page: Page, width: number, height: number): Promise<void> {
  await page.setViewportSize({ width, height });
  const cards = page.getByTestId('job-card');
  const summary = page.getByTestId('job-summary');
  const toggle = page.getByRole('button', { name: /podcast jobs/ });

  // Folded: the summary line counts all four jobs, the newest card stays in sight.
  if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.click();
  await expect(summary).toHaveText('4 podcast jobs · 2 done · 2 failed');
  await expect(cards).toHaveCount(1);
  await page.screenshot({ path: join(SCREENSHOTS, `layout-${width}x${height}-cards-folded.png`) }); // first: a failure below leaves it to look at
  expect(await rowsInSight(page)).toBeGreaterThanOrEqual(5);

  // Expanded: four compact cards, and still five rows.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(cards).toHaveCount(4);
  await page.screenshot({ path: join(SCREENSHOTS, `layout-${width}x${height}-cards.png`) });
  expect(await rowsInSight(page)).toBeGreaterThanOrEqual(5);

  // The viewer: Export in the window, and it opens the export dialog.
  await queueRow(page, OPENABLE).getByRole('button', { name: 'Open' }).click();
  const viewer = page.getByTestId('viewer');
  await expect(viewer.getByRole('heading', { name: 'Surface Go Review - It’s Awesome' })).toBeVisible();
  const exportButton = viewer.getByRole('button', { name: 'Export…' });
  await expect(exportButton).toBeVisible();
  await expectInWindow(page, exportButton);
  await expectInWindow(page, viewer.getByRole('button', { name: 'Copy all' }));
  await page.screenshot({ path: join(SCREENSHOTS, `layout-${width}x${height}-viewer.png`) });
  await exportButton.click();
  const dialog = page.getByRole('dialog', { name: 'Export transcripts' });
  await expect(dialog).toBeVisible();
  // Closing the dialog gives the focus back to the button that opened it, then the viewer's close to the row's Open.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(exportButton).toBeFocused();
  await viewer.getByRole('button', { name: 'Close the viewer' }).click();
  await expect(viewer).toBeHidden();
  await expect(queueRow(page, OPENABLE).getByRole('button', { name: 'Open' })).toBeFocused();
}

test('900×700 and 1280×800 with four podcast jobs: five rows in sight, the viewer’s Export clickable', async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 700 });
  await desk.signIn(page);
  await fillQueue(page, [EPISODES.publisher, EPISODES.old, EPISODES.failing, EPISODES.long]);
  await endEpisodes(page);
  await dismissNotices(page);

  await checkWindow(page, 900, 700);
  // Below 1,100 px the viewer is a drawer over the queue: the queue keeps its full width, a scrim
  // covers it, and a click on the scrim closes the viewer.
  await queueRow(page, OPENABLE).getByRole('button', { name: 'Open' }).click();
  const viewer = page.getByTestId('viewer');
  await expect(viewer).toBeVisible();
  const [listBox, viewerBox] = await Promise.all([page.getByRole('grid', { name: 'Queue' }).boundingBox(), viewer.boundingBox()]);
  expect(listBox?.width ?? 0).toBeGreaterThan(800);
  expect((viewerBox?.x ?? 0) + (viewerBox?.width ?? 0)).toBeCloseTo(900, 0);
  // What the drawer covers takes no focus (Tab stays in the drawer).
  const openButton = queueRow(page, OPENABLE).getByRole('button', { name: 'Open' });
  await openButton.focus();
  await expect(openButton).not.toBeFocused();
  await page.mouse.click(20, 400);
  await expect(viewer).toBeHidden();

  await checkWindow(page, 1280, 800);
  // Wider, the viewer sits beside the queue: no scrim, the queue still in sight and usable.
  await queueRow(page, OPENABLE).getByRole('button', { name: 'Open' }).click();
  await expect(page.getByTestId('viewer')).toBeVisible();
  await expect(page.locator('.viewer-scrim')).toBeHidden();
  expect(await rowsInSight(page)).toBeGreaterThanOrEqual(5);
  await page.keyboard.press('Escape');

  // A dismissed card goes, and stays gone after a reload; the queue row stays.
  const failedCard = page.getByTestId('job-card').filter({ hasText: 'The Episode That Was Taken Down' });
  await failedCard.getByRole('button', { name: /^Dismiss the card of/ }).click();
  await expect(failedCard).toHaveCount(0);
  await expect(page.getByTestId('job-summary')).toHaveText('3 podcast jobs · 2 done · 1 failed');
  await page.reload();
  await expect(page.getByTestId('job-summary')).toHaveText('3 podcast jobs · 2 done · 1 failed');
  await expect(rows(page)).not.toHaveCount(0);
  // "Dismiss ended" clears the rest; the queue keeps every row.
  const before = await page.getByTestId('queue-counts').textContent();
  await page.getByRole('button', { name: /^Dismiss ended/ }).click();
  await expect(page.getByRole('region', { name: 'Podcast jobs' })).toHaveCount(0);
  await expect(page.getByTestId('queue-counts')).toHaveText(before ?? '');
});
