// Issue 23 in the browser build: audio and video files dropped on the desk of a real
// `serve --ui` are uploaded, probed and transcribed by pocketsphinx, free. A 45-second WAV and a
// 2-minute MP4 (with a short MP3 behind them, for the batch screenshot) each get a card whose bar
// moves chunk by chunk, under one bar for the batch; the spoken words are then found in the
// library, in the viewer (whose own player reads the file through /app/media/, with ranges) and
// in an exported SRT whose cues lie within the audio. A renamed text file and a cut-off MP4 are
// refused with their reasons while the good file among them still finishes, and nothing is charged.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { speechGuardMs } from '../helpers/guards';
import { words } from '../helpers/wer';
import { dropFiles, SCREENSHOTS, startDesk, type RunningDesk } from './desk';
import { cookingWav, gardenMp3, lighthouseWav, renamedText, threeVoicesMp4, truncatedMp4, VIDEO_TITLE, type Recording } from './localMedia';
import { scanBothThemes } from './axe';

let desk: RunningDesk;
let wav: Recording;
let mp4: Recording;
let mp3: Recording;

test.beforeAll(async () => {
  // Made (or found in the cache) before the server starts, so no step below waits on flite.
  [wav, mp4, mp3] = [lighthouseWav(), threeVoicesMp4(), gardenMp3()];
  // pocketsphinx whatever else this machine has, and one worker, so every chunk shows on the bars.
  desk = await startDesk({ settings: { 'stt.engine': 'pocketsphinx', 'stt.workers': '1' } });
});
test.afterAll(async () => {
  await desk.stop();
});

const card = (page: Page, name: string) => page.locator(`[data-testid=media-card][data-name="${name}"]`);

interface CardReading {
  name: string;
  status: string;
  /** The bar's aria-valuetext: "2 of 4 chunks", "Waiting", "Done". */
  bar: string;
  meta: string;
}

/** Every card's status, bar and line under it, from one render. */
async function readCards(page: Page): Promise<CardReading[]> {
  // Runs in the page; the tests are typed without the DOM library, so the elements get the shape this reads.
  interface El {
    getAttribute(name: string): string | null;
    querySelector(selector: string): (El & { textContent: string | null }) | null;
  }
  return page.locator('[data-testid=media-card]').evaluateAll((cards: El[]) =>
    cards.map((el) => ({
      name: el.getAttribute('data-name') ?? '',
      status: el.getAttribute('data-status') ?? '',
      bar: el.querySelector('[role=progressbar]')?.getAttribute('aria-valuetext') ?? '',
      meta: el.querySelector('[data-testid=media-meta]')?.textContent ?? '',
    })),
  );
}

const chunksOf = (bar: string) => {
  const m = /^(\d+) of (\d+) chunks?$/.exec(bar);
  return m === null ? null : { done: Number(m[1]), total: Number(m[2]) };
};

async function expectBalanceUnchanged(page: Page, credits: number): Promise<void> {
  await expect(page.getByTestId('balance-credits')).toHaveText(credits.toLocaleString('en-US'));
  expect((await desk.balance()).credits).toBe(credits);
}

/** Parses SRT cue times ("00:00:01,234 --> 00:00:03,000") into ms pairs. */
function cueTimes(srt: string): [number, number][] {
  const ms = (t: string) => {
    const [h, m, rest] = t.split(':') as [string, string, string];
    const [s, milli] = rest.split(',') as [string, string];
    return ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(milli);
  };
  return [...srt.matchAll(/^(\d\d:\d\d:\d\d,\d{3}) --> (\d\d:\d\d:\d\d,\d{3})$/gm)].map((m) => [ms(m[1] as string), ms(m[2] as string)]);
}

/** A word pocketsphinx heard that the passage says, so a search for it finds this transcript. */
async function heardWord(viewer: Locator, said: string, candidates: readonly string[]): Promise<string> {
  const heard = new Set(words(await viewer.getByTestId('viewer-lines').innerText()));
  const spoken = new Set(words(said));
  const word = candidates.find((w) => heard.has(w) && spoken.has(w));
  if (word === undefined) throw new Error(`none of ${candidates.join(', ')} was heard in: ${[...heard].join(' ')}`);
  return word;
}

