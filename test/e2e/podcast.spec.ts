// Real podcast jobs through the desk: Apple Podcasts links pasted into the queue of a real
// `serve --ui`, Apple's lookup, the feed, fifteen tracking redirects and the audio on the fixture
// upstream, pocketsphinx transcribing two minutes of flite speech in four chunks. The job card
// shows the artwork, the show and the episode, a bar that moves chunk by chunk with elapsed time
// and an estimate, then done; cancel and a failed download refund the reservation.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { speechGuardMs } from '../helpers/guards';
import { wordErrorRate } from '../helpers/wer';
import { episodeLink, PODCAST_IDS } from '../upstream/hosts/podcasts';
import { EPISODE_SECONDS, episodeText, mediaFile } from '../upstream/media';
import { SCREENSHOTS, startDesk, type RunningDesk, queueRow as row } from './desk';

const START = 1000;
const MAIN = episodeLink(PODCAST_IDS.show, PODCAST_IDS.main, 'trains-kitchens-lighthouses');
const WAITING = episodeLink(PODCAST_IDS.show, PODCAST_IDS.noDuration, 'a-very-short-walk');
const FAILING = episodeLink(PODCAST_IDS.show, PODCAST_IDS.failing, 'the-episode-that-was-taken-down');
/** The episode transcribed once on one worker, and the rest of the flow (guards.ts: a hang guard). */
const EPISODE_GUARD_MS = speechGuardMs(EPISODE_SECONDS, { overheadMs: 90_000 });

let desk: RunningDesk;
let mediaDir: string;

test.beforeAll(async () => {
  // The episode and its artwork are made once, before the server asks for them.
  mediaDir = mkdtempSync(join(tmpdir(), 'td-e2e-media-'));
  await mediaFile(mediaDir, 'artwork.jpg');
  // pocketsphinx whatever else this machine has, and one worker, so every chunk shows on the bar.
  desk = await startDesk({ mediaDir, settings: { 'stt.engine': 'pocketsphinx', 'stt.workers': '1' } });
});
test.afterAll(async () => {
  await desk.stop();
  rmSync(mediaDir, { recursive: true, force: true });
});

async function addAndRun(page: Page, url: string): Promise<void> {
  await page.getByLabel('Links to add').fill(url);
  await page.getByRole('button', { name: 'Add links' }).click();
  await page.getByRole('button', { name: '▶ Run' }).click();
}

const jobCard = (page: Page, title: string) => page.getByTestId('job-card').filter({ hasText: title });
interface BarReading {
  done: number;
  total: number;
  /** The line under the bar: chunks, elapsed, estimate. */
  meta: string;
}

/** What a running card's bar says (its ARIA values) and the line under it; null before the chunks are known. */
async function readBar(card: Locator): Promise<BarReading | null> {
  // One read in the page, so the bar, the line under it and the status come from the same render.
  // (The tests are typed without the DOM library: the element gets the shape this reads.)
  interface CardElement {
    getAttribute(name: string): string | null;
    querySelector(selector: string): (CardElement & { textContent: string | null }) | null;
  }
  const { status, text, meta } = await card.evaluate((el: CardElement) => ({
    status: el.getAttribute('data-status'),
    text: el.querySelector('[role=progressbar]')?.getAttribute('aria-valuetext') ?? null,
    meta: el.querySelector('[data-testid=job-meta]')?.textContent ?? null,
  }));
  const m = /^(\d+) of (\d+) chunks$/.exec(text ?? '');
  if (m === null || status !== 'processing') return null;
  return { done: Number(m[1]), total: Number(m[2]), meta: meta ?? '' };
}

async function expectHeaderIsServerBalance(page: Page, credits: number): Promise<void> {
  await expect(page.getByTestId('balance-credits')).toHaveText(credits.toLocaleString('en-US'));
  expect(await desk.balance()).toEqual({ credits, plan: 'pro' });
}

