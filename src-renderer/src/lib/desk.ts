// The renderer's access to the app: `window.desk` (the preload's in Electron, the browser
// transport's under serve --ui). Nothing else in the renderer talks to the outside.
import type { DeskApi } from '../../../src-shared/contract/desk';
import type { DeskErrorCode } from '../../../src-shared/contract/result';
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

/** Code and message of a rejected invoke: both transports put the code in front as `[code] `. */
export function errorOf(error: unknown): { code: DeskErrorCode | 'unknown'; message: string } {
  const text = error instanceof Error ? error.message : String(error);
  const match = /^(?:Error invoking remote method '[^']*': (?:Error: )?)?\[([a-z_]+)\] ([\s\S]*)$/.exec(text);
  return match === null ? { code: 'unknown', message: text } : { code: match[1] as DeskErrorCode, message: match[2] ?? '' };
}
