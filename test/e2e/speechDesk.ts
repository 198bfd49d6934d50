// What the speech specs share: a desk whose speech-to-text is pocketsphinx on one worker (started
// once per spec file, its media folder removed after), and an export of the open transcript into
// a folder on the server.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startDesk, type RunningDesk } from './desk';

/** Starts the desk before the file's tests and stops it after; the getter gives the running one. */
export function pocketsphinxDesk(): () => RunningDesk {
  let desk: RunningDesk | undefined;
  let mediaDir = '';
  test.beforeAll(async () => {
    mediaDir = mkdtempSync(join(tmpdir(), 'td-e2e-media-'));
    desk = await startDesk({ mediaDir, settings: { 'stt.engine': 'pocketsphinx', 'stt.workers': '1' } });
  });
  test.afterAll(async () => {
    await desk?.stop();
    rmSync(mediaDir, { recursive: true, force: true });
  });
  return () => {
    if (desk === undefined) throw new Error('the desk has not started (beforeAll failed)');
    return desk;
  };
}

/** Exports the transcript open in the viewer in `format` (a radio's name) into a fresh folder; the one file's name. */
export async function exportOpen(page: Page, folder: string, format: RegExp = /SRT/): Promise<string> {
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  await page.getByTestId('viewer').getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export transcripts' });
  await dialog.getByRole('radio', { name: format }).check();
  await dialog.getByRole('radio', { name: 'Save on the server' }).check(); // the browser build downloads by default
  await dialog.getByLabel('Folder').fill(folder);
  await dialog.getByRole('button', { name: 'Export' }).click();
  await expect(dialog.getByTestId('export-result')).toContainText(`1 file written to ${folder}`);
  await dialog.getByRole('button', { name: 'Done' }).click();
  const files = readdirSync(folder);
  expect(files).toHaveLength(1);
  return files[0] as string;
}
