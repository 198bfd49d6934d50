// Issue 17's follows in the browser build: the Follows view explains itself when empty; a playlist
// followed from the view's form shows its last check (what it saw, found and queued) and its next
// one; pause and resume, check now, settings checked before they are sent, remove. A follow made
// from the playlist's picker that backfills its newest three queues and runs them by itself: the
// header's badge and a notice say they landed, and looking at the view clears the badge. Against a
// real `serve --ui` and the fixture upstream's 250-video playlist.
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { PLAYLIST_250_TITLE, YOUTUBE_SOURCES } from '../upstream/hosts/youtubeBrowse';
import { dismissNotices } from './fullQueue';
import { SCREENSHOTS, startDesk, type RunningDesk } from './desk';
import { scanBothThemes } from './axe';

// A hang guard: an action waits at most this long for its element (one UI state follows another within a second).
test.use({ actionTimeout: 30_000 });

const PLAYLIST = `https://www.youtube.com/playlist?list=${YOUTUBE_SOURCES.playlist250}`;

let desk: RunningDesk;

test.beforeAll(async () => {
  desk = await startDesk();
});
test.afterAll(async () => {
  await desk.stop();
});

const views = (page: Page) => page.getByRole('navigation', { name: 'Views' });
const followsTab = (page: Page) => views(page).getByRole('button', { name: /^Follows/ });

test('a playlist followed from the view: last and next check, pause, settings, remove', async ({ page }) => {
  await desk.signIn(page);
  await followsTab(page).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Follows' })).toBeAttached();
  await expect(page.getByTestId('follows-empty')).toContainText('Nothing followed yet.');
  await scanBothThemes(page, 'follows, empty');

  // Follow from the view's own form: the URL and the settings.
  await page.getByRole('button', { name: 'Follow a source…' }).click();
  const form = page.getByRole('dialog', { name: 'Follow a source' });
  await form.getByLabel('Playlist, channel, show or feed URL').fill(PLAYLIST);
  await expect(form.getByLabel('Check every (minutes)')).toHaveValue('60');
  await form.getByRole('button', { name: 'Follow' }).click();
  await expect(form).toBeHidden();
  const title = PLAYLIST_250_TITLE;
  await expect(page.getByTestId('notice').filter({ hasText: `Following “${title}”` })).toBeVisible();

  // The view: the follow, its first check (nothing queued: no backfill asked) and the next in an hour.
  const card = page.getByTestId('follow-card');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { name: title })).toBeVisible();
  await expect(card.getByText('YouTube playlist', { exact: true })).toBeVisible();
  await expect(card.getByTestId('follow-last-check')).toHaveText(/^(just now|1 min ago): 250 in the source, 0 new, 0 queued$/);
  await expect(card.getByTestId('follow-next-check')).toHaveText(/^in (59 min|1 h)$/);
  await expect(card.getByTestId('follow-status')).toHaveText('Following');
  await expect(card.getByTestId('follow-budget')).toHaveText('0 credits (no budget)');
  await dismissNotices(page);
  await page.screenshot({ path: join(SCREENSHOTS, 'follows.png') });
  await scanBothThemes(page, 'follows');

  // Pause: no next check; resume: one again.
  await card.getByRole('button', { name: 'Pause' }).click();
  await expect(card.getByTestId('follow-status')).toHaveText('Paused');
  await expect(card.getByTestId('follow-next-check')).toHaveText('None while paused');
  await card.getByRole('button', { name: 'Resume' }).click();
  await expect(card.getByTestId('follow-status')).toHaveText('Following');
  await expect(card.getByTestId('follow-next-check')).toHaveText(/^in /);

  // Settings the contract refuses are refused in the form, field by field; good ones are saved.
  await card.getByRole('button', { name: 'Edit…' }).click();
  const edit = page.getByRole('dialog', { name: `Settings of “${title}”` });
  await edit.getByLabel('Check every (minutes)').fill('2');
  await edit.getByRole('checkbox', { name: 'Queue new items only between these hours' }).check();
  await edit.getByLabel('From', { exact: true }).selectOption('3');
  await edit.getByLabel('To', { exact: true }).selectOption('3');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit.getByLabel('Check every (minutes)')).toHaveAttribute('aria-invalid', 'true');
  await expect(edit.getByText('From 5 minutes to a week (10,080 minutes)')).toBeVisible();
  await expect(edit.getByText('Hours from 0 to 23; the start and the end must differ')).toBeVisible();
  await edit.getByLabel('Check every (minutes)').fill('120');
  await edit.getByLabel('To', { exact: true }).selectOption('6');
  await edit.getByRole('checkbox', { name: 'Spend at most a monthly budget' }).check();
  await edit.getByLabel('Credits per month').fill('300');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(card).toContainText('Checks every 2 h, queues 03:00–06:00');
  await expect(card.getByTestId('follow-budget')).toHaveText('0 of 300 credits');

  // Check now: a check that has just run.
  await card.getByRole('button', { name: 'Check now' }).click();
  await expect(card.getByTestId('follow-last-check')).toHaveText(/^just now: 250 in the source/);

  // Remove, after saying what it does (the transcripts stay).
  await card.getByRole('button', { name: 'Remove…' }).click();
  const confirm = page.getByRole('dialog', { name: 'Stop following?' });
  await expect(confirm).toContainText('Its transcripts stay in the library.');
  await confirm.getByRole('button', { name: 'Stop following' }).click();
  await expect(card).toHaveCount(0);
  await expect(page.getByTestId('follows-empty')).toBeVisible();
});

