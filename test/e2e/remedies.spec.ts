// Issue 13 item 7 in the browser: rows offer the remedy instead of advice. With whisper chosen and
// no model, an Instagram reel fails with "Download a model" (no CLI command in its text), which
// starts the same download as Settings' button; an empty TikTok offers "Transcribe the audio",
// which (once pocketsphinx is chosen) turns it into a transcript for one more credit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { INSTAGRAM_SHORTCODES } from '../upstream/hosts/instagram';
import { TIKTOK_IDS, TIKTOK_USER } from '../upstream/hosts/tiktok';
import { prepareMedia } from '../upstream/media';
import { SCREENSHOTS, startDesk, queueRow as row, type RunningDesk } from './desk';

const REEL = `https://www.instagram.com/reel/${INSTAGRAM_SHORTCODES.reel}/`;
const EMPTY_TIKTOK = `https://www.tiktok.com/@${TIKTOK_USER}/video/${TIKTOK_IDS.videoNoCaptions}`;

let desk: RunningDesk;
let mediaDir: string;

test.beforeAll(async () => {
  mediaDir = mkdtempSync(join(tmpdir(), 'td-e2e-media-'));
  await prepareMedia(mediaDir);
  desk = await startDesk({ mediaDir, settings: { 'stt.engine': 'whisper' } });
});
test.afterAll(async () => {
  await desk.stop();
  rmSync(mediaDir, { recursive: true, force: true });
});

test('a missing whisper model offers its download; an empty TikTok offers and gets its audio transcribed', async ({ page }) => {
  await desk.signIn(page);
  await page.getByPlaceholder('Paste links, one per line or mixed with text…').fill(`${REEL}\n${EMPTY_TIKTOK}\n`);
  await page.getByRole('button', { name: 'Add links' }).click();
  await page.getByRole('button', { name: '▶ Run' }).click();
  await expect(page.locator('[data-testid=queue-row][data-status=queued], [data-testid=queue-row][data-status=running]')).toHaveCount(0, { timeout: 120_000 }); // a hang guard: seconds here

  const reel = row(page, REEL);
  await expect(reel).toHaveAttribute('data-status', 'failed');
  await expect(reel.getByTestId('row-detail')).toContainText('whisper has no model: download one with “Download a model”');
  await expect(reel.getByTestId('row-detail')).not.toContainText('transcript-desk models');
  const tiktok = row(page, EMPTY_TIKTOK);
  await expect(tiktok).toHaveAttribute('data-status', 'empty');
  await expect(tiktok.getByRole('button', { name: 'Transcribe the audio' })).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, 'remedies.png') });

  // The same download Settings starts: the fixture has no model host, so it fails, and both the
  // row and Settings' model list say so.
  await reel.getByRole('button', { name: 'Download a model', exact: true }).click();
  await expect(reel.getByRole('button', { name: 'Download again' })).toBeVisible();
  expect(desk.fixture.requests.map((r) => r.url)).toContainEqual(expect.stringMatching(/^https:\/\/huggingface\.co\/.*ggml-base\.en\.bin$/));
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Settings' }).click();
  const baseEn = page.locator('li.model').filter({ hasText: 'base.en' });
  await expect(baseEn.locator('.bad')).not.toBeEmpty();

  // Our speech-to-text for the TikTok: pocketsphinx, chosen the way a user does.
  await page.getByLabel('Engine').selectOption('pocketsphinx');
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Queue' }).click();
  const before = (await desk.balance()).credits;
  await tiktok.getByRole('button', { name: 'Transcribe the audio' }).click();
  await expect(tiktok).toHaveAttribute('data-status', 'done', { timeout: 120_000 }); // a hang guard: a 10 s clip takes seconds
  await expect(tiktok.getByText('2 cr')).toBeVisible();
  expect((await desk.balance()).credits).toBe(before - 1);
  await page.screenshot({ path: join(SCREENSHOTS, 'remedies-transcribed.png') });
  await tiktok.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByTestId('viewer')).toContainText(/lighthouse|harbor/);
});
