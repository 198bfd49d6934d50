// Issue 18, editing with versions, in the browser build of a real `serve --ui`: the publisher's
// VTT of a podcast episode (Sarah and Gillian) opened in the viewer, a line fixed and a speaker
// renamed, each a new version; the export shows both; the REST API still answers the episode's
// original transcript, byte for byte. Then the episode's audio transcribed again by pocketsphinx
// (another source than the publisher) as a third version: the viewer switches between versions
// and compares two, changes marked in words as well as colour, and axe finds nothing to fix.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { speechGuardMs } from '../helpers/guards';
import { words } from '../helpers/wer';
import { episodeLink, PODCAST_IDS } from '../upstream/hosts/podcasts';
import { CLIP_TEXT } from '../upstream/media';
import { scanBothThemes } from './axe';
import { SCREENSHOTS } from './desk';
import { exportOpen, pocketsphinxDesk } from './speechDesk';

const EPISODE = episodeLink(PODCAST_IDS.show, PODCAST_IDS.publisher, 'should-you-have-a-trailer');
const EXPORT_DIR = resolve(__dirname, '../../test-results/e2e/versions-export');
const OLD_EPISODE = episodeLink(PODCAST_IDS.show, PODCAST_IDS.old, 'the-lighthouse-keepers-notebook');
const FIXED = 'In today’s show you will learn whether or not you';

const running = pocketsphinxDesk();

/** The open transcript exported as SRT into a fresh folder on the server: the file's text. */
const exportedSrt = async (page: Page, folder: string) => readFileSync(join(folder, await exportOpen(page, folder)), 'utf8');

/** The episode through the REST API, as any script asks for it: the finished transcript (deduped), raw. */
async function restBody(url = EPISODE): Promise<string> {
  const response = await fetch(`${running().url}/api/podcast/transcript`, { method: 'POST', headers: { authorization: `Bearer ${running().ownerKey}`, 'content-type': 'application/json' }, body: JSON.stringify({ url }) });
  expect(response.status).toBe(200);
  return response.text();
}


