// The desktop app's composition with a mocked electron module: on a data home the CLI already
// used, it moves the owner key into the secret store (safeStorage here: keytar gets no D-Bus), hosts
// the desk on ipcMain for app://desk only, loads the window from app://, queues the URL list named
// on its command line, takes a recording named there as a media job, answers the desk's player
// links on app://, mirrors progress to the taskbar, and shuts down with jobs left resumable.
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
  writeFileSync(join(home.dir, 'interview.wav'), silentWav(1));
  desktop = await startDesktop(['--some-switch', join(home.dir, 'links.txt'), join(home.dir, 'interview.wav')]);
});
afterAll(async () => {
  await desktop.shutdown();
  process.env = env;
  vi.restoreAllMocks();
  home.remove();
});

/** A real WAV file (16 kHz mono PCM) of `seconds` of silence: media to ffprobe, made without any tool. */
function silentWav(seconds: number): Buffer {
  const data = seconds * 16_000 * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(16_000, 24);
  header.writeUInt32LE(32_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data, 40);
  return Buffer.concat([header, Buffer.alloc(data)]);
}

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

  it('takes a recording given on its command line as a media job, like a drop', async () => {
    const job = await vi.waitFor(async () => {
      const list = (await invoke('media.list')) as { value: { jobs: { id: string; name: string; path: string }[] } };
      expect(list.value.jobs.map((j) => [j.name, j.path])).toEqual([['interview.wav', join(home.dir, 'interview.wav')]]);
      return list.value.jobs[0];
    });
    // Its transcription is the desk's business (desk-local-media.test.ts); here it need not run.
    expect(await invoke('media.cancel', { id: job?.id })).toMatchObject({ ok: true, value: { job: { status: 'cancelled' } } });
  });

  it("answers the desk's player links on app:// (one the desk never minted is a 404 that says why)", async () => {
    const handler = session.defaultSession.protocolHandlers.get('app');
    const unknown = await handler?.(new Request('app://desk/app/media/never-minted'));
    expect(unknown?.status).toBe(404);
    expect(await unknown?.text()).toMatch(/player link is not known/);
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
