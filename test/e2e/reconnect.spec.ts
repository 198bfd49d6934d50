// Issue 13 item 2: the server restarts under an open desk. Sessions die with the server process,
// so the page must go back to sign-in by itself and say why; while the server is down, the run
// controls are off and an action is refused with one message, never a success toast next to it.
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS, dropFile, queueRow } from './desk';
import { startRestartableDesk, type RestartableDesk } from './restartableDesk';

let desk: RestartableDesk;

test.beforeAll(async () => {
  desk = await startRestartableDesk();
});
test.afterAll(async () => {
  await desk.stop();
});

const LINKS = ['https://www.youtube.com/watch?v=aaaaaaaaaa1', 'https://www.youtube.com/watch?v=aaaaaaaaaa2'];

test('a restarted server sends the page back to sign-in by itself; while it is down, actions are refused once', async ({ page }) => {
  await page.goto(desk.loginUrl);
  await page.getByRole('navigation', { name: 'Views' }).waitFor();
  await page.getByLabel('Links to add').fill(LINKS.join('\n'));
  await page.getByRole('button', { name: 'Add links' }).click();
  for (const url of LINKS) await expect(queueRow(page, url)).toBeVisible();
  const run = page.getByRole('toolbar', { name: 'Queue actions' }).getByRole('button', { name: /Run/ }); // not the Running filter
  await expect(run).toBeEnabled();
  // The intake toast goes away, so that every notice counted below is one the outage caused.
  for (const dismiss of await page.getByTestId('notice').getByRole('button', { name: 'Dismiss' }).all()) await dismiss.click();

  await desk.kill();
  await expect(page.getByRole('alert').filter({ hasText: 'connection' })).toBeVisible();
  await expect(run).toBeDisabled();
  await expect(page.getByRole('button', { name: /Retry failed/ })).toBeDisabled();
  // Add links is off even with links in the box (they stay there for later).
  await page.getByLabel('Links to add').fill('https://www.youtube.com/watch?v=aaaaaaaaaa4');
  await expect(page.getByRole('button', { name: 'Add links' })).toBeDisabled();
  await page.getByLabel('Links to add').fill('');
  await page.getByLabel('Links to add').blur();
  // An action taken anyway (a dropped file, the Run shortcut) is refused with one message each,
  // and no row is added for a link the server never saw.
  await dropFile(page, 'more.txt', 'https://www.youtube.com/watch?v=aaaaaaaaaa3\n');
  await expect(page.getByTestId('notice').filter({ hasText: 'not added' })).toBeVisible();
  // Counted once the refusal shows, not waited for: a success toast would be showing next to it.
  expect(await page.getByTestId('notice').allTextContents()).toEqual([expect.stringMatching(/^1 link not added: The desk's server cannot be reached/)]);
  expect(await queueRow(page, 'https://www.youtube.com/watch?v=aaaaaaaaaa3').count()).toBe(0);
  await page.locator('body').press('r');
  await expect(page.getByTestId('notice')).toHaveCount(2);
  await expect(page.getByTestId('notice').nth(1)).toContainText('server');
  await page.screenshot({ path: join(SCREENSHOTS, 'server-unreachable.png') });

  await desk.start();
  // No reload: the page notices the session is gone and asks for a sign-in, saying why.
  await expect(page.getByLabel('Owner key')).toBeVisible();
  await expect(page.getByText('The server restarted')).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, 'sign-in-after-restart.png') });

  await page.getByLabel('Owner key').fill(desk.ownerKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  for (const url of LINKS) await expect(queueRow(page, url)).toBeVisible();
  await expect(page.getByText('The server restarted')).toHaveCount(0);
  await expect(run).toBeEnabled();
  await page.getByLabel('Links to add').fill('https://www.youtube.com/watch?v=aaaaaaaaaa4');
  await expect(page.getByRole('button', { name: 'Add links' })).toBeEnabled();
});

test('a reload while the key has used up its requests for the minute shows no error toast', async ({ page }) => {
  await page.goto(`${desk.url}/app/`);
  await page.getByLabel('Owner key').fill(desk.ownerKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  for (const url of LINKS) await expect(queueRow(page, url)).toBeVisible();
  // The owner's key spends its 120 requests a minute (a script on the REST API, or a running queue).
  let status = 200;
  for (let i = 0; i < 130 && status !== 429; i++) status = (await fetch(`${desk.url}/api/balance`, { headers: { authorization: `Bearer ${desk.ownerKey}` } })).status;
  expect(status).toBe(429);

  await page.reload();
  // The rows load after the balance was asked for, so a toast about it would be showing by now
  // (counted once, not waited for: an error toast goes away by itself after a while).
  for (const url of LINKS) await expect(queueRow(page, url)).toBeVisible();
  expect(await page.getByTestId('notice').allTextContents()).toEqual([]);
});

/** Signed in with the owner key, then the server process killed and started again (its sessions gone). */
async function signInThenRestart(page: Page): Promise<void> {
  await page.goto(`${desk.url}/app/`);
  await page.getByLabel('Owner key').fill(desk.ownerKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Views' }).waitFor();
  await desk.kill();
  await desk.start();
}

test('a page reloaded after a restart also says why it asks for a sign-in', async ({ page }) => {
  await signInThenRestart(page);
  // The page's stored session is from the old process: refused, forgotten, and said so.
  await page.reload();
  await expect(page.getByLabel('Owner key')).toBeVisible();
  await expect(page.getByTestId('sign-in-notice')).toHaveText('The server restarted, so this page was signed out: sign in again.');
  // The new process's one-time link, opened in this tab (only the fragment changes), signs in.
  await page.goto(desk.loginUrl);
  await page.getByRole('navigation', { name: 'Views' }).waitFor();
  expect(await page.getByTestId('sign-in-notice').count()).toBe(0);
});

test('a page that already went back to sign-in after a restart still says why after a reload', async ({ page }) => {
  await signInThenRestart(page);
  // The open page's event stream reconnects, is refused, and the page forgets its session first.
  await expect(page.getByTestId('sign-in-notice')).toHaveText('The server restarted, so this page was signed out: sign in again.');
  // A reload now has no session to be refused: the page must still know why it asks for a sign-in.
  await page.reload();
  await expect(page.getByLabel('Owner key')).toBeVisible();
  await expect(page.getByTestId('sign-in-notice')).toHaveText('The server restarted, so this page was signed out: sign in again.');
  await page.getByLabel('Owner key').fill(desk.ownerKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Views' }).waitFor();
  // Signed in again: a later visit of the sign-in screen is a plain one.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.getByLabel('Owner key')).toBeVisible();
  expect(await page.getByTestId('sign-in-notice').count()).toBe(0);
});
