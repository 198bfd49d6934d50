// Settings ▸ Language model in the browser build (serve --ui): a loopback OpenAI-compatible
// endpoint started by the test (test/helpers/fakeLlm.ts) stands in for Ollama. The form says what
// the settings would refuse, Test shows the model's answer before anything is saved, saving keeps
// the key write-only (this build keeps it in the server's ledger, as the CLI does: the panel says
// so), and a reload shows what was saved.
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startFakeLlm, type FakeLlm } from '../helpers/fakeLlm';
import { scanBothThemes } from './axe';
import { fetchThroughQueue, SCREENSHOTS, startDesk, type RunningDesk } from './desk';
import { OPENABLE } from './fullQueue';

test.use({ actionTimeout: 30_000 });

let desk: RunningDesk;
let fake: FakeLlm;

test.beforeAll(async () => {
  desk = await startDesk();
  fake = await startFakeLlm((request) => (request.body.messages?.at(-1)?.content === 'Reply with OK' ? 'OK' : 'unexpected'));
});
test.afterAll(async () => {
  await fake.close();
  await desk.stop();
});

test('sets up a language model: checked as typed, tested, saved, the key write-only', async ({ page }) => {
  await desk.signIn(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const panel = page.getByRole('region', { name: 'Language model' });
  await expect(panel).toContainText('Not set up: nothing is sent anywhere.');
  await expect(panel).toContainText('Ollama (http://localhost:11434/v1');
  await expect(panel.getByRole('button', { name: 'Test' })).toBeDisabled();

  // A cloud metadata address: the setting's own message, nothing can be tested or saved.
  await panel.getByLabel('Base URL').fill('http://169.254.169.254/v1');
  await expect(panel.getByText(/^The base URL 169\.254\.169\.254 is a link-local address/)).toBeVisible();
  await expect(panel.getByLabel('Base URL')).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByRole('button', { name: 'Save' })).toBeDisabled();

  await panel.getByLabel('Base URL').fill(fake.baseUrl);
  await panel.getByLabel('Model', { exact: true }).fill('llama3.1:8b');
  await panel.getByLabel('API key').fill('sk-local-e2e');
  await panel.getByLabel('Context size (tokens)').fill('100');
  await expect(panel.getByText('Too small: expected number to be >=1024')).toBeVisible();
  await panel.getByLabel('Context size (tokens)').fill('16384');

  await panel.getByRole('button', { name: 'Test' }).click();
  const host = new URL(fake.baseUrl).host;
  await expect(panel.getByRole('status')).toHaveText(`llama3.1:8b at ${host} answered: OK`);
  expect(fake.chats()).toHaveLength(1);
  expect(fake.chats()[0]?.authorization).toBe('Bearer sk-local-e2e');
  // Testing saved nothing.
  await expect(panel).toContainText('Not set up: nothing is sent anywhere.');

  await scanBothThemes(page, 'Settings ▸ Language model');
  await page.emulateMedia({ colorScheme: 'light' });
  await panel.screenshot({ path: join(SCREENSHOTS, 'language-model.png') });

  await panel.getByRole('button', { name: 'Save' }).click();
  await expect(panel).toContainText(`in use llama3.1:8b at ${fake.baseUrl}.`);
  await expect(panel.getByLabel('API key')).toHaveValue('');
  await expect(panel).toContainText('A key is set. This server keeps the key in its ledger, as the CLI does.');

  await page.reload();
  await page.getByRole('navigation', { name: 'Views' }).waitFor();
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(panel.getByLabel('Base URL')).toHaveValue(fake.baseUrl);
  await expect(panel.getByLabel('Model', { exact: true })).toHaveValue('llama3.1:8b');
  await expect(panel.getByLabel('Context size (tokens)')).toHaveValue('16384');
  await expect(panel.getByLabel('API key')).toHaveValue('');
  await expect(panel.getByLabel('API key')).toHaveAttribute('placeholder', '•••••••• (set)');
  await expect(panel).toContainText('A key is set.');

  // Test with the saved values: the saved key goes with them.
  await panel.getByRole('button', { name: 'Test' }).click();
  await expect(panel.getByRole('status')).toHaveText(`llama3.1:8b at ${host} answered: OK`);
  expect(fake.chats()[1]?.authorization).toBe('Bearer sk-local-e2e');

  await panel.getByRole('button', { name: 'Clear the key' }).click();
  await expect(panel).toContainText('No key is set.');
  await expect(panel.getByRole('button', { name: 'Clear the key' })).toHaveCount(0);
});

test('the export dialog offers Chapters (YouTube), and says why a transcript without chapters is skipped', async ({ page }) => {
  await desk.signIn(page);
  await fetchThroughQueue(page, OPENABLE);
  const requestsBefore = fake.requests.length;

  await page.getByRole('button', { name: 'Export all…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export transcripts' });
  await dialog.getByRole('radio', { name: /Chapters \(YouTube\)/ }).check();
  await dialog.getByRole('radio', { name: 'One file per transcript' }).check();
  await dialog.getByRole('button', { name: 'Download' }).click();
  await expect(dialog.getByTestId('export-result').getByRole('status')).toHaveText('Nothing was exported.');
  await expect(dialog.getByTestId('export-skipped')).toContainText('none are stored for this transcript');
  // Exports never ask the model.
  expect(fake.requests).toHaveLength(requestsBefore);
});
