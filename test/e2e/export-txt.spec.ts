// Issue 18 item 2 in the browser build: TXT export options. Choosing TXT shows them, paragraphs on
// to start with; paragraphs with a timestamp every 5 seconds download exactly that text, and the
// choice is remembered for the next export.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { dropFile, SCREENSHOTS, startDesk, type RunningDesk } from './desk';

const VIDEO = 'https://www.youtube.com/watch?v=GJLlxj_dtq8';
/** test/fixtures/captions/srv3-manual.xml as one paragraph, a mark before the first words at or past each 5 s. */
const EXPECTED = "[00:00] Hey guys, so this is the Surface Go. It's Microsoft's smallest & cheapest Surface. [00:05] The Type Cover is sold separately. And the price? 'Just' $399. [00:12] Let's find out if it's any good. [00:15] [Music]\n";

let desk: RunningDesk;
let scratch: string;

test.beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'td-e2e-txt-'));
  desk = await startDesk();
});
test.afterAll(async () => {
  await desk.stop();
  rmSync(scratch, { recursive: true, force: true });
});

test('TXT with paragraphs and a timestamp every 5 seconds downloads that text', async ({ page }) => {
  await desk.signIn(page);
  await dropFile(page, 'links.txt', `${VIDEO}\n`);
  await expect(page.getByTestId('queue-row')).toHaveCount(1);
  await page.getByRole('button', { name: '▶ Run' }).click();
  await expect(page.locator(`[data-testid=queue-row][data-url="${VIDEO}"][data-status=done]`)).toHaveCount(1, { timeout: 60_000 }); // a hang guard: one fetch from the fixture upstream

  await page.getByRole('button', { name: 'Export all…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export transcripts' });
  await dialog.getByRole('radio', { name: /SRT/ }).check();
  await expect(dialog.getByRole('checkbox', { name: /Paragraphs/ })).toHaveCount(0);
  await dialog.getByRole('radio', { name: /TXT/ }).check();
  await dialog.getByRole('radio', { name: 'One file per transcript' }).check();
  await expect(dialog.getByRole('checkbox', { name: /Paragraphs/ })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /Speaker names/ })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'None' })).toBeChecked();
  await dialog.getByRole('radio', { name: 'Every' }).check();
  await dialog.getByLabel('Seconds between timestamps').fill('5');
  await page.screenshot({ path: join(SCREENSHOTS, 'export-txt-options.png') });

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Surface-Go-Review-It-s-Awesome.txt');
  await download.saveAs(join(scratch, 'surface.txt'));
  expect(readFileSync(join(scratch, 'surface.txt'), 'utf8')).toBe(EXPECTED);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The TXT options are remembered for the next export.
  await page.getByRole('button', { name: 'Export all…' }).click();
  await expect(dialog.getByRole('radio', { name: 'Every' })).toBeChecked();
  await expect(dialog.getByLabel('Seconds between timestamps')).toHaveValue('5');
});
