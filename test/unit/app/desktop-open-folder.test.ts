// Issue 13 item 8: after an export to a folder the desktop app offers "Open folder", which shows
// that folder in the system's file manager (shell.openPath) — and only a folder an export of this
// session wrote into, so the page cannot have any path on the machine opened.
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { ipcMain, shell, useDesktopHome } from '../../helpers/electronMock';
import { tempHome } from '../../helpers/home';
import { startDesktop, type Desktop } from '../../../src-main/app/desktop';

vi.mock('electron', () => import('../../helpers/electronMock'));

let home: ReturnType<typeof tempHome>;
let desktop: Desktop;
const env = { ...process.env };

beforeAll(async () => {
  home = tempHome();
  useDesktopHome(home.dir);
  desktop = await startDesktop([]);
});
afterAll(async () => {
  await desktop.shutdown();
  process.env = env;
  vi.restoreAllMocks();
  home.remove();
});

const invoke = (operation: string, payload: unknown = {}) => ipcMain.handlers.get(`desk:${operation}`)?.({ senderFrame: { url: 'app://desk/index.html' } }, payload);

it('opens the folder an export wrote into, and no other', async () => {
  const folder = join(home.dir, 'exports', 'today');
  expect(await invoke('export.openFolder', { folder })).toMatchObject({ ok: false, error: { code: 'refused', message: `No export of this session wrote into ${folder}` } });
  expect(shell.openPath).not.toHaveBeenCalled();

  expect(await invoke('export.run', { scope: { kind: 'queue' }, format: 'txt', folder })).toMatchObject({ ok: true, value: { folder } });
  expect(await invoke('export.openFolder', { folder })).toEqual({ ok: true, value: {} });
  expect(shell.openPath).toHaveBeenCalledWith(folder);

  shell.openPath.mockResolvedValueOnce('No application knows how to open it');
  expect(await invoke('export.openFolder', { folder })).toMatchObject({ ok: false, error: { code: 'unavailable', message: expect.stringContaining('No application knows how to open it') as string } });
});
