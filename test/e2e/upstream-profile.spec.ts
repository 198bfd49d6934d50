// The Settings panel "Upstream profile" in Debian's Chromium against a real `serve --ui`: every key
// with its value, a value set from a terminal shown as set, an invalid value refused next to its
// field with nothing saved, a valid one saved and reset from the keyboard, reset all; axe finds no
// violation in the panel, also while an error is shown. What the panel saved is what the CLI reads.
import AxeBuilder from '@axe-core/playwright';
import { join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { runCli } from '../helpers/cli';
import { SCREENSHOTS, startDesk, type RunningDesk } from './desk';

const COMPILED_SHARE_CLIP = '0a02bb974443b576f5579aab0fef1d4b7f44e58a8a256f0c5adfead0db70640f';
const ROTATED_SHARE_CLIP = '5c1d7e2b9a8f4e3d6c0b1a29384756fedcba9876543210fedcba0123456789ab';
const ROTATED_DOC_ID = '9912345678901234';

interface ShownEntry {
  key: string;
  value: string;
  overridden: boolean;
}

// Tall enough for the whole panel in one screenshot.
test.use({ viewport: { width: 1280, height: 2000 } });

let desk: RunningDesk;
test.beforeAll(async () => {
  desk = await startDesk();
});
test.afterAll(async () => {
  await desk.stop();
});

/** What `transcript-desk upstream show --json` says on the desk's data home: the file itself. */
async function shown(): Promise<ShownEntry[]> {
  const result = await runCli(desk.home, ['upstream', 'show', '--json']);
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as ShownEntry[];
}
const overriddenKeys = async () => (await shown()).filter((e) => e.overridden).map((e) => e.key);

async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).include('section[aria-labelledby=upstream-heading]').analyze();
  expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

const row = (panel: Locator, key: string) => panel.locator(`[data-testid=upstream-row][data-key="${key}"]`);

test('the upstream profile panel: lists every key, saves a valid value, refuses an invalid one beside its field, resets one and all', async ({ page }) => {
  // Set from a terminal before the panel opens: it must show as set.
  expect((await runCli(desk.home, ['upstream', 'set', 'instagram.docId.postRoot', ROTATED_DOC_ID])).code).toBe(0);
  const keys = (await shown()).map((e) => e.key);

  await desk.signIn(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const panel = page.getByRole('region', { name: 'Upstream profile' });
  await expect(panel.getByTestId('upstream-row')).toHaveCount(keys.length);
  for (const key of keys) await expect(panel.getByLabel(key, { exact: true })).toBeVisible();
  await expect(panel.getByLabel('twitch.hash.ShareClipRenderStatus', { exact: true })).toHaveValue(COMPILED_SHARE_CLIP);
  await expect(panel.getByLabel('instagram.docId.postRoot', { exact: true })).toHaveValue(ROTATED_DOC_ID);
  await expect(row(panel, 'instagram.docId.postRoot')).toContainText('set');
  await expect(row(panel, 'instagram.docId.postRoot')).toContainText('Default: 27128499623469141');
  await expect(row(panel, 'twitch.hash.ShareClipRenderStatus').getByRole('button', { name: /^Reset/ })).toHaveCount(0);
  await expect(panel.getByTestId('upstream-status')).toContainText(`1 of ${keys.length} set`);
  await expectNoAxeViolations(page);

  // An invalid hash, typed and submitted from the keyboard: the reason beside the field, nothing saved.
  const hash = panel.getByLabel('twitch.hash.ShareClipRenderStatus', { exact: true });
  await hash.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('not-a-hash');
  // Tab reaches the row's Save, which appeared with the edit; Enter presses it.
  await page.keyboard.press('Tab');
  await expect(row(panel, 'twitch.hash.ShareClipRenderStatus').getByRole('button', { name: 'Save twitch.hash.ShareClipRenderStatus' })).toBeFocused();
  await page.keyboard.press('Enter');
  const refusal = row(panel, 'twitch.hash.ShareClipRenderStatus').getByRole('alert');
  await expect(refusal).toContainText('"not-a-hash" is not a valid twitch.hash.ShareClipRenderStatus');
  await expect(refusal).toContainText('64 lowercase hexadecimal digits');
  await expect(hash).toHaveAttribute('aria-invalid', 'true');
  await expect(hash).toHaveAccessibleDescription(/persisted-query hash of ShareClipRenderStatus.*64 lowercase hexadecimal digits/);
  await expect(hash).toHaveValue('not-a-hash');
  expect(await overriddenKeys()).toEqual(['instagram.docId.postRoot']);
  await expectNoAxeViolations(page);
  await row(panel, 'twitch.hash.ShareClipRenderStatus').screenshot({ path: join(SCREENSHOTS, 'upstream-profile-refused.png') });

  // A valid one, submitted with Enter in the field: saved, marked set, and what the CLI (and so the service) reads.
  await hash.focus();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(ROTATED_SHARE_CLIP);
  await page.keyboard.press('Enter');
  await expect(row(panel, 'twitch.hash.ShareClipRenderStatus').getByRole('alert')).toHaveCount(0);
  await expect(row(panel, 'twitch.hash.ShareClipRenderStatus')).toContainText(`Default: ${COMPILED_SHARE_CLIP}`);
  await expect(hash).toHaveAttribute('aria-invalid', 'false');
  await expect(panel.getByTestId('upstream-status')).toContainText('twitch.hash.ShareClipRenderStatus saved');
  expect(await overriddenKeys()).toEqual(['twitch.hash.ShareClipRenderStatus', 'instagram.docId.postRoot']);
  expect((await shown()).find((e) => e.key === 'twitch.hash.ShareClipRenderStatus')?.value).toBe(ROTATED_SHARE_CLIP);
  await panel.screenshot({ path: join(SCREENSHOTS, 'upstream-profile.png') });

  // Reset that one from the keyboard: Tab from the field to Reset (Save shows only while the value is edited).
  await expect(row(panel, 'twitch.hash.ShareClipRenderStatus').getByRole('button', { name: /^Save/ })).toHaveCount(0);
  await hash.focus();
  await page.keyboard.press('Tab');
  await expect(row(panel, 'twitch.hash.ShareClipRenderStatus').getByRole('button', { name: 'Reset twitch.hash.ShareClipRenderStatus to its default' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(hash).toHaveValue(COMPILED_SHARE_CLIP);
  expect(await overriddenKeys()).toEqual(['instagram.docId.postRoot']);

  // Reset all.
  await panel.getByRole('button', { name: 'Reset all to defaults' }).click();
  await expect(panel.getByLabel('instagram.docId.postRoot', { exact: true })).toHaveValue('27128499623469141');
  await expect(panel.getByTestId('upstream-status')).toContainText('Every value is the compiled default.');
  await expect(panel.getByRole('button', { name: 'Reset all to defaults' })).toBeDisabled();
  expect(await overriddenKeys()).toEqual([]);
});