test('a real episode: its card moves chunk by chunk to done, one waiting behind it is cancelled and refunded, the transcript opens', async ({ page }) => {
  test.setTimeout(EPISODE_GUARD_MS);
  await desk.signIn(page);
  await expectHeaderIsServerBalance(page, START);

  await addAndRun(page, MAIN);
  const card = jobCard(page, 'Trains, Kitchens & Lighthouses');
  await expect(card).toHaveAttribute('data-status', 'processing');
  await expect(card.locator('.job-show')).toHaveText('Fixture FM');
  await expect(card.getByRole('heading', { name: 'Trains, Kitchens & Lighthouses' })).toBeVisible();
  // The show's artwork, fetched by the server through the upstream client, as a data URL.
  await expect(card.locator('img.artwork')).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  await expect(row(page, MAIN)).toHaveAttribute('data-status', 'submitted');
  // 1:58 of audio reserves 10 credits, in the header at once.
  await expectHeaderIsServerBalance(page, START - 10);

  // The bar, read every 250 ms while the episode runs: chunksDone only rises, with elapsed time
  // and, once a chunk is in, an estimate of what is left.
  const seen: BarReading[] = [];
  const watchBar = async (until: (reading: BarReading) => boolean) => {
    const deadline = Date.now() + EPISODE_GUARD_MS;
    while ((await card.getAttribute('data-status')) === 'processing') {
      if (Date.now() > deadline) throw new Error(`the episode did not finish; seen ${JSON.stringify(seen)}`);
      const reading = await readBar(card);
      if (reading !== null) {
        seen.push(reading);
        if (until(reading)) return;
      }
      await page.waitForTimeout(250);
    }
  };
  await watchBar((r) => r.done > 0 && r.meta.endsWith('left'));
  await page.screenshot({ path: join(SCREENSHOTS, 'podcast-job.png') });

  // A second episode waits its turn (one episode at a time); cancelled from its card, it is refunded.
  await addAndRun(page, WAITING);
  const waiting = jobCard(page, 'A Very Short Walk');
  await expect(waiting).toHaveAttribute('data-status', 'processing');
  // Nothing of its own has started: no elapsed time runs on its card.
  await expect(waiting.getByTestId('job-meta')).toHaveText('Waiting: 1 episode ahead');
  await page.screenshot({ path: join(SCREENSHOTS, 'podcast-waiting.png') });
  await expectHeaderIsServerBalance(page, START - 20);
  await waiting.getByRole('button', { name: 'Cancel' }).click();
  await expect(waiting).toHaveAttribute('data-status', 'failed');
  await expect(waiting.getByRole('alert')).toHaveText('Cancelled · 10 credits refunded');
  await expect(row(page, WAITING).getByTestId('row-detail')).toHaveText('Cancelled (10 credits refunded)');
  await expectHeaderIsServerBalance(page, START - 10);

  await watchBar(() => false);
  await expect(card).toHaveAttribute('data-status', 'done');
  // Four chunks of 30 s; at least two steps seen below the total, in order, each with its text.
  // 4 / 4 may show too: the last chunk is in while the job is still merging and settling.
  expect(seen.map((r) => r.total)).toEqual(seen.map(() => 4));
  const steps = [...new Set(seen.map((r) => r.done))];
  expect(steps.filter((done) => done < 4).length, `chunksDone seen: ${JSON.stringify(steps)}`).toBeGreaterThanOrEqual(2);
  expect(steps).toEqual([...steps].sort((a, b) => a - b));
  expect(Math.max(...steps)).toBeLessThanOrEqual(4);
  // An estimate once a chunk is in, and none when no chunk is left (4 / 4 while merging; a slow
  // machine shows that moment long enough to be read).
  for (const r of seen) expect(r.meta).toMatch(r.done === 0 || r.done === 4 ? new RegExp(`^${r.done} / 4 chunks · (\\d+ min )?\\d+ s elapsed$`) : new RegExp(`^${r.done} / 4 chunks · (\\d+ min )?\\d+ s elapsed · about (\\d+ min )?\\d+ s left$`));

  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '4');
  await expect(card.getByTestId('job-meta')).toHaveText(/^Done in (\d+ min )?\d+ s · 10 credits$/);
  await expect(row(page, MAIN)).toHaveAttribute('data-status', 'done');
  // Settled at the price of the decoded length (under an hour: the minimum, 10).
  await expectHeaderIsServerBalance(page, START - 10);

  // The transcript opens from the card, and from the queue row: pocketsphinx's reading of the speech.
  await card.getByRole('button', { name: 'Open' }).click();
  const viewer = page.getByTestId('viewer');
  await expect(viewer.getByRole('heading', { name: 'Trains, Kitchens & Lighthouses' })).toBeVisible();
  await expect(viewer).toContainText('Fixture FM · Podcasts');
  // Speech-to-text keeps its times: each line has its time, and its text most of the viewer's width.
  await expect(viewer.locator('.line .timestamp').first()).toHaveText(/^0:0\d$/);
  const firstLine = viewer.locator('.line-text').first();
  await expect(firstLine).toContainText(/\w+ \w+ \w+/);
  const [lineBox, viewerBox] = await Promise.all([firstLine.boundingBox(), viewer.boundingBox()]);
  expect(lineBox?.width ?? 0).toBeGreaterThan((viewerBox?.width ?? 0) / 2);
  // Copy all hands over the whole transcript (the viewer renders only the lines in sight).
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await viewer.getByRole('button', { name: 'Copy all' }).click();
  await expect(page.getByTestId('notice').filter({ hasText: 'Transcript copied' })).toBeVisible();
  // Runs in the page; the Node types of this file do not know the DOM's clipboard.
  const copied = await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText());
  expect(wordErrorRate(episodeText(), copied), copied).toBeLessThan(0.45);
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await row(page, MAIN).getByRole('button', { name: 'Open' }).click();
  await expect(viewer.getByRole('heading', { name: 'Trains, Kitchens & Lighthouses' })).toBeVisible();
});

test('an episode whose audio is gone: the card shows the error and the refund', async ({ page }) => {
  await desk.signIn(page);
  const before = (await desk.balance()).credits;
  await addAndRun(page, FAILING);
  const card = jobCard(page, 'The Episode That Was Taken Down');
  await expect(card).toHaveAttribute('data-status', 'failed', { timeout: 30_000 }); // a hang guard: the download fails at once
  await expect(card.getByRole('alert')).toHaveText(/^The episode audio could not be downloaded: .*HTTP 404.* · 10 credits refunded$/);
  await expect(row(page, FAILING)).toHaveAttribute('data-status', 'failed');
  await expect(row(page, FAILING).getByTestId('row-detail')).toHaveText(/^The episode audio could not be downloaded: .*\(10 credits refunded\)$/);
  await expectHeaderIsServerBalance(page, before);
});
