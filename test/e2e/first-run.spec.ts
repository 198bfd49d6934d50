// Issue 13 item 10: a first visit. The empty queue says which sites work, what a credit buys and
// whether speech-to-text can run here; the server's bare address leads to the desk; a one-time
// link opened a second time says it was used; the sign-in form speaks of the key `serve` printed.
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { SCREENSHOTS, startDesk, type RunningDesk } from './desk';

let desk: RunningDesk;

/** axe-core on `selector` (the parts this spec adds; every view is the accessibility spec's), light and dark. */
async function expectNoAxeViolations(page: Page, selector: string): Promise<void> {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const { violations } = await new AxeBuilder({ page }).include(selector).analyze();
    expect(violations.map((v) => `${colorScheme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test.beforeAll(async () => {
  // whisper asked for by name, with no model downloaded: speech-to-text cannot run yet.
  desk = await startDesk({ settings: { 'stt.engine': 'whisper' } });
});
test.afterAll(async () => {
  await desk.stop();
});

test('the empty queue names the sites, the prices and what speech-to-text lacks; once configured, it says ready', async ({ page }) => {
  await desk.signIn(page);
  const guide = page.getByTestId('first-run');
  await expect(guide).toBeVisible();
  for (const site of ['YouTube', 'TikTok', 'Facebook', 'LinkedIn', 'Rumble', 'Instagram', 'X', 'Kick', 'Twitch', 'Apple Podcasts']) await expect(guide).toContainText(site);
  await expect(page.getByTestId('first-run-prices')).toContainText('A video or clip transcript costs 1 credit; a podcast episode 10 credits per started hour after its first 5 minutes');
  const speech = page.getByTestId('first-run-speech');
  await expect(speech).toContainText('Speech-to-text is not ready');
  await expect(speech).toContainText('whisper has no model');
  await expect(speech).not.toContainText('transcript-desk models'); // the guide's button leads to Settings, not to a CLI
  await page.screenshot({ path: join(SCREENSHOTS, 'first-run.png') });
  await expectNoAxeViolations(page, '[data-testid=first-run]');

  // An OpenAI-compatible endpoint set in Settings (here through the page's own desk API): the
  // guide reads readiness again the next time the empty queue shows.
  await page.evaluate(async () => {
    const api = (globalThis as unknown as { desk: { invoke(name: string, input: unknown): Promise<unknown> } }).desk;
    await api.invoke('settings.update', { changes: { 'stt.engine': 'openai', 'stt.openai.baseUrl': 'http://127.0.0.1:9/v1' } });
  });
  await page.getByRole('button', { name: 'Library' }).click();
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Queue' }).click();
  await expect(speech).toHaveText('Speech-to-text is ready (openai).');
  await page.getByRole('button', { name: 'Set up speech-to-text' }).waitFor({ state: 'detached' });
});

test('the bare address redirects a browser to the desk', async ({ page }) => {
  const answer = await fetch(`${desk.url}/`, { redirect: 'manual' });
  expect(answer.status).toBe(302);
  expect(answer.headers.get('location')).toBe('/app/');
  // The REST API is unchanged next to it.
  expect((await fetch(`${desk.url}/api/balance`)).status).toBe(401);
  expect(await desk.balance()).toEqual({ credits: 1000, plan: 'pro' });

  await page.goto(`${desk.url}/`);
  expect(page.url()).toBe(`${desk.url}/app/`);
  await expect(page.getByLabel('Owner key')).toBeVisible();
});

test('a one-time link opened again says it was used, and the form speaks of the key serve printed', async ({ page }) => {
  // The first test used the link; this page's storage is fresh.
  await page.goto(desk.loginUrl);
  await expect(page.getByTestId('sign-in-notice')).toContainText('This sign-in link was already used');
  await expect(page.locator('main')).toContainText('paste the owner key it printed');
  await expect(page.locator('main')).toContainText('transcript-desk owner-key');
  await expect(page.locator('main')).not.toContainText('data home');
  await page.screenshot({ path: join(SCREENSHOTS, 'sign-in-link-used.png') });
  await expectNoAxeViolations(page, 'main.sign-in');
  await page.getByLabel('Owner key').fill(desk.ownerKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('balance-credits')).toHaveText('1,000');
  await expect(page.getByTestId('sign-in-notice')).toHaveCount(0);
});