test('fix a line and rename a speaker, export shows both, the REST API keeps the original; transcribe again, switch versions, compare', async ({ page }) => {
  test.setTimeout(speechGuardMs(12, { overheadMs: 120_000 }));
  await running().signIn(page);
  await page.getByLabel('Links to add').fill(EPISODE);
  await page.getByRole('button', { name: 'Add links' }).click();
  await page.getByRole('button', { name: '▶ Run' }).click();
  const card = page.getByTestId('job-card').filter({ hasText: 'Should You Have a Trailer?' });
  await expect(card).toHaveAttribute('data-status', 'done', { timeout: 30_000 }); // a hang guard: the publisher's file, no speech-to-text
  const original = await restBody();
  await card.getByRole('button', { name: 'Open' }).click();
  const viewer = page.getByTestId('viewer');
  const lines = viewer.locator('.line');
  await expect(lines.first()).toContainText("Sarah: In today's episode, you'll learn whether or not you");

  // A line fixed: the viewer shows the new version at once.
  await viewer.getByRole('button', { name: 'Edit line 1' }).click();
  await viewer.getByLabel(/^Line 1 at 0:00/).fill(FIXED);
  await viewer.getByRole('button', { name: 'Save fix' }).click();
  await expect(lines.first()).toContainText(`Sarah: ${FIXED}`);

  // Gillian renamed on every line she speaks, made from the fixed version.
  await viewer.getByRole('button', { name: 'Edit line 6' }).click();
  await viewer.getByLabel('Speaker of this line').fill('Jill');
  await viewer.getByRole('button', { name: 'Rename Gillian everywhere' }).click();
  await expect(viewer.getByTestId('speaker')).toHaveText(['Sarah: ', 'Jill: ']);
  await expect(lines.first()).toContainText(FIXED);

  // SRT wraps long lines and names a speaker where a turn begins; Gillian is still named in Sarah's words.
  const srt = (await exportedSrt(page, join(EXPORT_DIR, 'edited'))).replace(/\s+/g, ' ');
  expect(srt).toContain(`Sarah: ${FIXED}`);
  expect(srt).toContain('Jill: Hi Buzzsprout');
  expect(srt).not.toContain('Gillian: ');
  expect(await restBody()).toBe(original);

  // The panel: the original and two edits, the latest exporting.
  const panel = viewer.getByTestId('versions');
  await panel.locator('summary').click();
  const rows = panel.locator('li.version');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(2)).toContainText('v2 · Renamed Gillian → Jill');
  await expect(rows.nth(2)).toContainText('edited from v1 · Fixed line 1');
  await expect(rows.nth(2).getByRole('radio')).toBeChecked();

  // The episode's audio through pocketsphinx: a third version, shown and exporting.
  const again = panel.getByRole('form', { name: 'Transcribe again' });
  await again.getByLabel('Engine').selectOption('pocketsphinx');
  await again.getByRole('button', { name: 'Transcribe again' }).click();
  await expect(rows).toHaveCount(4, { timeout: speechGuardMs(12) });
  await expect(rows.nth(3)).toContainText('v3 · pocketsphinx');
  await expect(rows.nth(3)).toContainText('speech-to-text, pocketsphinx');
  await expect(rows.nth(3).getByRole('radio')).toBeChecked();
  const heard = new Set(words(await viewer.getByTestId('viewer-lines').innerText()));
  expect(['lighthouse', 'harbor', 'keeper', 'stairs', 'lamp'].filter((w) => heard.has(w) && words(CLIP_TEXT).includes(w)).length).toBeGreaterThan(0);

  // Back to the original, then the original compared with the re-transcription.
  await rows.nth(0).getByRole('button', { name: 'Show' }).click();
  await expect(lines.first()).toContainText("Sarah: In today's episode");
  await panel.getByRole('button', { name: 'Show changes' }).click();
  const diff = panel.getByTestId('diff');
  await expect(diff).toContainText(/From Original to v3 · pocketsphinx[^:]*: \d+ words added, \d+ removed/);
  expect(await diff.locator('ins').count()).toBeGreaterThan(0);
  expect(await diff.locator('del').count()).toBeGreaterThan(0);
  await expect(diff.locator('ins .visually-hidden').first()).toHaveText('added: ');
  await scanBothThemes(page, 'viewer with the versions panel and a comparison open');
  await diff.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(SCREENSHOTS, 'versions.png') });

  // Still the original on the REST API after all of it.
  expect(await restBody()).toBe(original);
});

test('a show’s vocabulary offers its spelling in the viewer, and applying it makes a version the export uses', async ({ page }) => {
  test.setTimeout(120_000);
  await running().signIn(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const perShow = page.getByLabel(/^For one show or source/);
  await perShow.fill('Fixture FM = Narrowstairs');
  await perShow.blur(); // saved when the box loses the focus

  await page.getByRole('button', { name: 'Queue' }).click();
  await page.getByLabel('Links to add').fill(OLD_EPISODE);
  await page.getByRole('button', { name: 'Add links' }).click();
  await page.getByRole('button', { name: '▶ Run' }).click();
  const card = page.getByTestId('job-card').filter({ hasText: 'Lighthouse' });
  await expect(card).toHaveAttribute('data-status', 'done', { timeout: 30_000 }); // a hang guard: the publisher's JSON, no speech-to-text
  const original = await restBody(OLD_EPISODE);
  await card.getByRole('button', { name: 'Open' }).click();
  const viewer = page.getByTestId('viewer');
  await expect(viewer.locator('.line').first()).toContainText('Every night I climbed the narrow stairs.');

  const suggestions = viewer.getByTestId('vocabulary-suggestions');
  await suggestions.locator('summary').click();
  await expect(suggestions).toContainText('Replace “narrow stairs” with “Narrowstairs” (1 place)');
  await suggestions.getByRole('button', { name: 'Replace “narrow stairs” with “Narrowstairs”' }).click();
  await expect(viewer.locator('.line').first()).toContainText('Every night I climbed the Narrowstairs.');
  await expect(suggestions).toHaveCount(0);
  const panel = viewer.getByTestId('versions');
  await panel.locator('summary').click();
  await expect(panel.locator('li.version').nth(1)).toContainText('v1 · Replaced “narrow stairs” with “Narrowstairs” (1 place)');
  expect(await exportedSrt(page, join(EXPORT_DIR, 'vocabulary'))).toContain('Narrowstairs');
  expect(await restBody(OLD_EPISODE)).toBe(original);
});
