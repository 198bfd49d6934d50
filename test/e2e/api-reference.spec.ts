// The reference page at /docs in Debian's Chromium, against a real `transcript-desk serve`: Swagger
// UI renders the served document with no key, under the page's strict CSP with not one violation,
// and the browser asks no other origin for anything.
import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { DOCS_CSP } from '../../src-main/http/apiReference';
import { startServer, type ServerProcess } from '../helpers/cli';
import { tempHome } from '../helpers/home';
import { SCREENSHOTS } from './desk';

let server: ServerProcess;
let home: ReturnType<typeof tempHome>;

test.beforeAll(async () => {
  home = tempHome();
  server = await startServer(home.dir);
});
test.afterAll(async () => {
  await server.stop();
  home.remove();
});

test('/docs renders the API reference offline under a strict CSP', async ({ page }) => {
  const violations: string[] = [];
  const elsewhere: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  page.on('request', (request) => {
    if (!request.url().startsWith(server.url) && !request.url().startsWith('data:')) elsewhere.push(request.url());
  });
  // Every violation to the console, where the handler above collects it (text: this file is not typed for the DOM).
  await page.addInitScript({ content: "document.addEventListener('securitypolicyviolation', (e) => console.error('Refused to load: CSP ' + e.violatedDirective + ' ' + e.blockedURI));" });

  const answer = await page.goto(`${server.url}/docs`);
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()['content-security-policy']).toBe(DOCS_CSP);
  expect(DOCS_CSP).not.toMatch(/unsafe-(inline|eval)|https?:/);

  await expect(page.getByRole('heading', { name: /Transcript Desk REST API/ })).toBeVisible();
  await expect(page.getByText('/api/longform/transcript', { exact: true })).toBeVisible();
  await expect(page.getByText('/api/podcast/jobs/{jobId}', { exact: true })).toBeVisible();
  // An operation opens and shows its answers, the spec's statuses among them.
  await page.getByText('/api/balance', { exact: true }).click();
  await expect(page.getByRole('cell', { name: '429', exact: true }).first()).toBeVisible();
  await page.screenshot({ path: join(SCREENSHOTS, 'api-reference.png'), fullPage: false });

  expect(violations).toEqual([]);
  expect(elsewhere).toEqual([]);
});
