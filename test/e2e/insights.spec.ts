// Issue 19, summaries and chapters, in the browser build of a real `serve --ui`: the person's
// language model (a loopback OpenAI-compatible server in this process, set with `transcript-desk
// settings set` as a person would) summarizes a talk of real length and divides it into chapters;
// the panel says where the transcript goes before it is sent and who wrote what it shows; a chapter
// moves the viewer to its line. axe scans the open panel in both themes.
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startFakeLlm, type FakeLlm } from '../helpers/fakeLlm';
import { realLengthCues } from '../upstream/realLength';
import { scanBothThemes } from './axe';
import { SCREENSHOTS, startDesk, type RunningDesk, queueRow as row } from './desk';

const VIDEO = 'realTalk002';
const URL = `https://www.youtube.com/watch?v=${VIDEO}`;
/** The fixture video whose description has the creator's chapters (test/upstream/README.md). */
const CREATOR_URL = 'https://www.youtube.com/watch?v=realChapter';

let desk: RunningDesk;
let llm: FakeLlm;

test.beforeAll(async () => {
  llm = await startFakeLlm((request) => {
    const system = request.body.messages?.[0]?.content ?? '';
    if (system.includes('chapters')) return '0:00 Opening\n8:00 The middle of the talk\n15:00 Near the end';
    return 'A talk about the words people use every day.\nKey points:\n- Words come and go\n- Some stay';
  });
  desk = await startDesk({ settings: { 'llm.baseUrl': llm.baseUrl, 'llm.model': 'tiny-model', 'llm.contextTokens': '32768' } });
});
test.afterAll(async () => {
  await desk.stop();
  await llm.close();
});

test('summarize a talk and make chapters; a chapter moves the viewer to its line', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await desk.signIn(page);
  await page.getByLabel('Links to add').fill(URL);
  await page.getByRole('button', { name: 'Add links' }).click();
  await page.getByRole('button', { name: '▶ Run' }).click();
  await expect(row(page, URL)).toHaveAttribute('data-status', 'done', { timeout: 30_000 }); // a hang guard: about a second here
  await row(page, URL).getByRole('button', { name: 'Open' }).click();

  const viewer = page.getByTestId('viewer');
  const panel = viewer.getByTestId('insights');
  await panel.locator('summary').click();
  const endpoint = new globalThis.URL(llm.baseUrl).host;
  await expect(panel.getByTestId('insights-sends')).toHaveText(`Sends this transcript to ${endpoint} (tiny-model)`);
  await expect(panel.getByText('No summary yet.')).toBeVisible();
  expect(llm.requests).toHaveLength(0); // opening the viewer and the panel sends nothing

  await panel.getByRole('button', { name: 'Summarize', exact: true }).click();
  await expect(panel.getByTestId('summary-text')).toContainText('A talk about the words people use every day.');
  await expect(panel.getByTestId('summary-source')).toHaveText(`Summary written by tiny-model (${endpoint}) from Original`);
  expect(llm.chats()).toHaveLength(1);

  await panel.getByRole('button', { name: 'Make chapters' }).click();
  const chapters = panel.getByTestId('chapters').getByRole('button');
  await expect(chapters).toHaveCount(3);
  await expect(panel.getByTestId('chapters-source')).toHaveText(`Chapters written by tiny-model (${endpoint}) from Original`);

  // 15:00 falls in the cue that starts at or before it: the viewer scrolls there and marks it.
  const cues = realLengthCues(VIDEO);
  const target = cues.filter((c) => c.startMs <= 900_000).at(-1);
  if (target === undefined) throw new Error('the talk runs past 15 minutes');
  await chapters.filter({ hasText: 'Near the end' }).click();
  const current = viewer.locator('.line.line-current');
  await expect(current).toHaveCount(1);
  await expect(current).toContainText(target.text);
  await expect(current).toBeInViewport();

  // Asked again: a new request, past the stored summary.
  await panel.getByRole('button', { name: 'Summarize again' }).click();
  await expect.poll(() => llm.chats().filter((c) => !(c.body.messages?.[0]?.content ?? '').includes('chapters')).length).toBe(2);
  await expect(panel.getByRole('status')).toHaveText('');

  await page.screenshot({ path: join(SCREENSHOTS, 'insights.png') });
  await scanBothThemes(page, 'the viewer with summary and chapters');

  // A video whose description has chapters: the creator's, marked so, and the model is not asked.
  const asked = llm.requests.length;
  await page.getByLabel('Links to add').fill(CREATOR_URL);
  await page.getByRole('button', { name: 'Add links' }).click();
  await page.getByRole('button', { name: '▶ Run' }).click();
  await expect(row(page, CREATOR_URL)).toHaveAttribute('data-status', 'done', { timeout: 30_000 }); // a hang guard
  await row(page, CREATOR_URL).getByRole('button', { name: 'Open' }).click();
  await expect(viewer.getByRole('heading', { level: 2 })).toBeVisible();
  if ((await panel.getAttribute('open')) === null) await panel.locator('summary').click();
  await expect(panel.getByText('No chapters yet.')).toBeVisible();
  await panel.getByRole('button', { name: 'Make chapters' }).click();
  await expect(panel.getByTestId('chapters-source')).toHaveText('Chapters from the creator');
  await expect(panel.getByTestId('chapters').getByRole('button')).toHaveText(['0:00 Intro', '1:30 The keyboard', '3:05 Verdict']);
  expect(llm.requests.length).toBe(asked);
});

test('without a language model the panel says how to set one up, offers no button, and nothing is sent', async ({ page }) => {
  const bare = await startDesk();
  try {
    const before = llm.requests.length;
    await bare.signIn(page);
    await page.getByLabel('Links to add').fill(URL);
    await page.getByRole('button', { name: 'Add links' }).click();
    await page.getByRole('button', { name: '▶ Run' }).click();
    await expect(row(page, URL)).toHaveAttribute('data-status', 'done', { timeout: 30_000 }); // a hang guard
    await row(page, URL).getByRole('button', { name: 'Open' }).click();
    const panel = page.getByTestId('viewer').getByTestId('insights');
    await panel.locator('summary').click();
    await expect(panel.getByTestId('insights-howto')).toContainText('In Settings ▸ Language model, enter the base URL');
    await expect(panel.getByRole('button', { name: 'Summarize' })).toHaveCount(0);
    expect(llm.requests.length).toBe(before);
  } finally {
    await bare.stop();
  }
});
