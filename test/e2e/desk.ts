// A real `transcript-desk serve --ui` on a fresh data home, its upstream on the fixture, and a
// page signed in through the one-time link it prints.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { runCli, spawnCli, waitForOutput } from '../helpers/cli';
import { killGroup } from '../helpers/processes';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';

const ROOT = resolve(__dirname, '../..');

export interface RunningDesk {
  home: string;
  url: string;
  loginUrl: string;
  fixture: FixtureUpstream;
  ownerKey: string;
  /** GET /api/balance with the owner key, as any script would. */
  balance(): Promise<{ credits: number; plan: string }>;
  /** A fresh one-time link (each serves one sign-in) by signing in with the owner key. */
  signIn(page: Page): Promise<void>;
  stop(): Promise<void>;
}

export interface DeskOptions {
  /** Where the fixture keeps the media it generates (test/upstream/media.ts); its default otherwise. */
  mediaDir?: string;
  /** Settings made with `transcript-desk settings set` before the server starts, as a user would. */
  settings?: Record<string, string>;
  /** More options for `serve --ui` (`--max-upload-mb 1`). */
  serveArgs?: string[];
}

export async function startDesk(options: DeskOptions = {}): Promise<RunningDesk> {
  if (!existsSync(join(ROOT, 'out/renderer/index.html'))) throw new Error('The renderer is not built: run `npm run build` (npm run test:e2e does it)');
  const home = mkdtempSync(join(tmpdir(), 'td-e2e-'));
  for (const [key, value] of Object.entries(options.settings ?? {})) {
    const set = await runCli(home, ['settings', 'set', key, value]);
    if (set.code !== 0) throw new Error(`settings set ${key} ${value} failed: ${set.stderr}`);
  }
  const fixture = await startFixtureUpstream(options.mediaDir === undefined ? {} : { mediaDir: options.mediaDir });
  const child = spawnCli(['serve', '--ui', '--port', '0', ...(options.serveArgs ?? [])], { TRANSCRIPT_DESK_HOME: home, TRANSCRIPT_DESK_UPSTREAM: fixture.url, TRANSCRIPT_DESK_UPSTREAM_TIMEOUT_MS: '3000' });
  const { match: loginUrl } = await waitForOutput(child, /desk: (http:\/\/\S+)/, 'serve --ui');
  const url = new URL(loginUrl).origin;
  const ownerKey = readFileSync(join(home, 'owner-key'), 'utf8').trim();
  let linkUsed = false;
  return {
    home,
    url,
    loginUrl,
    fixture,
    ownerKey,
    async balance() {
      const response = await fetch(`${url}/api/balance`, { headers: { authorization: `Bearer ${ownerKey}` } });
      return (await response.json()) as { credits: number; plan: string };
    },
    async signIn(page) {
      if (!linkUsed) {
        linkUsed = true;
        await page.goto(loginUrl);
      } else {
        await page.goto(`${url}/app/`);
        await page.getByLabel('Owner key').fill(ownerKey);
        await page.getByRole('button', { name: 'Sign in' }).click();
      }
      await page.getByRole('navigation', { name: 'Views' }).waitFor();
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      killGroup(child.pid as number); // engines or ffmpeg of an episode still running
      await fixture.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** Drops a file on the queue the way a browser does: a drop event carrying a File. */
export async function dropFile(page: Page, name: string, text: string): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ name, text }) => {
      // Runs in the page; the Node types of this file do not know the DOM's DataTransfer.
      const { DataTransfer } = globalThis as unknown as { DataTransfer: new () => { items: { add(file: File): void } } };
      const dt = new DataTransfer();
      dt.items.add(new File([text], name, { type: 'text/plain' }));
      return dt;
    },
    { name, text },
  );
  await page.dispatchEvent('[data-testid=drop-target]', 'dragenter', { dataTransfer });
  await page.dispatchEvent('[data-testid=drop-target]', 'drop', { dataTransfer });
}

/**
 * Drops files from disk on the queue the way a browser does: one drop event carrying them all
 * (their bytes travel into the page, so keep them to a few MB).
 */
export async function dropFiles(page: Page, paths: readonly string[], names: readonly string[] = paths.map((p) => basename(p))): Promise<void> {
  const files = paths.map((path, i) => ({ name: names[i] as string, base64: readFileSync(path).toString('base64') }));
  const dataTransfer = await page.evaluateHandle((files) => {
    // Runs in the page; the Node types of this file do not know the DOM's DataTransfer.
    const { DataTransfer } = globalThis as unknown as { DataTransfer: new () => { items: { add(file: File): void } } };
    const dt = new DataTransfer();
    for (const { name, base64 } of files) dt.items.add(new File([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], name));
    return dt;
  }, files);
  await page.dispatchEvent('[data-testid=drop-target]', 'dragenter', { dataTransfer });
  await page.dispatchEvent('[data-testid=drop-target]', 'drop', { dataTransfer });
}

/**
 * Where the tests put their screenshots: test-results/ (ignored by git), so a test run leaves the
 * tree as it was; `npm run screenshots` (UPDATE_SCREENSHOTS=1) writes the README's, in docs/.
 */
export const SCREENSHOTS = resolve(ROOT, process.env.UPDATE_SCREENSHOTS === '1' ? 'docs/screenshots' : 'test-results/screenshots');

/** A row of the queue, found by the link it was added with. */
export const queueRow = (page: Page, url: string) => page.locator(`[data-testid=queue-row][data-url="${url}"]`);

/** One link fetched through the queue as a person does it: typed in, added, run, done. */
export async function fetchThroughQueue(page: Page, url: string): Promise<void> {
  await page.getByRole('button', { name: 'Queue' }).click();
  await page.getByLabel('Links to add').fill(url);
  await page.getByRole('button', { name: 'Add links' }).click();
  const run = page.getByRole('button', { name: '▶ Run' });
  if (await run.isEnabled()) await run.click();
  await expect(queueRow(page, url)).toHaveAttribute('data-status', 'done');
}