test('a follow made from the picker backfilling its newest three: they land, the badge and a notice say so, looking clears the badge', async ({ page }) => {
  await desk.signIn(page);
  // Followed from the picker of the pasted playlist (its form has the URL), while the queue shows.
  await page.getByLabel('Links to add').fill(PLAYLIST);
  await page.getByRole('button', { name: 'Add links' }).click();
  const picker = page.getByRole('dialog', { name: 'Add from a source' });
  await expect(picker.getByTestId('picker-source-title')).toHaveText(PLAYLIST_250_TITLE);
  await picker.getByRole('button', { name: 'Follow this source…' }).click();
  const form = page.getByRole('dialog', { name: 'Follow a source' });
  await expect(form.getByLabel('Playlist, channel, show or feed URL')).toHaveValue(PLAYLIST);
  await form.getByLabel('At the first check, queue the newest').fill('3');
  await form.getByRole('button', { name: 'Follow' }).click();
  await expect(form).toBeHidden();
  await picker.getByRole('button', { name: 'Cancel' }).click();

  // The three are queued and run by the follow itself; the queue view shows them, the header counts them.
  await expect(page.getByTestId('follows-badge')).toHaveText(/^3/, { timeout: 120_000 }); // a hang guard: three captioned videos take seconds here
  await expect(followsTab(page)).toHaveAccessibleName('Follows, 3 new transcripts');
  // One notice for the three, or one per transcript: either way it names the source.
  await expect(page.getByTestId('notice').filter({ hasText: / from “.+” in the library/ }).first()).toBeVisible();

  await followsTab(page).click();
  const card = page.getByTestId('follow-card');
  await expect(card.getByTestId('follow-landed')).toHaveText('3 new transcripts');
  await expect(card.getByTestId('follow-last-check')).toHaveText(/: 250 in the source, 3 new, 3 queued$/);
  await expect(page.getByTestId('follows-badge')).toHaveCount(0);
  // Seen stays seen: a reload shows no badge.
  await page.reload();
  await expect(views(page)).toBeVisible();
  await expect(page.getByTestId('follows-badge')).toHaveCount(0);
  await views(page).getByRole('button', { name: 'Library' }).click();
  await expect(page.getByTestId('library-entry')).toHaveCount(3);
});
