// How an answer crosses a transport (IPC, HTTP RPC): a value, or an error with a code the UI can
// act on and a message a person can read. Nothing else crosses: never a stack trace.
import { z } from 'zod';

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

export const deskErrorSchema = z.object({ code: z.enum(DESK_ERROR_CODES), message: z.string() });
export type DeskErrorBody = z.infer<typeof deskErrorSchema>;

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

/** The error a renderer sees when `window.desk.invoke` rejects: a message, and the code when the transport kept it. */
export function deskErrorOf(error: unknown): DeskErrorBody {
  if (error instanceof DeskError) return { code: error.code, message: error.message };
  const parsed = deskErrorSchema.safeParse(error);
  if (parsed.success) return parsed.data;
  return { code: 'internal', message: error instanceof Error ? error.message : String(error) };
}
