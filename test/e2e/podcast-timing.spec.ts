// Timed podcast transcripts in the desk: an episode whose feed links a WebVTT transcript with voice
// spans (the Podcast Index example: Sarah and Gillian), one with a Podcast Index JSON transcript
// whose segments name their speaker, and one transcribed by pocketsphinx from
// flite speech all open in the viewer with a time on every line, the publisher's speakers named,
// and export SRT/VTT files equal to the expected ones. A failed episode retried keeps one card.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { speechGuardMs } from '../helpers/guards';
import { episodeLink, PODCAST_IDS } from '../upstream/hosts/podcasts';
import { SCREENSHOTS, queueRow as row } from './desk';
import { exportOpen, pocketsphinxDesk } from './speechDesk';

const PUBLISHER_VTT = episodeLink(PODCAST_IDS.show, PODCAST_IDS.publisher, 'should-you-have-a-trailer');
const SPEECH = episodeLink(PODCAST_IDS.show, PODCAST_IDS.noDuration, 'a-very-short-walk');
const PUBLISHER_JSON = episodeLink(PODCAST_IDS.show, PODCAST_IDS.old, 'the-lighthouse-keepers-notebook');
const FAILING = episodeLink(PODCAST_IDS.show, PODCAST_IDS.failing, 'the-episode-that-was-taken-down');
const EXPECTED = resolve(__dirname, 'expected/podcast');
const EXPORT_DIR = resolve(__dirname, '../../test-results/e2e/podcast-export');
/** The short clip (about 10 s of speech) transcribed on one worker, and the rest of the flow: a hang guard. */
const SPEECH_GUARD_MS = speechGuardMs(12, { overheadMs: 90_000 });

const running = pocketsphinxDesk();

async function addAndRun(page: Page, url: string): Promise<void> {
  await page.getByLabel('Links to add').fill(url);
  await page.getByRole('button', { name: 'Add links' }).click();
  await page.getByRole('button', { name: '▶ Run' }).click();
}

const jobCard = (page: Page, title: string) => page.getByTestId('job-card').filter({ hasText: title });


const expectSameFile = (folder: string, name: string) => expect(readFileSync(join(folder, name), 'utf8'), name).toBe(readFileSync(join(EXPECTED, name), 'utf8'));

test("the publisher's VTT: a time on every line, the speakers named, SRT with their names", async ({ page }) => {
  await running().signIn(page);
  await addAndRun(page, PUBLISHER_VTT);
  const card = jobCard(page, 'Should You Have a Trailer?');
  await expect(card).toHaveAttribute('data-status', 'done', { timeout: 30_000 }); // a hang guard: no speech-to-text here
  await card.getByRole('button', { name: 'Open' }).click();
  const viewer = page.getByTestId('viewer');
  await expect(viewer.getByRole('heading', { name: 'Should You Have a Trailer?' })).toBeVisible();
  const lines = viewer.locator('.line');
  await expect(lines.first().locator('.timestamp')).toHaveText('0:00');
  await expect(lines.first()).toContainText("Sarah: In today's episode, you'll learn whether or not you");
  // The name where a turn begins, not on every line of the turn.
  await expect(lines.nth(1)).toHaveText(/^0:02should have a podcast trailer/);
  await expect(lines.nth(5).locator('.timestamp')).toHaveText('0:19');
  await expect(lines.nth(5).getByTestId('speaker')).toHaveText('Gillian: ');
  await expect(viewer.getByTestId('speaker')).toHaveText(['Sarah: ', 'Gillian: ']);
  await page.screenshot({ path: join(SCREENSHOTS, 'podcast-timed.png') });

  const file = await exportOpen(page, join(EXPORT_DIR, 'publisher'));
  expect(file).toBe('Should-You-Have-a-Trailer.srt');
  expectSameFile(join(EXPORT_DIR, 'publisher'), file);
});

test("the publisher's Podcast Index JSON: its speaker fields name the lines; VTT export carries them as voice spans", async ({ page }) => {
  await running().signIn(page);
  await addAndRun(page, PUBLISHER_JSON);
  const card = jobCard(page, "The Lighthouse Keeper's Notebook");
  await expect(card).toHaveAttribute('data-status', 'done', { timeout: 30_000 }); // a hang guard: no speech-to-text here
  await card.getByRole('button', { name: 'Open' }).click();
  const viewer = page.getByTestId('viewer');
  await expect(viewer.locator('.line .timestamp')).toHaveText(['0:00', '0:04', '0:09']);
  await expect(viewer.getByTestId('speaker')).toHaveText(['Keeper: ']);
  const file = await exportOpen(page, join(EXPORT_DIR, 'json'), /^VTT /);
  expect(file).toBe('The-Lighthouse-Keeper-s-Notebook.vtt');
  expectSameFile(join(EXPORT_DIR, 'json'), file);
});

test('an episode transcribed by speech-to-text: timed lines in the viewer and in SRT', async ({ page }) => {
  test.setTimeout(SPEECH_GUARD_MS);
  await running().signIn(page);
  await addAndRun(page, SPEECH);
  const card = jobCard(page, 'A Very Short Walk');
  await expect(card).toHaveAttribute('data-status', 'done', { timeout: SPEECH_GUARD_MS });
  await card.getByRole('button', { name: 'Open' }).click();
  const viewer = page.getByTestId('viewer');
  await expect(viewer.getByRole('heading', { name: 'A Very Short Walk' })).toBeVisible();
  const stamps = viewer.locator('.line .timestamp');
  await expect(stamps.first()).toHaveText(/^0:0\d$/);
  // Speech-to-text names nobody.
  await expect(viewer.getByTestId('speaker')).toHaveCount(0);
  const file = await exportOpen(page, join(EXPORT_DIR, 'speech'));
  expect(file).toBe('A-Very-Short-Walk.srt');
  expectSameFile(join(EXPORT_DIR, 'speech'), file);
});

test('retrying a failed episode reuses its card', async ({ page }) => {
  await running().signIn(page);
  await addAndRun(page, FAILING);
  const card = jobCard(page, 'The Episode That Was Taken Down');
  await expect(card).toHaveAttribute('data-status', 'failed', { timeout: 30_000 }); // a hang guard: the download fails at once
  await row(page, FAILING).getByRole('button', { name: 'Retry' }).click();
  await expect(row(page, FAILING)).toHaveAttribute('data-status', 'queued');
  await page.getByRole('button', { name: '▶ Run' }).click();
  await expect(row(page, FAILING)).toHaveAttribute('data-status', 'failed', { timeout: 30_000 });
  await expect(card).toHaveCount(1);
  await expect(card).toHaveAttribute('data-status', 'failed');
});
