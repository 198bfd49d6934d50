// A queue in real use, for the layout and accessibility specs: the 20-link batch (done, no speech,
// failed and invalid rows) and podcast episodes with their job cards, all through the desk as a
// user adds them, against the fixture upstream.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { episodeLink, PODCAST_IDS } from '../upstream/hosts/podcasts';
import { dropFile } from './desk';

export const LINKS_20 = readFileSync(resolve(__dirname, 'fixtures/links-20.txt'), 'utf8');

/** Fixture FM's episodes: three end without speech-to-text (a publisher VTT, a JSON transcript, a 404), one runs pocketsphinx for minutes. */
export const EPISODES = {
  publisher: episodeLink(PODCAST_IDS.show, PODCAST_IDS.publisher, 'should-you-have-a-trailer'),
  old: episodeLink(PODCAST_IDS.show, PODCAST_IDS.old, 'the-lighthouse-keepers-notebook'),
  failing: episodeLink(PODCAST_IDS.show, PODCAST_IDS.failing, 'the-episode-that-was-taken-down'),
  long: episodeLink(PODCAST_IDS.show, PODCAST_IDS.main, 'trains-kitchens-lighthouses'),
} as const;

/** A done YouTube row whose transcript opens in the viewer (9 caption tracks). */
export const OPENABLE = 'https://www.youtube.com/watch?v=GJLlxj_dtq8';

export const rows = (page: Page) => page.getByTestId('queue-row');

async function addLinks(page: Page, text: string): Promise<void> {
  await page.getByLabel('Links to add').fill(text);
  await page.getByRole('button', { name: 'Add links' }).click();
}

/**
 * Drops the batch, runs it to the end, then adds `episodes` and runs them: the three quick ones
 * end (two done, one failed), a long one stays running. Returns when every card is there.
 */
export async function fillQueue(page: Page, episodes: readonly string[]): Promise<void> {
  await dropFile(page, 'links.txt', LINKS_20);
  await expect(rows(page).first()).toBeVisible();
  await page.getByRole('button', { name: '▶ Run' }).click();
  const unsettled = page.locator('[data-testid=queue-row][data-status=queued], [data-testid=queue-row][data-status=running]');
  await expect(unsettled).toHaveCount(0, { timeout: 180_000 }); // a hang guard: the batch takes 3–5 s here
  await addLinks(page, episodes.join('\n'));
  await page.getByRole('button', { name: '▶ Run' }).click();
  // Folded or not, the summary or the cards count every job.
  await expect(page.locator('[data-testid=queue-row][data-status=queued]')).toHaveCount(0);
}

/** Closes the notices, so that a screenshot or a scan shows the page under them. */
export async function dismissNotices(page: Page): Promise<void> {
  const dismiss = page.getByTestId('notice').getByRole('button', { name: 'Dismiss' });
  // A notice may also leave by itself (after 5 or 10 s) between the count and the click.
  while ((await dismiss.count()) > 0) await dismiss.first().click({ timeout: 2_000 }).catch(() => undefined);
}

/**
 * Waits until the quick episodes have ended and the long one runs (read from the cards' summary:
 * the podcast rows may be scrolled out of the virtualized list), checks that the running card
 * offers Cancel and no Dismiss, and cancels it: four ended cards, and no speech engine left
 * running on a machine the other tests share.
 */
export async function endEpisodes(page: Page): Promise<void> {
  await expect(page.getByTestId('job-summary')).toHaveText('4 podcast jobs · 1 running · 2 done · 1 failed', { timeout: 60_000 }); // a hang guard: 2–4 s each here
  await page.getByRole('button', { name: /podcast jobs/ }).click();
  const running = page.locator('[data-testid=job-card][data-status=processing]');
  await expect(running.getByRole('button', { name: /^Dismiss/ })).toHaveCount(0);
  await running.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('job-summary')).toHaveText('4 podcast jobs · 2 done · 2 failed');
  await page.getByRole('button', { name: /podcast jobs/ }).click();
}
