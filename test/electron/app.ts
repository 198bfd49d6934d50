// The built desktop app on a fresh data home, its upstream on the fixture upstream, under a
// private X display (Xvfb) on Linux machines without one.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron as electron, type ElectronApplication, type Page } from '@playwright/test';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';
import { electronBinary } from './binary';

const ROOT = resolve(__dirname, '../..');

export interface RunningApp {
  app: ElectronApplication;
  page: Page;
  home: string;
  fixture: FixtureUpstream;
  close(): Promise<void>;
}

/** An X display for the window: the one the machine has, else an Xvfb of our own. */
async function display(): Promise<{ name: string; stop(): void } | undefined> {
  if (process.platform !== 'linux' || process.env.DISPLAY !== undefined) return undefined;
  const xvfb: ChildProcess = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '1280x800x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const number = await new Promise<string>((resolveDisplay, reject) => {
    xvfb.once('error', reject);
    xvfb.stdout?.once('data', (d: Buffer) => resolveDisplay(d.toString().trim()));
  });
  return { name: `:${number}`, stop: () => void xvfb.kill() };
}

export async function launchApp(): Promise<RunningApp> {
  const binary = electronBinary();
  if ('missing' in binary) throw new Error(binary.missing);
  if (!existsSync(join(ROOT, 'out/main/index.js'))) throw new Error('The app is not built: run `npm run build` first');
  const home = mkdtempSync(join(tmpdir(), 'td-electron-'));
  const fixture = await startFixtureUpstream();
  const screen = await display();
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined) env[name] = value;
  Object.assign(env, { TRANSCRIPT_DESK_HOME: home, TRANSCRIPT_DESK_UPSTREAM: fixture.url, TRANSCRIPT_DESK_UPSTREAM_TIMEOUT_MS: '3000' }, screen === undefined ? {} : { DISPLAY: screen.name });
  const app = await electron.launch({ executablePath: binary.path, args: [join(ROOT, 'out/main/index.js'), '--no-sandbox'], env, cwd: home });
  const page = await app.firstWindow();
  await page.getByRole('navigation', { name: 'Views' }).waitFor();
  return {
    app,
    page,
    home,
    fixture,
    async close() {
      await app.close();
      screen?.stop();
      await fixture.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** The few DOM types the page functions below use (this file is compiled without the DOM library). */
interface PageDom {
  document: {
    createElement(tag: 'input'): { type: string; multiple: boolean; id: string; hidden: boolean };
    body: { append(node: unknown): void };
    getElementById(id: string): { files: ArrayLike<unknown> | null; remove(): void } | null;
  };
  DataTransfer: new () => { items: { add(file: unknown): void } };
}

/**
 * Drops real files on the queue: Files taken from a file input (so they have paths on disk, as
 * files dragged from a file manager do), put into a DataTransfer and dropped.
 */
export async function dropFiles(page: Page, paths: string[]): Promise<void> {
  await page.evaluate(() => {
    const { document } = globalThis as unknown as PageDom;
    const input = document.createElement('input');
    input.type = 'file';
    input.multiple = true;
    input.id = 'test-drop-files';
    input.hidden = true;
    document.body.append(input);
  });
  await page.setInputFiles('#test-drop-files', paths);
  const dataTransfer = await page.evaluateHandle(() => {
    const { document, DataTransfer } = globalThis as unknown as PageDom;
    const input = document.getElementById('test-drop-files');
    const dt = new DataTransfer();
    for (const file of Array.from(input?.files ?? [])) dt.items.add(file);
    input?.remove();
    return dt;
  });
  await page.dispatchEvent('[data-testid=drop-target]', 'dragenter', { dataTransfer });
  await page.dispatchEvent('[data-testid=drop-target]', 'drop', { dataTransfer });
}
