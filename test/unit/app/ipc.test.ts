// The desk on Electron's ipcMain (mocked module): one handler per contract operation, payloads
// parsed with the operation's schema (a clear message naming the field), frames of other origins
// refused before the handler table sees anything.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OPERATION_NAMES } from '#shared/contract/operations';
import { ipcMain } from '../../helpers/electronMock';
import { tempHome } from '../../helpers/home';
import { createDesk, type Desk } from '../../../src-main/desk/index';
import { registerDeskOnIpcMain } from '../../../src-main/ipc/electronMain';
import { openService, type OpenedService } from '#service/open';

vi.mock('electron', () => import('../../helpers/electronMock'));

let home: ReturnType<typeof tempHome>;
let opened: OpenedService;
let desk: Desk;
let unregister: () => void;

beforeEach(async () => {
  home = tempHome();
  opened = await openService(home.dir, {}, {});
  desk = createDesk(opened, { home: home.dir, defaultExportFolder: join(home.dir, 'out'), eventFlushMs: 1 });
  unregister = registerDeskOnIpcMain({ desk, allowedOrigins: ['app://desk'], targets: () => [] });
});
afterEach(async () => {
  unregister();
  await desk.close();
  await opened.close();
  home.remove();
});

const invoke = (operation: string, payload: unknown, url = 'app://desk/index.html') => {
  const handler = ipcMain.handlers.get(`desk:${operation}`);
  if (handler === undefined) throw new Error(`no handler for ${operation}`);
  return handler({ senderFrame: { url } }, payload);
};

describe('desk over ipcMain', () => {
  it('registers exactly one desk:<operation> handler per contract operation', () => {
    expect([...ipcMain.handlers.keys()].sort()).toEqual(OPERATION_NAMES.map((name) => `desk:${name}`).sort());
    expect(OPERATION_NAMES).toEqual(expect.arrayContaining(['queue.importFiles', 'cookies.import', 'cookies.clear', 'platform.signIn', 'dialog.chooseFolder']));
  });

  it('rejects a malformed payload with a message that names the field', async () => {
    expect(await invoke('queue.enqueue', { entries: 'https://youtu.be/GJLlxj_dtq8' })).toEqual({ ok: false, error: { code: 'invalid_input', message: expect.stringContaining('queue.enqueue: entries:') as string } });
    expect(await invoke('cookies.import', { platform: 'myspace', text: 'x' })).toMatchObject({ ok: false, error: { code: 'invalid_input', message: expect.stringContaining('platform') as string } });
    expect(await invoke('queue.list', { extra: true })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    // Nothing was queued by the refused calls.
    expect(await invoke('queue.list', {})).toMatchObject({ ok: true, value: { items: [] } });
  });

  it('refuses frames that are not the desk, before the handler runs', async () => {
    for (const url of ['https://www.youtube.com/', 'app://evil/index.html', 'file:///home/u/index.html', 'http://localhost:5173/']) {
      expect(await invoke('keys.create', { plan: 'pro', credits: 1_000_000 }, url)).toEqual({ ok: false, error: { code: 'forbidden', message: 'This page may not use the desk' } });
    }
    expect(await invoke('keys.list', {})).toMatchObject({ ok: true, value: { keys: [expect.objectContaining({ isOwner: true })] } });
    const handler = ipcMain.handlers.get('desk:keys.list');
    expect(await handler?.({ senderFrame: null }, {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it('removes every handler when unregistered', () => {
    unregister();
    expect(ipcMain.handlers.size).toBe(0);
    unregister = () => undefined;
  });
});
