// Issue 13 item 8 in the browser build: the batch exported as a zip is a download (the server
// streams it; nothing lands in the server's export folder) whose entries are the expected SRT
// files; a TikTok reached through its short link and its full link is in it once; the dialog
// remembers the format and the zip choice across a reload.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { dropFile, SCREENSHOTS, startDesk, type RunningDesk } from './desk';

const LINKS = readFileSync(resolve(__dirname, 'fixtures/links-20.txt'), 'utf8');
const EXPECTED_SRT = resolve(__dirname, 'expected/srt');
/** The short link of https://www.tiktok.com/@traveltok/video/7350000000000000001, already in the batch. */
const TIKTOK_SHORT = 'https://vm.tiktok.com/ZMok0001/';

let desk: RunningDesk;
let scratch: string;
let serverFolder: string;

test.beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'td-e2e-download-'));
  serverFolder = join(scratch, 'server-exports');
  desk = await startDesk({ settings: { 'desk.export.folder': serverFolder } });
});
test.afterAll(async () => {
  await desk.stop();
  rmSync(scratch, { recursive: true, force: true });
});

test('the batch downloads as a zip of the expected files, each transcript once, nothing written on the server', async ({ page }) => {
  // Tall enough that the virtualized list renders every row at once.
  await page.setViewportSize({ width: 1280, height: 1500 });
  await desk.signIn(page);
  await dropFile(page, 'links.txt', `${LINKS}\n${TIKTOK_SHORT}\n`);
  await expect(page.getByTestId('queue-row')).toHaveCount(19);
  await page.getByRole('button', { name: '▶ Run' }).click();
  await expect(page.locator('[data-testid=queue-row][data-status=queued], [data-testid=queue-row][data-status=running]')).toHaveCount(0, { timeout: 180_000 }); // a hang guard: the run takes 3–5 s here

  await page.getByRole('button', { name: 'Export all…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export transcripts' });
  await dialog.getByRole('radio', { name: /SRT/ }).check();
  await dialog.getByRole('radio', { name: 'One zip file' }).check();
  await expect(dialog.getByRole('radio', { name: 'Download' })).toBeChecked();
  await expect(dialog.getByLabel('Folder')).toBeHidden();
  await page.screenshot({ path: join(SCREENSHOTS, 'export-download-dialog.png') });

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^transcripts-srt-\d{4}-\d\d-\d\d-\d{4}\.zip$/);
  const saved = join(scratch, download.suggestedFilename());
  await download.saveAs(saved);

  const entries = unzipSync(new Uint8Array(readFileSync(saved)));
  const expected = readdirSync(EXPECTED_SRT).sort();
  expect(Object.keys(entries).sort()).toEqual(expected);
  for (const name of expected) expect(strFromU8(entries[name] as Uint8Array), name).toBe(readFileSync(join(EXPECTED_SRT, name), 'utf8'));

  const result = dialog.getByTestId('export-result');
  await expect(result).toContainText(`7 files downloaded as ${download.suggestedFilename()}`);
  await expect(result).toContainText('1 link led to a transcript already in this export and was exported once.');
  await expect(dialog.getByTestId('export-skipped')).toContainText('SRT needs timed segments');
  await expect(result.getByRole('button', { name: 'Open folder' })).toHaveCount(0);
  await page.screenshot({ path: join(SCREENSHOTS, 'export-download-result.png') });
  expect(existsSync(serverFolder)).toBe(false);
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The last choices come back after a reload.
  await page.reload();
  await page.getByRole('navigation', { name: 'Views' }).waitFor();
  await page.getByRole('button', { name: 'Export all…' }).click();
  await expect(dialog.getByRole('radio', { name: /SRT/ })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'One zip file' })).toBeChecked();
  await expect(dialog.getByRole('radio', { name: 'Download' })).toBeChecked();

  // One transcript, one file per transcript: the file itself.
  await dialog.getByRole('radio', { name: /TXT/ }).check();
  await dialog.getByRole('radio', { name: 'One file per transcript' }).check();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.locator('[data-testid=queue-row][data-url="https://www.youtube.com/watch?v=GJLlxj_dtq8"]').getByRole('button', { name: 'Open' }).click();
  await page.getByTestId('viewer').getByRole('button', { name: /Export/ }).click();
  await expect(dialog.getByRole('radio', { name: /TXT/ })).toBeChecked();
  const single = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const file = await single;
  expect(file.suggestedFilename()).toBe('Surface-Go-Review-It-s-Awesome.txt');
  await file.saveAs(join(scratch, 'single.txt'));
  expect(readFileSync(join(scratch, 'single.txt'), 'utf8')).toContain('Hey guys, so this is the Surface Go.');
  expect(existsSync(serverFolder)).toBe(false);

  // Markdown for notes, named by a pattern: front matter, and timestamps that open the video at their second.
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.getByTestId('viewer').getByRole('button', { name: /Export/ }).click();
  await dialog.getByRole('radio', { name: /^MD / }).check();
  await dialog.getByLabel('Name pattern').fill('{platform} {titel}');
  await expect(dialog.getByText('unknown token {titel}')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Download' })).toBeDisabled();
  await dialog.getByLabel('Name pattern').fill('{platform} {title}');
  const markdown = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const md = await markdown;
  expect(md.suggestedFilename()).toBe('YouTube-Surface-Go-Review-It-s-Awesome.md');
  await md.saveAs(join(scratch, 'single.md'));
  const notes = readFileSync(join(scratch, 'single.md'), 'utf8');
  expect(notes).toMatch(/^---\ntitle: "Surface Go Review - It’s Awesome"\nurl: "https:\/\/www\.youtube\.com\/watch\?v=GJLlxj_dtq8"\nplatform: "YouTube"\n/);
  expect(notes).toContain('\n[0:00](https://www.youtube.com/watch?v=GJLlxj_dtq8&t=0s) Hey guys, so this is the Surface Go.');
  expect(existsSync(serverFolder)).toBe(false);
});
