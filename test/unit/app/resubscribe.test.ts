// Issue 13 item 2, the desktop side: the page of the window is the only listener of the desk's
// events. When its renderer crashes, the app loads the page again (whose start-up subscribes anew)
// and events reach it; a window closed and opened again (macOS) gets them too, the old one none.
import { describe, expect, it, vi } from 'vitest';
import { desktopPerFile, invokeDesk as invoke } from '../../helpers/desktopApp';
import { windows, type FakeWindow } from '../../helpers/electronMock';
import { MAX_RELOADS, reloadAfterRendererCrash } from '../../../src-main/app/rendererRecovery';

vi.mock('electron', () => import('../../helpers/electronMock'));

const app = desktopPerFile();

/** Adds a link, as the page would, and returns it: the desk answers with a queue.changed event. */
async function enqueue(url: string): Promise<string> {
  expect(await invoke('queue.enqueue', { entries: [{ url }] })).toMatchObject({ ok: true });
  return url;
}

const changedUrls = (window: FakeWindow | undefined) =>
  (window?.sent ?? []).filter((m) => m[1] === 'queue.changed').flatMap((m) => (m[2] as { upserted: { url: string }[] }).upserted.map((i) => i.url));

describe('the desktop window after its page went away', () => {
  it('loads the page again after a renderer crash, and the new page gets the events', async () => {
    const window = windows.at(-1);
    expect(window?.loaded).toEqual(['app://desk/index.html']);
    window?.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 });
    expect(window?.loaded).toEqual(['app://desk/index.html', 'app://desk/index.html']);
    const url = await enqueue('https://youtu.be/GJLlxj_dtq8');
    await vi.waitFor(() => expect(changedUrls(window)).toContain(url));
  });

  it('does not reload a window that is closing (clean exit)', () => {
    const window = windows.at(-1);
    const before = window?.loaded.length;
    window?.webContents.emit('render-process-gone', {}, { reason: 'clean-exit', exitCode: 0 });
    expect(window?.loaded.length).toBe(before);
  });

  it('sends events to a window opened again, none to the closed one', async () => {
    const old = windows.at(-1) as FakeWindow;
    old.destroyed = true;
    app().desktop.focus();
    const reopened = windows.at(-1);
    expect(reopened).not.toBe(old);
    expect(reopened?.loaded).toEqual(['app://desk/index.html']);
    const sentToOld = old.sent.length;
    const url = await enqueue('https://rumble.com/vok0001-city-council-bridge-vote-live-coverage.html');
    await vi.waitFor(() => expect(changedUrls(reopened)).toContain(url));
    expect(old.sent.length).toBe(sentToOld);
  });
});

describe('reloadAfterRendererCrash', () => {
  it(`stops after ${MAX_RELOADS} reloads within a minute (a page that crashes at once would loop) and starts again later`, () => {
    let now = 1_000_000;
    const loaded: string[] = [];
    const lines: string[] = [];
    let gone: (event: unknown, details: { reason: string }) => void = () => undefined;
    const window = { isDestroyed: () => false, loadURL: (url: string) => (loaded.push(url), Promise.resolve()), webContents: { on: (_: string, listener: typeof gone) => void (gone = listener) } };
    reloadAfterRendererCrash(window, 'app://desk/index.html', (line) => void lines.push(line), () => now);
    for (let i = 0; i < MAX_RELOADS + 2; i++) {
      gone({}, { reason: 'oom' });
      now += 1_000;
    }
    expect(loaded).toHaveLength(MAX_RELOADS);
    expect(lines.at(-1)).toContain('not reloading');
    now += 60_000;
    gone({}, { reason: 'killed' });
    expect(loaded).toHaveLength(MAX_RELOADS + 1);
  });
});
