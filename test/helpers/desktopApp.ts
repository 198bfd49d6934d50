// The desktop app (src-main/app/desktop.ts) under the mocked electron, one per test file: started
// in a fresh data home before the file's tests, shut down after them, the environment put back.
// The file itself still says `vi.mock('electron', () => import('../../helpers/electronMock'))`:
// vitest hoists that line only in the test file.
import { afterAll, beforeAll, vi } from 'vitest';
import { startDesktop, type Desktop } from '../../src-main/app/desktop';
import { ipcMain, useDesktopHome } from './electronMock';
import { tempHome } from './home';

export interface DesktopUnderTest {
  home: ReturnType<typeof tempHome>;
  desktop: Desktop;
}

/** Registers the file's beforeAll/afterAll; the returned getter reads the running app. `prepare` runs after the home is set, before the start. */
export function desktopPerFile(prepare: (homeDir: string) => void = () => undefined): () => DesktopUnderTest {
  let running: DesktopUnderTest | undefined;
  const env = { ...process.env };
  beforeAll(async () => {
    const home = tempHome();
    useDesktopHome(home.dir);
    prepare(home.dir);
    running = { home, desktop: await startDesktop([]) };
  });
  afterAll(async () => {
    await running?.desktop.shutdown();
    process.env = env;
    vi.restoreAllMocks();
    running?.home.remove();
  });
  return () => {
    if (running === undefined) throw new Error('the desktop app is started in beforeAll');
    return running;
  };
}

/** What the page's `window.desk` call does: one operation over IPC, from the app's own page. */
export function invokeDesk<Value = unknown>(operation: string, payload: unknown = {}): Promise<{ ok: boolean; value?: Value }> {
  const handler = ipcMain.handlers.get(`desk:${operation}`);
  if (handler === undefined) throw new Error(`no IPC handler for desk:${operation}`);
  return handler({ senderFrame: { url: 'app://desk/index.html' } }, payload) as Promise<{ ok: boolean; value?: Value }>;
}
