// The desktop app's composition with a mocked electron module: on a data home the CLI already
// used, it moves the owner key into the secret store (safeStorage here: keytar gets no D-Bus), hosts
// the desk on ipcMain for app://desk only, loads the window from app://, queues the URL list named
// on its command line, mirrors progress to the taskbar, and shuts down with jobs left resumable.
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appMenus, ipcMain, session, windows, useDesktopHome } from '../../helpers/electronMock';
import { tempHome } from '../../helpers/home';
import { startDesktop, type Desktop } from '../../../src-main/app/desktop';
import { ownerKeyFile } from '#service/home';
import { openService } from '#service/open';

vi.mock('electron', () => import('../../helpers/electronMock'));

let home: ReturnType<typeof tempHome>;
let desktop: Desktop;
let cliKey: string;
const env = { ...process.env };

beforeAll(async () => {
  home = tempHome();
  useDesktopHome(home.dir);
  const cli = await openService(home.dir, {}, {});
  cliKey = cli.owner.key;
  await cli.close();
  writeFileSync(join(home.dir, 'links.txt'), 'https://youtu.be/GJLlxj_dtq8\nhttps://rumble.com/vok0001-city-council-bridge-vote-live-coverage.html\n');
  desktop = await startDesktop(['--some-switch', join(home.dir, 'links.txt')]);
});
afterAll(async () => {
  await desktop.shutdown();
  process.env = env;
  vi.restoreAllMocks();
  home.remove();
});

const invoke = (operation: string, payload: unknown = {}, url = 'app://desk/index.html') => ipcMain.handlers.get(`desk:${operation}`)?.({ senderFrame: { url } }, payload);

describe('the desktop app', () => {
  it('keeps the owner key in its secret store from the first start on', async () => {
    expect(existsSync(ownerKeyFile(home.dir))).toBe(false);
    const keys = (await invoke('keys.list')) as { value: { keys: { isAppKey: boolean; prefix: string }[] } };
    expect(keys.value.keys).toEqual([expect.objectContaining({ isAppKey: true, prefix: cliKey.slice(0, 16) })]);
    expect(await invoke('settings.get')).toMatchObject({ ok: true, value: { host: { kind: 'desktop', dialogs: true, signIn: true, secrets: { backend: 'safeStorage', problem: expect.stringContaining('keytar') as string } } } });
  });

  it('answers the desk on ipcMain for app://desk only, and serves the window from app://', async () => {
    expect(await invoke('balance.get', {}, 'https://evil.example/')).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await invoke('balance.get')).toEqual({ ok: true, value: { credits: 1000, plan: 'pro' } });
    expect(session.defaultSession.protocolHandlers.has('app')).toBe(true);
    const window = windows.at(-1);
    expect(window?.loaded).toEqual(['app://desk/index.html']);
    expect(window?.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webviewTag: false });
    expect(appMenus).toHaveLength(1);
  });

  it('queues the URL list given on its command line', async () => {
    await vi.waitFor(async () => {
      const list = (await invoke('queue.list')) as { value: { items: { url: string }[] } };
      expect(list.value.items.map((i) => i.url)).toEqual(['https://youtu.be/GJLlxj_dtq8', 'https://rumble.com/vok0001-city-council-bridge-vote-live-coverage.html']);
    });
    // The taskbar shows no bar while nothing runs.
    expect(windows.at(-1)?.progress.at(-1)).toBe(-1);
  });

  it('sends menu commands to the window as desk events', () => {
    const template = appMenus[0] as { label?: string; submenu?: { label?: string; click?: () => void }[] }[];
    template.find((m) => m.label === 'File')?.submenu?.find((i) => i.label === 'Export…')?.click?.();
    expect(windows.at(-1)?.sent).toContainEqual(['desk:event', 'app.command', { command: 'export' }]);
  });

  it('shuts down in order: IPC gone, service closed', async () => {
    await desktop.shutdown();
    expect(ipcMain.handlers.size).toBe(0);
    // A second call (before-quit fires again) waits for the same shutdown.
    await desktop.shutdown();
  });
});
