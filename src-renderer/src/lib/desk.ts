// The renderer's access to the app: `window.desk` (the preload's in Electron, the browser
// transport's under serve --ui). Nothing else in the renderer talks to the outside. A rejected
// invoke is read with `deskErrorOf` (src-shared/contract/result.ts), whichever transport it came by.
import type { DeskApi } from '#shared/contract/desk';
import { createBrowserDesk, type ConnectionListener } from './browserDesk';

declare global {
  interface Window {
    desk?: DeskApi;
  }
}

let connectionListener: ConnectionListener = () => undefined;

export function onConnection(listener: ConnectionListener): void {
  connectionListener = listener;
}

/** Installs the browser transport when no preload gave us `window.desk`. */
export function ensureDesk(): DeskApi {
  window.desk ??= createBrowserDesk((state) => connectionListener(state));
  return window.desk;
}

export const desk = (): DeskApi => ensureDesk();
