// One access line per request, and the request and error serializers every line of the server
// goes through. What a line may hold is decided here, once: the method, the path, the status, the
// time taken and which key asked, never the key itself, a header (Authorization, the desk's
// session header), a body (the desk's sign-in sends the owner key or a one-time login token in
// one) or a query string.
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { KEY_PREFIX } from '#service/store/accounts';

/** nginx's status for a request whose client closed the connection before the answer was sent. */
export const CLIENT_LEFT_STATUS = 499;

/** What replaces a path segment that holds a key (a client that put its key in the URL). */
export const REDACTED_SEGMENT = '[key]';

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The request target as a log may show it. No route of the API or the desk reads a query string,
 * so it is dropped whole rather than filtered (`?key=sk_live_…`, `?token=…` of a hopeful client);
 * so is a fragment, which a browser never sends but a hand-made request may (`/app/#login=…`).
 * A path segment that holds a key, percent-encoded or not, in any case, becomes `[key]`.
 */
export function loggablePath(url: string): string {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  const marker = KEY_PREFIX.toLowerCase();
  // Nearly every path: nothing encoded and no marker anywhere, so no segment can hold a key (the
  // marker has no `/`); the per-segment work is for the rest.
  if (!path.includes('%') && !path.toLowerCase().includes(marker)) return path;
  return path
    .split('/')
    .map((segment) => (decoded(segment).toLowerCase().includes(marker) ? REDACTED_SEGMENT : segment))
    .join('/');
}

/**
 * The key that asked, as the CLI names it: the characters of its display prefix after `sk_live_`
 * (`transcript-desk keys list` shows them, `keys revoke <them>` takes them). Without the
 * `sk_live_` marker, so that no line of the log looks like a key to a secret scanner or a grep.
 */
export function keyIdOf(keyPrefix: string): string {
  return keyPrefix.startsWith(KEY_PREFIX) ? keyPrefix.slice(KEY_PREFIX.length) : keyPrefix;
}

/** pino serializers for the objects Fastify itself may log (at debug and trace, or on its own errors). */
export const logSerializers = {
  req: (request: { method?: string; url?: string }) => ({ method: request.method, path: loggablePath(request.url ?? '') }),
  res: (reply: { statusCode?: number }) => ({ status: reply.statusCode }),
};

export interface AccessLine {
  method: string;
  path: string;
  status: number;
  ms: number;
  /** The client closed the connection before the answer was sent (`status` is then 499). */
  aborted?: true;
  /** The account of the key that asked; absent for a request without a valid key. */
  account?: number;
  key?: string;
}

export function accessLine(request: FastifyRequest, answer: { status: number; elapsedMs: number }, aborted = false): AccessLine {
  const caller = request.admission?.ok === true ? request.admission.caller : undefined;
  return {
    method: request.method,
    path: loggablePath(request.url),
    status: answer.status,
    ms: Math.round(answer.elapsedMs * 10) / 10,
    ...(aborted ? { aborted: true as const } : {}),
    ...(caller === undefined ? {} : { account: caller.accountId, key: keyIdOf(caller.keyPrefix) }),
  };
}

/**
 * The line's message repeats its fields in words, so the pretty format (which shows the message
 * and hides the fields, cli/serveLog.ts) still has everything on one line.
 */
export function accessMessage(line: AccessLine): string {
  return `${line.method} ${line.path} ${line.status} ${line.ms} ms${line.key === undefined ? '' : ` key ${line.key}`}${line.aborted === true ? ' (the client left before the answer)' : ''}`;
}

/**
 * Fastify's own request lines, replaced: instead of an "incoming request" and a "request completed"
 * line (whose `req` would carry the query string), one line when the response has been sent, at
 * `info`; at `error`, with the error, when sending it failed. Installed as Fastify's
 * `logController` (server.ts); a request whose client left first never completes, and gets its
 * line from logAbortedRequests instead.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = accessLine(request, { status: reply.statusCode, elapsedMs: reply.elapsedTime });
    if (error) reply.log.error({ ...line, err: error }, accessMessage(line));
    else reply.log.info(line, accessMessage(line));
  }
}

/**
 * The line of a request whose client closed the connection before the answer was sent (a script
 * that timed out on a slow transcript, the desk's event stream when its page closes), at `info`
 * with status 499: Fastify answers nothing then, so requestCompleted never runs for it. The reply
 * (and its elapsedTime) is not at hand in this hook, so the request keeps its own start time.
 */
export function logAbortedRequests(app: FastifyInstance): void {
  const startedAt = new WeakMap<FastifyRequest, number>();
  app.addHook('onRequest', (request, _reply, done) => {
    startedAt.set(request, performance.now());
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    const line = accessLine(request, { status: CLIENT_LEFT_STATUS, elapsedMs: performance.now() - (startedAt.get(request) ?? performance.now()) }, true);
    request.log.info(line, accessMessage(line));
    done();
  });
}
