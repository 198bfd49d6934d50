// Electron transport of the desk's handler table: one `ipcMain.handle('desk:<operation>')` per
// operation, and events forwarded with `webContents.send`. It takes ipcMain-like objects instead
// of importing electron, so it stays testable in plain Node; the shell passes the real ones.
import { IPC_EVENT_CHANNEL, IPC_INVOKE_PREFIX } from '#shared/contract/desk';
import { OPERATION_NAMES } from '#shared/contract/operations';
import type { DeskResult } from '#shared/contract/result';
import type { Desk } from '../desk/index';

/** What `ipcMain.handle` gives a handler: the frame that sent the request (null once it is gone). */
export interface IpcInvokeEventLike {
  senderFrame: { url: string } | null;
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: IpcInvokeEventLike, ...args: unknown[]) => Promise<unknown>): void;
  removeHandler(channel: string): void;
}

export interface WebContentsLike {
  send(channel: string, ...args: unknown[]): void;
  isDestroyed(): boolean;
}

export interface DeskIpcOptions {
  ipcMain: IpcMainLike;
  desk: Desk;
  /** Origins the desk's pages are loaded from, e.g. `app://desk` (and the dev server's in development). */
  allowedOrigins: readonly string[];
  /** The windows that get events. */
  targets: () => Iterable<WebContentsLike>;
}

/**
 * `scheme://host` of a URL. WHATWG's `origin` is "null" for custom schemes such as app://, so it
 * cannot tell app://desk from app://evil; this can.
 */
export function originOf(url: string): string | undefined {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}`;
  } catch {
    return undefined;
  }
}

const FORBIDDEN: DeskResult<never> = { ok: false, error: { code: 'forbidden', message: 'This page may not use the desk' } };

/** Registers every operation and starts forwarding events; returns the function that undoes both. */
export function registerDeskIpc(options: DeskIpcOptions): () => void {
  const allowed = new Set(options.allowedOrigins);
  for (const name of OPERATION_NAMES) {
    options.ipcMain.handle(`${IPC_INVOKE_PREFIX}${name}`, async (event, payload) => {
      // A frame that navigated elsewhere, or an iframe of another origin, gets nothing.
      const origin = event.senderFrame === null ? undefined : originOf(event.senderFrame.url);
      if (origin === undefined || !allowed.has(origin)) return FORBIDDEN;
      // The handler table parses the payload with the operation's schema.
      return options.desk.invoke(name, payload);
    });
  }
  const unsubscribe = options.desk.events.subscribe((event, payload) => {
    for (const target of options.targets()) if (!target.isDestroyed()) target.send(IPC_EVENT_CHANNEL, event, payload);
  });
  return () => {
    unsubscribe();
    for (const name of OPERATION_NAMES) options.ipcMain.removeHandler(`${IPC_INVOKE_PREFIX}${name}`);
  };
}
