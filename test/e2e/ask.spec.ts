// Issue 19, ask the library, in the browser build of a real `serve --ui`: two transcripts fetched
// from the fixture upstream, the person's model played by a loopback OpenAI-compatible server (set
// in settings before the desk starts, as a person would). The question is asked in the Ask view;
// the answer's checked citations are chips, a made-up quote is listed as not shown; a chip opens
// the viewer scrolled to the cited segment and marks it. axe finds nothing to fix. Without a
// model the view says how to set one up.
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { startFakeLlm, type FakeLlm } from '../helpers/fakeLlm';
import { scanBothThemes } from './axe';
import { SCREENSHOTS, startDesk, type RunningDesk } from './desk';

const SURFACE = 'https://www.youtube.com/watch?v=F1xioXWb8CY';
const LISBON = 'https://www.tiktok.com/@traveltok/video/7350000000000000001';

let desk: RunningDesk;
let fake: FakeLlm;

test.beforeAll(async () => {
  fake = await startFakeLlm((request) => {
    const passages = [...fake.promptOf(request).matchAll(/^\[(\d+)\] \(.+?\) (.*)$/gm)].map((m) => ({ n: m[1] ?? '', text: m[2] ?? '' }));
    const cheap = passages.find((p) => p.text.includes('cheapest'));
    const hills = passages.find((p) => p.text.includes('hills'));
    if (cheap === undefined || hills === undefined) return 'The passages do not say.';
    return `The Surface Go is sold as the cheap one [${cheap.n}] "smallest & cheapest Surface", and in Lisbon [${hills.n}] "the hills are real". It also runs for days on a charge [${cheap.n}] "a battery that lasts a week".`;
  });
  desk = await startDesk({ settings: { 'llm.baseUrl': fake.baseUrl, 'llm.model': 'tiny-local' } });
});
test.afterAll(async () => {
  await desk.stop();
  await fake.close();
});

test('ask a question: the answer shows checked citations, a made-up quote is not one, a citation opens the viewer at its segment', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await desk.signIn(page);
  await page.getByLabel('Links to add').fill(`${SURFACE}\n${LISBON}`);
  await page.getByRole('button', { name: 'Add links' }).click();
  await page.getByRole('button', { name: '▶ Run' }).click();
  await expect(page.locator('[data-testid=queue-row][data-status=done]')).toHaveCount(2, { timeout: 30_000 }); // a hang guard: two cached fetches

  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Ask' }).click();
  await expect(page.getByTestId('ask-sends-to')).toHaveText(`Sends passages of matching transcripts to ${new URL(fake.baseUrl).host} (tiny-local).`);
  expect(fake.requests).toHaveLength(0);
  await page.getByLabel('Question').fill('Is the Surface cheap, and what about the Lisbon hills?');
  await page.getByRole('main').getByRole('button', { name: 'Ask', exact: true }).click();

  const answer = page.getByTestId('ask-answer');
  await expect(answer).toContainText('The Surface Go is sold as the cheap one');
  const chips = answer.getByTestId('ask-citation');
  await expect(chips).toHaveCount(2);
  await expect(chips.nth(0)).toHaveText(/ · 0:02, open the transcript here$/);
  await expect(chips.nth(1)).toHaveText('Three things nobody tells you about Lis… · 0:03, open the transcript here');
  await expect(page.getByTestId('ask-flagged')).toContainText('“a battery that lasts a week”: quotes text that is not in');
  expect(fake.chats()).toHaveLength(1);
  await page.screenshot({ path: join(SCREENSHOTS, 'ask.png') });
  await scanBothThemes(page, 'the Ask view with an answer');

  await chips.nth(1).click();
  const viewer = page.getByTestId('viewer');
  await expect(viewer.getByRole('heading', { level: 2 })).toContainText('Three things nobody tells you about Lisbon');
  const cited = viewer.locator('.line[aria-current=location]');
  await expect(cited).toHaveCount(1);
  await expect(cited).toBeInViewport();
  await expect(cited).toContainText('First: the hills are real.');
  await expect(cited).toHaveClass(/line-cited/);

  // Only the Lisbon video selected in the Library: only its passages are sent, and the answer's one real citation is to it.
  await page.getByRole('button', { name: 'Close the viewer' }).click();
  const views = page.getByRole('navigation', { name: 'Views' });
  await views.getByRole('button', { name: 'Library' }).click();
  await page.getByRole('checkbox', { name: /^Select Three things nobody tells you about Lisbon/ }).check();
  await views.getByRole('button', { name: 'Ask' }).click();
  await page.getByLabel('Search in').selectOption({ label: 'The 1 selected in the Library' });
  await page.getByRole('main').getByRole('button', { name: 'Ask', exact: true }).click();
  await expect.poll(() => fake.chats().length).toBe(2);
  const prompt = fake.promptOf(fake.chats()[1]!);
  expect(prompt).toContain('the hills are real');
  expect(prompt).not.toContain('cheapest');
  await expect(answer).toContainText('The passages do not say.');
  await expect(answer.getByTestId('ask-citation')).toHaveCount(0);

  // The model removed (the RPC Settings ▸ Language model uses): the view says how to set one up, and nothing is sent.
  await page.evaluate(() => (globalThis as unknown as { desk: { invoke(name: string, input: unknown): Promise<unknown> } }).desk.invoke('settings.update', { changes: { 'llm.baseUrl': null } }));
  await views.getByRole('button', { name: 'Library' }).click();
  await views.getByRole('button', { name: 'Ask' }).click();
  await expect(page.getByTestId('ask-howto')).toContainText('No language model is set up. In Settings ▸ Language model');
  await expect(page.getByLabel('Question')).toHaveCount(0);
  expect(fake.chats()).toHaveLength(2);
});
