// Issue 13 item 8: after an export to a folder the desktop app offers "Open folder", which shows
// that folder in the system's file manager (shell.openPath) — and only a folder an export of this
// session wrote into, so the page cannot have any path on the machine opened.
import { join } from 'node:path';
import { expect, it, vi } from 'vitest';
import { desktopPerFile, invokeDesk as invoke } from '../../helpers/desktopApp';
import { shell } from '../../helpers/electronMock';

vi.mock('electron', () => import('../../helpers/electronMock'));

const app = desktopPerFile();

it('opens the folder an export wrote into, and no other', async () => {
  const folder = join(app().home.dir, 'exports', 'today');
  expect(await invoke('export.openFolder', { folder })).toMatchObject({ ok: false, error: { code: 'refused', message: `No export of this session wrote into ${folder}` } });
  expect(shell.openPath).not.toHaveBeenCalled();

  expect(await invoke('export.run', { scope: { kind: 'queue' }, format: 'txt', folder })).toMatchObject({ ok: true, value: { folder } });
  expect(await invoke('export.openFolder', { folder })).toEqual({ ok: true, value: {} });
  expect(shell.openPath).toHaveBeenCalledWith(folder);

  shell.openPath.mockResolvedValueOnce('No application knows how to open it');
  expect(await invoke('export.openFolder', { folder })).toMatchObject({ ok: false, error: { code: 'unavailable', message: expect.stringContaining('No application knows how to open it') as string } });
});
