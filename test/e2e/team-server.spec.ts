// Settings → Team server: the desk (serve --ui on its own data home) pointed at a second
// `transcript-desk serve`, which stands in for the team's server (it speaks exactly the spec's REST
// API). Test connection before saving, a wrong key said plainly, the header on the team key's
// balance, a queue row run there and charged there, then back to this machine.
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createKey, startServer, type CreatedKey, type ServerProcess } from '../helpers/cli';
import { tempHome } from '../helpers/home';
import { fetchThroughQueue, SCREENSHOTS, startDesk, type RunningDesk } from './desk';
import { OPENABLE } from './fullQueue';

test.use({ actionTimeout: 30_000 });

let desk: RunningDesk;
let teamHome: ReturnType<typeof tempHome>;
let team: ServerProcess;
let key: CreatedKey;

test.beforeAll(async () => {
  desk = await startDesk();
  teamHome = tempHome('td-e2e-team-');
  key = await createKey(teamHome.dir, { plan: 'pro', credits: 40, label: 'team' });
  team = await startServer(teamHome.dir, { TRANSCRIPT_DESK_UPSTREAM: desk.fixture.url });
});
test.afterAll(async () => {
  await team.stop();
  teamHome.remove();
  await desk.stop();
});

const teamBalance = async () => ((await (await fetch(`${team.url}/api/balance`, { headers: { authorization: `Bearer ${key.key}` } })).json()) as { credits: number }).credits;

async function scanBothThemes(page: Page): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      scheme,
    ).toEqual([]);
  }
}

test('tests the connection, uses the team server for the queue and the balance, and stops using it', async ({ page }) => {
  await desk.signIn(page);
  await expect(page.getByTestId('balance-credits')).toHaveText('1,000');
  await page.getByRole('button', { name: 'Settings' }).click();
  const panel = page.getByRole('region', { name: 'Team server' });
  const status = panel.getByRole('status');
  await expect(panel).toContainText('Not set: the desk uses this machine’s service.');

  // Not http(s): said at once, nothing can be tested or saved.
  await panel.getByLabel('Server URL').fill('ftp://team.example');
  await expect(panel.getByText('The URL must start with http:// or https://')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Test connection' })).toBeDisabled();

  // A wrong key: the server's own answer.
  await panel.getByLabel('Server URL').fill(team.url);
  await panel.getByLabel('API key').fill('sk_live_0000000000000000000000000000');
  await panel.getByRole('button', { name: 'Test connection' }).click();
  await expect(status).toHaveText(/^Not connected: Invalid API key/);

  // The right one: balance and plan, before anything is saved.
  await panel.getByLabel('API key').fill(key.key);
  await panel.getByRole('button', { name: 'Test connection' }).click();
  await expect(status).toHaveText(`Connected to ${team.url}: 40 credits, plan pro.`);
  await scanBothThemes(page);
  await page.emulateMedia({ colorScheme: 'light' });
  await panel.screenshot({ path: join(SCREENSHOTS, 'team-server.png') });

  await panel.getByRole('button', { name: 'Use this server' }).click();
  await expect(panel).toContainText(`in use The desk uses ${team.url}.`);
  await expect(panel.getByLabel('API key')).toHaveAttribute('placeholder', '•••••••• (set)');
  await expect(page.getByTestId('balance-credits')).toHaveText('40');

  // A video through the queue: fetched by the team server, charged to the team key.
  await fetchThroughQueue(page, OPENABLE);
  await expect(page.getByTestId('balance-credits')).toHaveText('39');
  expect(await teamBalance()).toBe(39);
  expect((await desk.balance()).credits).toBe(1000);

  // Back to this machine.
  await page.getByRole('button', { name: 'Settings' }).click();
  await panel.getByRole('button', { name: 'Stop using it' }).click();
  await expect(panel).toContainText('Not set: the desk uses this machine’s service.');
  await expect(page.getByTestId('balance-credits')).toHaveText('1,000');
});
