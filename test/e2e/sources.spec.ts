// Issue 17 in the browser build: a pasted playlist opens the source picker instead of becoming an
// invalid row; the newest 10 join the queue, run, and are in the library; pasted again, those 10
// are marked and left out unless included, and the playlist's transcripts export from its picker.
// A paste that mixes items and sources queues the items and opens a picker per source, one after
// the other. A link on no known site is read as a podcast feed when asked, and a feed of 3,050
// episodes lists them all. Against a real `serve --ui` and the fixture upstream (its 250-video
// playlist, Fixture FM's feed and Apple show, the 3,050-episode feed).
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { bigFeedDate, BIG_FEED_EPISODES } from '../upstream/bigFeed';
import { BIG_FEED_URL, PODCAST_IDS } from '../upstream/hosts/podcasts';
import { YOUTUBE_IDS } from '../upstream/hosts/youtube';
import { PLAYLIST_250_TITLE, YOUTUBE_SOURCES } from '../upstream/hosts/youtubeBrowse';
import { dismissNotices } from './fullQueue';
import { SCREENSHOTS, startDesk, type RunningDesk, queueRow } from './desk';
import { scanBothThemes } from './axe';

// A hang guard: an action waits at most this long for its element (one UI state follows another within a second).
test.use({ actionTimeout: 30_000 });

const PLAYLIST = `https://www.youtube.com/playlist?list=${YOUTUBE_SOURCES.playlist250}`;
const VIDEO = `https://www.youtube.com/watch?v=${YOUTUBE_IDS.withCaptions}`;
const SHOW = `https://podcasts.apple.com/us/podcast/fixture-fm/id${PODCAST_IDS.show}`;
const FEED = 'https://feeds.fixture.fm/fixture-fm.xml';
/** A plain-text file on a host no platform owns: read, and found to be no feed. */
const NOT_A_FEED = 'https://transcripts.fixture.fm/ep3/transcript.txt';

/** The local calendar day of a date, as a date field takes it. */
const localDay = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

let desk: RunningDesk;

test.beforeAll(async () => {
  desk = await startDesk();
});
test.afterAll(async () => {
  await desk.stop();
});

const picker = (page: Page) => page.getByRole('dialog', { name: 'Add from a source' });

async function paste(page: Page, text: string): Promise<void> {
  await page.getByLabel('Links to add').fill(text);
  await page.getByRole('button', { name: 'Add links' }).click();
}

/** The URLs of the ticked rows the list shows (the first screenful: the list renders only what is on screen). */
const tickedUrls = (dialog: Locator) => dialog.locator('[data-testid=source-item][data-chosen=true]').evaluateAll((rows: { getAttribute(name: string): string | null }[]) => rows.map((r) => r.getAttribute('data-url') ?? ''));

