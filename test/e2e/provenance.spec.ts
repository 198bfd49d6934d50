// Issue 18 items 1 and 7 (first half) in a real browser: transcripts of several sources each show
// where they came from as a labelled badge in the viewer and the library; a YouTube video switches
// to YouTube's machine translation from the viewer, for one credit, and says so; the library
// filters by source. The viewer is scanned with axe in both themes.
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { scanBothThemes } from './axe';
import { dropFile, SCREENSHOTS, startDesk, type RunningDesk, queueRow as row } from './desk';

/** A link of each caption source the fixture upstream serves, and the badge its transcript shows. */
const SOURCES: Record<string, string> = {
  'https://www.youtube.com/watch?v=GJLlxj_dtq8': 'Source: Creator captions (en)',
  'https://www.youtube.com/watch?v=asrOnly0000': 'Source: Automatic captions (en)',
  'https://www.facebook.com/GardenClub/videos/1000000000000017/': 'Source: Creator captions (en-GB)',
  'https://www.tiktok.com/@traveltok/video/7350000000000000001': 'Source: Automatic captions (eng-US)',
};

let desk: RunningDesk;

test.beforeAll(async () => {
  desk = await startDesk();
});
test.afterAll(async () => {
  await desk.stop();
});

test('each transcript shows its source; a YouTube video switches to a machine translation from the viewer', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await desk.signIn(page);
  await dropFile(page, 'links.txt', Object.keys(SOURCES).join('\n'));
  await expect(page.getByTestId('queue-row')).toHaveCount(4);
  await page.getByRole('button', { name: '▶ Run' }).click();
  await expect(page.locator('[data-testid=queue-row][data-status=done]')).toHaveCount(4, { timeout: 60_000 }); // a hang guard: about a second here

  const viewer = page.getByTestId('viewer');
  for (const [url, badge] of Object.entries(SOURCES)) {
    await row(page, url).getByRole('button', { name: 'Open' }).click();
    await expect(viewer.getByTestId('provenance-badge'), url).toHaveText(badge);
  }

  // The nine-track video: open its tracks, ask YouTube for French.
  await row(page, 'https://www.youtube.com/watch?v=GJLlxj_dtq8').getByRole('button', { name: 'Open' }).click();
  await expect(viewer.getByTestId('provenance-badge')).toHaveText('Source: Creator captions (en)');
  const before = (await desk.balance()).credits;
  await viewer.getByText('9 caption tracks on YouTube').click();
  await viewer.getByLabel('Translate with YouTube into').selectOption('fr');
  await viewer.getByRole('button', { name: 'Open translation' }).click();
  await expect(viewer.getByTestId('provenance-badge')).toHaveText('Source: Machine-translated from English to French');
  await expect(viewer.getByText('French (auto-translated from English)')).toBeVisible();
  await expect(page.getByTestId('notice').filter({ hasText: 'Fetched the fr track for 1 credit' })).toBeVisible();
  expect((await desk.balance()).credits).toBe(before - 1);
  await expect(page.getByTestId('balance-credits')).toHaveText((before - 1).toLocaleString('en'));

  // Another track the video has: the German one, written by the creator.
  await viewer.getByText('9 caption tracks on YouTube').click();
  await viewer.getByRole('button', { name: 'Open the German track' }).click();
  await expect(viewer.getByTestId('provenance-badge')).toHaveText('Source: Creator captions (de)');
  expect((await desk.balance()).credits).toBe(before - 2);

  // Back to French: fetched before, so free.
  await viewer.getByText('9 caption tracks on YouTube').click();
  await viewer.getByLabel('Translate with YouTube into').selectOption('fr');
  await viewer.getByRole('button', { name: 'Open translation' }).click();
  await expect(viewer.getByTestId('provenance-badge')).toHaveText('Source: Machine-translated from English to French');
  expect((await desk.balance()).credits).toBe(before - 2);

  // Notices close one by one (each click removes one), so always the first.
  const dismiss = page.getByRole('button', { name: 'Dismiss' });
  while ((await dismiss.count()) > 0) await dismiss.first().click();
  // The tracks open, so the screenshot and the scan include the switcher.
  await viewer.getByText('9 caption tracks on YouTube').click();
  await expect(viewer.getByRole('button', { name: 'Open translation' })).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, 'provenance.png') });
  await scanBothThemes(page, 'the viewer with a provenance badge and the track switcher');

  // The library: a badge per entry, and the source filter.
  await viewer.getByRole('button', { name: 'Close the viewer' }).click();
  await page.getByRole('button', { name: 'Library' }).click();
  await expect(page.getByTestId('library-entry')).toHaveCount(6);
  // Every kind the queue fetched, side by side: creator, automatic, machine-translated, speech-to-text.
  await page.screenshot({ path: join(SCREENSHOTS, 'provenance-library.png') });
  await page.getByRole('search').getByLabel('Source').selectOption('machine-translated');
  const entry = page.getByTestId('library-entry');
  await expect(entry).toHaveCount(1);
  await expect(entry.getByTestId('provenance-badge')).toHaveText('Source: Machine-translated from English to French');
  await page.getByRole('search').getByLabel('Source').selectOption('auto-captions');
  await expect(entry).toHaveCount(2);
  // Newest first, and the two finished in either order.
  expect((await entry.getByTestId('provenance-badge').allTextContents()).sort()).toEqual(['Source: Automatic captions (en)', 'Source: Automatic captions (eng-US)']);
});
