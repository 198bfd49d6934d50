// How an answer crosses a transport (IPC, HTTP RPC): a value, or an error with a code the UI can
// act on and a message a person can read. Nothing else crosses: never a stack trace.
//
// One encoding end to end: the main process answers `{ ok: false, error }` on both transports;
// the renderer's side of each transport (the preload, lib/browserDesk.ts) rejects with
// `encodeDeskError`, and the renderer reads any rejection back with `deskErrorOf`. No zod here:
// the sandboxed preload bundles this file whole.

export const DESK_ERROR_CODES = [
  /** The payload did not match the operation's schema. */
  'invalid_input',
  /** The thing named does not exist (any more). */
  'not_found',
  /** The operation cannot be done in this build or in this state. */
  'unavailable',
  /** The service refused (a spec error such as 403 no_credits, passed on with its text). */
  'refused',
  /** The browser session is missing or expired. */
  'unauthorized',
  /** The request came from somewhere it may not (wrong Origin, wrong frame). */
  'forbidden',
  /** The user dismissed a system dialog the operation needed. */
  'cancelled',
  /** A bug or a broken disk: the message says what, the details stay in the main process's log. */
  'internal',
] as const;
export type DeskErrorCode = (typeof DESK_ERROR_CODES)[number];

export interface DeskErrorBody {
  code: DeskErrorCode;
  message: string;
}

export const isDeskErrorCode = (code: unknown): code is DeskErrorCode => (DESK_ERROR_CODES as readonly unknown[]).includes(code);

export type DeskResult<T> = { ok: true; value: T } | { ok: false; error: DeskErrorBody };

/** Thrown by handlers for an answer the user should see; the transport turns it into `{ ok: false }`. */
export class DeskError extends Error {
  constructor(
    readonly code: DeskErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DeskError';
  }
}

export const isDeskError = (error: unknown): error is DeskError => error instanceof DeskError;

/**
 * What a transport rejects `window.desk.invoke` with for `{ ok: false }`: an Error whose message is
 * `[code] message`. The code rides inside the message because Electron's contextBridge copies only
 * an Error's message into the page; the browser transport throws the same shape so that one
 * decoder (`deskErrorOf`) reads both.
 */
export function encodeDeskError(error: DeskErrorBody): Error {
  return new Error(`[${error.code}] ${error.message}`);
}

/** The value of an answer, or its error thrown as `encodeDeskError` makes it (each transport's `invoke`). */
export function unwrapDeskResult<T>(result: DeskResult<T>): T {
  if (result.ok) return result.value;
  throw encodeDeskError(result.error);
}

/**
 * `[code] message`, optionally behind the prefix Electron puts on a rejection that crossed
 * `ipcRenderer.invoke` itself ("Error invoking remote method 'desk:x': Error: ").
 */
const ENCODED = /^(?:Error invoking remote method '[^']*': (?:Error: )?)?\[([a-z_]+)\] ([\s\S]*)$/;

/**
 * Code and message of whatever `window.desk.invoke` rejected with (or a DeskError, or an error
 * body). Anything that is not a desk error (a bug, a network failure) reads as `internal` with its
 * own message.
 */
export function deskErrorOf(error: unknown): DeskErrorBody {
  if (error instanceof DeskError) return { code: error.code, message: error.message };
  if (typeof error === 'object' && error !== null && !(error instanceof Error)) {
    const body = error as { code?: unknown; message?: unknown };
    if (isDeskErrorCode(body.code) && typeof body.message === 'string') return { code: body.code, message: body.message };
  }
  const text = error instanceof Error ? error.message : String(error);
  const match = ENCODED.exec(text);
  if (match !== null && isDeskErrorCode(match[1])) return { code: match[1], message: match[2] ?? '' };
  return { code: 'internal', message: text };
}