test('a pasted playlist: pick the newest 10, run them, find them in the library; pasted again they are marked, and export', async ({ page }) => {
  await desk.signIn(page);
  await paste(page, PLAYLIST);

  // The picker, not an invalid row: the playlist read, its 250 videos listed, the newest 20 ticked.
  const dialog = picker(page);
  await expect(dialog.getByText('YouTube playlist · 250 items')).toBeVisible();
  await expect(dialog.getByTestId('picker-source-title')).toHaveText(PLAYLIST_250_TITLE);
  await expect(queueRow(page, PLAYLIST)).toHaveCount(0);
  await expect(dialog.getByTestId('picker-add')).toHaveText('Add 20 to the queue');
  await scanBothThemes(page, 'source picker');

  await dialog.getByLabel('How many of the newest').fill('10');
  await expect(dialog.getByTestId('picker-add')).toHaveText('Add 10 to the queue');
  const chosen = await tickedUrls(dialog);
  expect(chosen).toHaveLength(10);
  await page.screenshot({ path: join(SCREENSHOTS, 'source-picker.png') });

  await dialog.getByTestId('picker-add').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('notice').filter({ hasText: `10 items from “${PLAYLIST_250_TITLE}” added to the queue` })).toBeVisible();
  for (const url of chosen) await expect(queueRow(page, url), url).toHaveAttribute('data-status', 'queued');
  await expect(page.getByTestId('queue-row')).toHaveCount(10);

  await page.getByRole('button', { name: '▶ Run' }).click();
  const unsettled = page.locator('[data-testid=queue-row][data-status=queued], [data-testid=queue-row][data-status=running]');
  await expect(unsettled).toHaveCount(0, { timeout: 120_000 }); // a hang guard: ten captioned videos take seconds here
  for (const url of chosen) await expect(queueRow(page, url), url).toHaveAttribute('data-status', 'done');

  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Library' }).click();
  await expect(page.getByTestId('library-entry')).toHaveCount(10);

  // Pasted again: the 10 are in the library, so the newest 10 add nothing unless included.
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Queue' }).click();
  await paste(page, PLAYLIST);
  await expect(dialog.getByText('YouTube playlist · 250 items')).toBeVisible();
  await dialog.getByLabel('How many of the newest').fill('10');
  await expect(dialog.getByTestId('source-item').filter({ hasText: 'In library' })).toHaveCount(10);
  await expect(dialog.getByTestId('picker-add')).toHaveText('Add 0 to the queue');
  await expect(dialog.getByTestId('picker-add')).toBeDisabled();
  await dialog.getByRole('checkbox', { name: 'Include 10 items already in the library' }).check();
  await expect(dialog.getByTestId('picker-add')).toHaveText('Add 10 to the queue');
  // Newest 12: the two beyond the library's are the ones ticked without including.
  await dialog.getByRole('checkbox', { name: 'Include 10 items already in the library' }).uncheck();
  await dialog.getByLabel('How many of the newest').fill('12');
  await expect(dialog.getByTestId('picker-add')).toHaveText('Add 2 to the queue');
  // A row ticked by hand: the selection becomes a hand selection from there.
  await dialog.locator('[data-testid=source-item][data-chosen=false]').first().getByRole('checkbox').check();
  await expect(dialog.getByRole('radio', { name: 'By hand' })).toBeChecked();
  await expect(dialog.getByTestId('picker-add')).toHaveText('Add 3 to the queue');

  // The playlist's transcripts exported from its picker: the ten of the library, in a folder named after it.
  const exportDir = mkdtempSync(join(tmpdir(), 'td-e2e-source-export-'));
  await dialog.getByRole('button', { name: 'Export its transcripts…' }).click();
  const exporting = page.getByRole('dialog', { name: 'Export transcripts' });
  await expect(exporting.getByText('Exports every transcript of this source.')).toBeVisible();
  await exporting.getByRole('radio', { name: /TXT/ }).check();
  await exporting.getByRole('radio', { name: 'One file per transcript' }).check();
  await exporting.getByRole('radio', { name: 'Save on the server' }).check();
  await exporting.getByLabel('Folder').fill(exportDir);
  await exporting.getByRole('button', { name: 'Export' }).click();
  await expect(exporting.getByTestId('export-result')).toContainText('10 files written');
  await exporting.getByRole('button', { name: 'Done' }).click();
  const written = readdirSync(exportDir, { recursive: true }).filter((name) => String(name).endsWith('.txt'));
  expect(written).toHaveLength(10);
  rmSync(exportDir, { recursive: true, force: true });

  // Back in the picker, which stayed open under the export.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('queue-row')).toHaveCount(10);
});