test('a WAV and an MP4 dropped on the desk: cards move chunk by chunk to done, free; the words are in the library, the viewer with its player, and an SRT within the audio', async ({ page }) => {
  test.setTimeout(speechGuardMs(wav.seconds + mp4.seconds + mp3.seconds, { overheadMs: 120_000 }));
  await desk.signIn(page);
  const credits = (await desk.balance()).credits;
  await expectBalanceUnchanged(page, credits);

  await dropFiles(page, [wav.file, mp4.file, mp3.file]);
  await expect(page.getByTestId('media-card')).toHaveCount(3);
  // Title from the name, or from the file's title tag; name and length beside it.
  await expect(card(page, wav.name).getByRole('heading', { name: 'lighthouse-keeper' })).toBeVisible();
  await expect(card(page, wav.name)).toContainText('lighthouse-keeper.wav · 0:45');
  await expect(card(page, mp4.name).getByRole('heading', { name: VIDEO_TITLE })).toBeVisible();
  await expect(card(page, mp4.name)).toContainText('three-voices.mp4 · 2:00');
  await expect(page.getByTestId('media-intake-summary')).toHaveText('3 files added for transcription on this machine. Nothing is charged for local files.');

  // Every card and the batch bar, read every 250 ms until all three are done. One file runs at a time.
  const seen = new Map<string, CardReading[]>([wav, mp4, mp3].map((r) => [r.name, []]));
  let screenshot = false;
  const deadline = Date.now() + speechGuardMs(wav.seconds + mp4.seconds + mp3.seconds);
  for (;;) {
    const cards = await readCards(page);
    for (const reading of cards) seen.get(reading.name)?.push(reading);
    if (cards.every((c) => c.status === 'done')) break;
    if (cards.some((c) => c.status === 'failed')) throw new Error(`a file failed: ${JSON.stringify(cards)}`);
    if (Date.now() > deadline) throw new Error(`the batch did not finish; last seen ${JSON.stringify(cards)}`);
    // The batch in progress, for the README: the first file past its first chunk, the others waiting, an estimate on the batch bar.
    const first = cards.find((c) => c.name === wav.name);
    const firstChunks = chunksOf(first?.bar ?? '');
    if (!screenshot && first?.status === 'running' && firstChunks !== null && firstChunks.done > 0 && firstChunks.done < firstChunks.total && / left$/.test(first.meta)) {
      screenshot = true;
      await expect(page.getByTestId('media-batch-eta')).toHaveText(/^about (\d+ min )?\d+ s left$/);
      await expect(card(page, mp3.name).getByTestId('media-meta')).toHaveText('Waiting: 2 files ahead');
      await page.screenshot({ path: join(SCREENSHOTS, 'local-media-batch.png') });
    }
    await page.waitForTimeout(250);
  }
  expect(screenshot, 'the batch was seen in progress, past the first chunk').toBe(true);

  // Each file's chunks only rose, and at least one step below the total was seen on the two long
  // ones (the 45 s file is two chunks, the 2-minute one four).
  for (const recording of [wav, mp4]) {
    const steps = (seen.get(recording.name) ?? []).map((r) => chunksOf(r.bar)).filter((c) => c !== null);
    const done = steps.map((c) => c.done);
    expect(done, recording.name).toEqual([...done].sort((a, b) => a - b));
    expect(new Set(steps.map((c) => c.total)).size, recording.name).toBe(1);
    const total = steps[0]?.total ?? 0;
    expect(total, recording.name).toBeGreaterThanOrEqual(2);
    expect(done.filter((d) => d > 0 && d < total).length, `${recording.name}: ${JSON.stringify(done)}`).toBeGreaterThan(0);
  }
  for (const recording of [wav, mp4, mp3]) {
    const done = card(page, recording.name);
    await expect(done.getByTestId('media-meta')).toHaveText(/^Done in (\d+ min )?\d+ s · no credits charged$/);
    await expect(done.getByTestId('media-engine')).toHaveText(/^Engine: pocketsphinx/);
    await expect(done.getByTestId('media-sends')).toHaveCount(0);
  }
  await expect(page.getByTestId('media-batch-files')).toHaveText('3 of 3 local files done');
  await expect(page.getByTestId('media-batch-eta')).toHaveText('finished');
  await expectBalanceUnchanged(page, credits);
  await scanBothThemes(page, 'queue with local media cards');

  // The WAV's transcript from its card: provenance, the player, its words.
  await card(page, wav.name).getByRole('button', { name: 'Open' }).click();
  const viewer = page.getByTestId('viewer');
  await expect(viewer.getByRole('heading', { name: 'lighthouse-keeper' })).toBeVisible();
  await expect(viewer).toContainText('Local file');
  await expect(viewer.getByTestId('provenance')).toContainText('lighthouse-keeper.wav · 0:45');
  await expect(viewer.getByTestId('provenance')).toContainText('pocketsphinx');
  // Nothing of a local file's source is a link (it is a path on the server's machine).
  await expect(viewer.locator('a[href^="file:"]')).toHaveCount(0);
  await scanBothThemes(page, 'viewer of a local file');
  const audio = viewer.locator('audio[data-testid=local-player]');
  await expect(audio).toHaveAttribute('src', /^\/app\/media\/[\w-]+$/);
  const src = (await audio.getAttribute('src')) as string;
  // The player's route answers ranges (seeking), without the session header a media element cannot send.
  const ranged = await page.request.get(`${desk.url}${src}`, { headers: { range: 'bytes=100-1099' } });
  expect(ranged.status()).toBe(206);
  expect(ranged.headers()['content-range']).toBe(`bytes 100-1099/${readFileSync(wav.file).length}`);
  expect((await ranged.body()).equals(readFileSync(wav.file).subarray(100, 1100))).toBe(true);
  const word = await heardWord(viewer, wav.text, ['lighthouse', 'keeper', 'harbor', 'ships', 'winter', 'notebook']);

  // A click on a line's time plays the file from there.
  const times = viewer.getByRole('button', { name: /^Play from / });
  const lastTime = times.last();
  const label = (await lastTime.getAttribute('aria-label')) as string;
  const [, m, s] = /(\d+):(\d\d)$/.exec(label) as unknown as [string, string, string];
  await lastTime.click();
  const at = await audio.evaluate((el: { currentTime: number }) => el.currentTime);
  expect(at).toBeGreaterThanOrEqual(Number(m) * 60 + Number(s));
  expect(at).toBeLessThan(Number(m) * 60 + Number(s) + 2);

  // Exported as SRT (a download in the browser build): timed cues, all within the 45 s of audio, with the words.
  await viewer.getByRole('button', { name: 'Export…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export transcripts' });
  await dialog.getByRole('radio', { name: /SRT/ }).check();
  await dialog.getByRole('radio', { name: 'One file per transcript' }).check();
  await dialog.getByRole('radio', { name: 'Download' }).check();
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.srt$/);
  const srt = readFileSync(await download.path(), 'utf8');
  const cues = cueTimes(srt);
  expect(cues.length).toBeGreaterThan(2);
  for (const [start, end] of cues) {
    expect(start).toBeGreaterThanOrEqual(0);
    expect(end).toBeGreaterThan(start);
    expect(end).toBeLessThanOrEqual(wav.seconds * 1000);
  }
  expect(words(srt)).toContain(word);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();

  // The library: the spoken word finds the WAV (platform Local file); the video's word finds the
  // MP4, whose viewer's player is a <video>.
  await page.getByRole('button', { name: 'Library' }).click();
  const search = page.getByPlaceholder(/Search every transcript/);
  await search.fill(word);
  const entry = page.getByTestId('library-entry').filter({ hasText: 'lighthouse-keeper' });
  await expect(entry).toHaveCount(1);
  await expect(entry.getByRole('img', { name: 'Local file' })).toBeVisible();
  await expect(entry.getByTestId('library-snippet').locator('mark').first()).toHaveText(new RegExp(word, 'i'));
  await page.getByRole('combobox', { name: 'Platform' }).selectOption({ label: 'Local file' });
  await expect(page.getByTestId('library-entry')).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Platform' }).selectOption({ label: 'All' });

  await search.fill('');
  const video = page.getByTestId('library-entry').filter({ hasText: VIDEO_TITLE });
  await video.getByRole('button', { name: 'Open' }).click();
  await expect(viewer.getByRole('heading', { name: VIDEO_TITLE })).toBeVisible();
  await expect(viewer.locator('video[data-testid=local-player]')).toHaveAttribute('src', /^\/app\/media\/[\w-]+$/);
  await expect(viewer.getByTestId('provenance')).toContainText('three-voices.mp4 · 2:00');
  const videoWord = await heardWord(viewer, mp4.text, ['garden', 'train', 'mountains', 'kitchen', 'bread', 'tomatoes', 'passengers', 'cook']);
  await page.keyboard.press('Escape');
  await search.fill(videoWord);
  await expect(page.getByTestId('library-entry').filter({ hasText: VIDEO_TITLE })).toHaveCount(1);
});

