// The desktop app as a user meets it: it starts on app://desk with nothing but window.desk in the
// page, a dropped URL list is read by the main process and its links run, an export goes to the
// folder the (stubbed) system dialog picks, and the page cannot navigate away or open windows.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { launchApp, dropFiles, type RunningApp } from './app';
import { electronBinary } from './binary';

const binary = electronBinary();
test.skip('missing' in binary, 'missing' in binary ? binary.missing : '');

let running: RunningApp;

test.beforeAll(async () => {
  running = await launchApp();
});
test.afterAll(async () => {
  await running?.close();
});

test('starts on app://desk with only window.desk exposed', async () => {
  const { page } = running;
  expect(page.url()).toBe('app://desk/index.html');
  expect(await page.title()).toBe('Transcript Desk');
  const exposed = await page.evaluate(() => ({
    desk: Object.keys((globalThis as unknown as { desk: object }).desk).sort(),
    require: typeof (globalThis as { require?: unknown }).require,
    process: typeof (globalThis as { process?: unknown }).process,
  }));
  expect(exposed).toEqual({ desk: ['invoke', 'on', 'pathForFile'], require: 'undefined', process: 'undefined' });
  await expect(page.getByTestId('balance-credits')).toHaveText('1,000');
});

test('a dropped URL list is read by the main process and its links run', async () => {
  const { page, home } = running;
  const list = join(home, 'links.txt');
  writeFileSync(list, ['https://www.youtube.com/watch?v=GJLlxj_dtq8', 'https://youtu.be/GJLlxj_dtq8', 'https://rumble.com/vok0001-city-council-bridge-vote-live-coverage.html', 'https://www.youtube.com/watch'].join('\n'));
  await dropFiles(page, [list]);
  await expect(page.getByTestId('notice').filter({ hasText: '4 links: 3 new items, 1 invalid, 1 duplicate folded' })).toBeVisible();
  await expect(page.getByTestId('queue-row')).toHaveCount(3);
  await page.getByRole('button', { name: '▶ Run' }).click();
  const row = (url: string) => page.locator(`[data-testid=queue-row][data-url="${url}"]`);
  await expect(row('https://www.youtube.com/watch?v=GJLlxj_dtq8')).toHaveAttribute('data-status', 'done');
  await expect(row('https://rumble.com/vok0001-city-council-bridge-vote-live-coverage.html')).toHaveAttribute('data-status', 'done');
  await expect(row('https://www.youtube.com/watch')).toHaveAttribute('data-status', 'invalid');
  await expect(page.getByTestId('balance-credits')).toHaveText('998');
});

test('an export goes to the folder the system dialog picks', async () => {
  const { app, page, home } = running;
  const folder = join(home, 'picked-folder');
  mkdirSync(folder);
  await app.evaluate(({ dialog }, picked) => {
    dialog.showOpenDialog = () => Promise.resolve({ canceled: false, filePaths: [picked] });
  }, folder);
  await page.getByRole('button', { name: 'Export all…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: /TXT/ }).check();
  await dialog.getByRole('button', { name: 'Choose…' }).click();
  await expect(dialog.getByRole('textbox', { name: 'Folder' })).toHaveValue(folder);
  await dialog.getByRole('button', { name: 'Export' }).click();
  await expect(page.getByTestId('export-result')).toContainText(`2 files written to ${folder}`);
  const files = readdirSync(folder).sort();
  expect(files).toHaveLength(2);
  expect(files.every((f) => f.endsWith('.txt'))).toBe(true);
  expect(files.map((f) => readFileSync(join(folder, f), 'utf8').length).every((n) => n > 0)).toBe(true);
  await page.getByRole('button', { name: 'Done' }).click();
});

test('the page cannot navigate away or open a window; links go to the browser through the guard', async () => {
  const { app, page } = running;
  await app.evaluate(({ shell }) => {
    const opened: string[] = [];
    (globalThis as { openedLinks?: string[] }).openedLinks = opened;
    shell.openExternal = (url: string) => {
      opened.push(url);
      return Promise.resolve();
    };
  });
  // Page-side code; this file is compiled without the DOM library.
  type Win = { location: { href: string }; open(url: string): unknown };
  await page.evaluate(() => {
    (globalThis as unknown as Win).location.href = 'https://example.com/';
  });
  const popup = await page.evaluate(() => (globalThis as unknown as Win).open('https://www.youtube.com/watch?v=GJLlxj_dtq8') === null);
  await page.evaluate(() => (globalThis as unknown as Win).open('file:///etc/passwd'));
  await page.waitForTimeout(500);
  expect(page.url()).toBe('app://desk/index.html');
  expect(popup).toBe(true);
  expect(app.windows()).toHaveLength(1);
  expect(await app.evaluate(() => (globalThis as { openedLinks?: string[] }).openedLinks)).toEqual(['https://www.youtube.com/watch?v=GJLlxj_dtq8']);
});