test('a paste mixing items and sources: the items are queued, each source gets its picker in turn', async ({ page }) => {
  await desk.signIn(page);
  await paste(page, [VIDEO, PLAYLIST, SHOW].join('\n'));
  await expect(queueRow(page, VIDEO)).toHaveCount(1);
  await expect(queueRow(page, PLAYLIST)).toHaveCount(0);
  await expect(queueRow(page, SHOW)).toHaveCount(0);

  const dialog = picker(page);
  await expect(dialog.getByText('1 more source pasted: its picker opens after this one.')).toBeVisible();
  await expect(dialog.getByText('YouTube playlist · 250 items')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // The second source's picker: Fixture FM's show, its five episodes.
  await expect(dialog.getByText(/^Apple Podcasts show · 5 items/)).toBeVisible();
  await expect(dialog.getByTestId('picker-source-title')).toHaveText('Fixture FM');
  await expect(dialog.getByText('more source pasted')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});

test('a link on no known site is offered as a podcast feed; one that is no feed says so', async ({ page }) => {
  await desk.signIn(page);
  await dismissNotices(page);
  await paste(page, FEED);
  // Today's invalid row, with the offer in the notice and on the row.
  await expect(queueRow(page, FEED)).toHaveAttribute('data-status', 'invalid');
  await queueRow(page, FEED).getByRole('button', { name: 'Read as a feed' }).click();
  const dialog = picker(page);
  await expect(dialog.getByText(/^Podcast feed · 5 items/)).toBeVisible();
  await expect(dialog.getByTestId('picker-source-title')).toHaveText('Fixture FM');
  // Five episodes fewer than the newest 20: all of them.
  await expect(dialog.getByTestId('picker-add')).toHaveText('Add 5 to the queue');
  await dialog.getByTestId('picker-add').click();
  // The episodes take the feed link's place in the queue.
  await expect(queueRow(page, FEED)).toHaveCount(0);
  await expect(page.getByTestId('notice').filter({ hasText: /^5 items from “Fixture FM” added to the queue/ })).toBeVisible();

  await dismissNotices(page);
  await paste(page, NOT_A_FEED);
  await page.getByTestId('notice').getByRole('button', { name: 'Read as a feed' }).click();
  // The service's own words.
  await expect(dialog.getByTestId('picker-error')).toHaveText(/is not a playlist, channel, show or feed: transcripts\.fixture\.fm answered a document that is not RSS or Atom/);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(queueRow(page, NOT_A_FEED)).toHaveAttribute('data-status', 'invalid');
});

test('a feed of 3,050 episodes: all listed, the oldest reached by scrolling, a date range picks its days', async ({ page }) => {
  await desk.signIn(page);
  await dismissNotices(page);
  await paste(page, BIG_FEED_URL);
  await page.getByTestId('notice').getByRole('button', { name: 'Read as a feed' }).click();
  const dialog = picker(page);
  await expect(dialog.getByText(`Podcast feed · ${BIG_FEED_EPISODES.toLocaleString('en-US')} items`)).toBeVisible({ timeout: 60_000 }); // a hang guard: a 17 MB feed is read in seconds here
  await expect(dialog.getByTestId('picker-add')).toHaveText('Add 20 to the queue');

  // The list renders what is on screen only; scrolled to its end, the oldest episode is there.
  const list = dialog.getByRole('list', { name: 'Items of the source' });
  await expect(list.getByRole('listitem')).not.toHaveCount(0);
  expect(await list.getByRole('listitem').count()).toBeLessThan(60);
  await list.evaluate((el: { scrollTop: number; scrollHeight: number }) => (el.scrollTop = el.scrollHeight));
  await expect(list.locator(`[aria-posinset="${BIG_FEED_EPISODES}"]`)).toBeVisible();

  // Episode k is dated k days before the newest: ten days hold ten episodes.
  await dialog.getByRole('radio', { name: 'Published between' }).check();
  await dialog.getByLabel('From', { exact: true }).fill(localDay(bigFeedDate(109)));
  await dialog.getByLabel('To', { exact: true }).fill(localDay(bigFeedDate(100)));
  await expect(dialog.getByTestId('picker-add')).toHaveText('Add 10 to the queue');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
});