test('a renamed text file and a cut-off MP4 are refused with their reasons, nothing is charged, and the good file among them finishes', async ({ page }) => {
  const good = cookingWav();
  test.setTimeout(speechGuardMs(good.seconds, { overheadMs: 60_000 }));
  await desk.signIn(page);
  const credits = (await desk.balance()).credits;
  await expectBalanceUnchanged(page, credits);

  // Picked with "Open file…" this time: the same way in as a drop.
  await page.getByTestId('file-input').setInputFiles([renamedText(), truncatedMp4(), good.file]);
  const refusals = page.getByTestId('media-refusal');
  await expect(refusals).toHaveCount(2);
  await expect(refusals.filter({ hasText: 'notes.mp3' })).toHaveText(/^notes\.mp3: The file is not audio or video/);
  await expect(refusals.filter({ hasText: 'cut-off.mp4' })).toHaveText(/^cut-off\.mp4: The file is not audio or video.*(moov|Invalid data)/);
  await expect(page.getByTestId('media-intake-summary')).toHaveText('1 file added for transcription on this machine, 2 files refused. Nothing is charged for local files.');
  await expect(card(page, 'notes.mp3')).toHaveCount(0);
  await expect(card(page, 'cut-off.mp4')).toHaveCount(0);
  await scanBothThemes(page, 'queue with refused files');

  await expect(card(page, good.name)).toHaveAttribute('data-status', 'done', { timeout: speechGuardMs(good.seconds) });
  await expect(card(page, good.name).getByTestId('media-meta')).toHaveText(/no credits charged$/);
  await expectBalanceUnchanged(page, credits);
  // An ended card goes with Dismiss; its transcript stays in the library.
  await card(page, good.name).getByRole('button', { name: `Dismiss the card of cooking-tip` }).click();
  await expect(card(page, good.name)).toHaveCount(0);
  await page.getByRole('button', { name: 'Library' }).click();
  await expect(page.getByTestId('library-entry').filter({ hasText: 'cooking-tip' })).toHaveCount(1);
});

test('past the upload limit the browser gets the server\'s 413 in words, and the other files still go up', async ({ page }) => {
  // A second server whose limit (1 MB) lies between the two files dropped on it.
  const small = await startDesk({ settings: { 'stt.engine': 'pocketsphinx', 'stt.workers': '1' }, serveArgs: ['--max-upload-mb', '1'] });
  try {
    const good = cookingWav();
    await small.signIn(page);
    await dropFiles(page, [wav.file, good.file]);
    await expect(page.getByTestId('media-refusal')).toHaveText(/^lighthouse-keeper\.wav: This file is larger than the 1 MB this server takes as an upload\. Open it in the desktop app instead/);
    await expect(card(page, good.name)).toBeVisible();
    await expect(page.getByTestId('media-intake-summary')).toHaveText('1 file added for transcription on this machine, 1 file refused. Nothing is charged for local files.');
  } finally {
    await small.stop();
  }
});
