// `window.desk`: the renderer's only way to the app. The preload (Electron) and the browser
// transport (serve --ui) both build exactly this.
import type { EventName, EventPayload } from './events';
import type { OperationInput, OperationName, OperationOutput } from './operations';

export interface DeskApi {
  /** Runs an operation; rejects with an Error whose message a person can read (and `code` where the transport keeps it). */
  invoke<N extends OperationName>(name: N, input: OperationInput<N>): Promise<OperationOutput<N>>;
  /** Listens to an event; returns the unsubscribe function. */
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
  /**
   * Desktop app only: the path on disk of a dropped File (Electron's webUtils.getPathForFile), or
   * '' when it has none. The main process reads the file (`queue.importFiles`) after checking it.
   */
  pathForFile?(file: File): string;
}

/** Channel names of the Electron transport. */
export const IPC_INVOKE_PREFIX = 'desk:';
export const IPC_EVENT_CHANNEL = 'desk:event';

/** Paths of the browser transport. */
export const HTTP_APP_PREFIX = '/app';
export const HTTP_RPC_PREFIX = '/app/rpc/';
export const HTTP_EVENTS_PATH = '/app/events';
/**
 * POST `{ login }` (the one-time link's token) or `{ key }` (the owner key) → `{ token }`, the
 * session token the page keeps in its web storage and sends as HTTP_SESSION_HEADER on every RPC
 * and on the event stream. No cookie: cookies reach every port of a host.
 */
export const HTTP_SESSION_PATH = '/app/session';
export const HTTP_SESSION_HEADER = 'x-desk-session';
/**
 * The one-time link is `<origin>/app/#login=<token>`: a fragment never leaves the browser, so the
 * token is in no request line, server log or Referer; the page redeems it and drops it.
 */
export const HTTP_LOGIN_FRAGMENT = 'login';
