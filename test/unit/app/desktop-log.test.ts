// Issue 26 item 5: the desktop app keeps a log file in its data home (logs/transcript-desk.log) and
// Help → Open Log Folder shows that folder. The file gets the app's own lines, its warnings and
// errors with their stacks, and the access lines of the REST API when Settings turns it on —
// with the key's id, never the key.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it, vi } from 'vitest';
import { desktopPerFile, invokeDesk } from '../../helpers/desktopApp';
import { appMenus, shell } from '../../helpers/electronMock';
import { freePort } from '../../helpers/loopback';

vi.mock('electron', () => import('../../helpers/electronMock'));

// The console is copied into the log; the test's own output stays quiet.
const app = desktopPerFile(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
const logFile = () => join(app().home.dir, 'logs', 'transcript-desk.log');
const invoke = (operation: string, payload: unknown = {}) => invokeDesk<{ restApi?: { url: string | null }; key?: string; prefix?: string }>(operation, payload);

const logLines = () =>
  readFileSync(logFile(), 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as Record<string, unknown>);


it('starts a log file in the data home, and Help → Open Log Folder shows its folder', () => {
  expect(logLines()[0]).toMatchObject({ level: 30, msg: `started Transcript Desk 0.0.0-test (Electron ?, ${process.platform} ${process.arch})` });
  const help = (appMenus.at(-1) as { role?: string; submenu?: { label?: string; click?: () => void }[] }[]).find((m) => m.role === 'help');
  help?.submenu?.find((i) => i.label === 'Open Log Folder')?.click?.();
  expect(shell.openPath).toHaveBeenCalledWith(join(app().home.dir, 'logs'));
});

it('writes errors reported on the console with their stack', () => {
  console.error('transcript-desk: a queue item failed unexpectedly:', new Error('disk on fire'));
  const line = logLines().at(-1);
  expect(line).toMatchObject({ level: 50 });
  expect(line?.msg).toMatch(/^transcript-desk: a queue item failed unexpectedly: Error: disk on fire\n\s+at /);
});

it('takes the access lines of the REST API, naming the key by its id only', { timeout: 20_000 }, async () => {
  const port = await freePort();
  const updated = await invoke('settings.update', { changes: { 'desk.api.enabled': true, 'desk.api.port': port } });
  const origin = updated.value?.restApi?.url as string;
  const created = await invoke('keys.create', { label: 'script', plan: 'free', credits: 5 });
  const key = created.value?.key as string;
  expect(key).toMatch(/^sk_live_/);

  expect((await fetch(`${origin}/api/balance`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200);
  expect((await fetch(`${origin}/api/balance?key=${key}`)).status).toBe(401);

  const access = logLines().filter((l) => typeof l.path === 'string');
  expect(access).toEqual([
    expect.objectContaining({ level: 30, method: 'GET', path: '/api/balance', status: 200, account: expect.any(Number) as number, key: key.slice(8, 16) }),
    expect.objectContaining({ level: 30, method: 'GET', path: '/api/balance', status: 401 }),
  ]);
  expect(readFileSync(logFile(), 'utf8')).not.toContain('sk_live_');
});
