// A renderer that crashed or was killed (out of memory, a GPU reset, `kill` on its process)
// leaves a blank window whose page no longer listens to the desk's events. Loading the page again
// starts a fresh renderer: its start-up subscribes to the events anew and reads the queue, jobs and
// balance (src-renderer/src/lib/bootstrap.ts), so nothing that happened meanwhile is lost.
//
// A page that crashes again at once would loop; after MAX_RELOADS within WINDOW_MS the window is
// left as it is and the log says why.

export const MAX_RELOADS = 3;
export const WINDOW_MS = 60_000;

export interface RecoverableWindow {
  isDestroyed(): boolean;
  loadURL(url: string): Promise<void>;
  webContents: { on(event: 'render-process-gone', listener: (event: unknown, details: { reason: string }) => void): unknown };
}

export function reloadAfterRendererCrash(window: RecoverableWindow, url: string, log: (line: string) => void, now: () => number = Date.now): void {
  const reloads: number[] = [];
  window.webContents.on('render-process-gone', (_event, details) => {
    // 'clean-exit' is the window closing, not a crash.
    if (details.reason === 'clean-exit' || window.isDestroyed()) return;
    const t = now();
    while (reloads.length > 0 && (reloads[0] as number) <= t - WINDOW_MS) reloads.shift();
    if (reloads.length >= MAX_RELOADS) {
      log(`the window's page stopped again (${details.reason}); not reloading it a ${MAX_RELOADS + 1}th time within a minute`);
      return;
    }
    reloads.push(t);
    log(`the window's page stopped (${details.reason}); loading it again`);
    window.loadURL(url).catch((error: unknown) => log(`reloading the window failed: ${(error as Error).message}`));
  });
}
