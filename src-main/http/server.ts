// The spec's REST API on loopback. This file only translates HTTP to the service facade and back:
// statuses, texts and headers are decided by the service.
import { createServer } from 'node:http';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { pino } from 'pino';
import { platformFromPathSegment } from '#shared/platforms';
import { ERROR_TEXT, type ApiResponse } from '#service/apiResponse';
import type { Admission, Caller, TranscriptService } from '#service/service';
import { AccessLog, logAbortedRequests, logSerializers } from './accessLog';
import { isApiReferencePath, registerApiReference } from './apiReference';
import { Connections } from './connections';
import { DEFAULT_DRAIN_MS, drain, type DrainOutcome } from './drain';

/** Far above any real request (`{"url": …}` of at most 2 KB) and far below what could hurt. */
export const BODY_LIMIT_BYTES = 64 * 1024;

declare module 'fastify' {
  interface FastifyRequest {
    admission?: Admission;
  }
}

function send(reply: FastifyReply, response: ApiResponse): FastifyReply {
  return reply.code(response.status).headers(response.headers).type('application/json; charset=utf-8').send(JSON.stringify(response.body));
}

function callerOf(request: FastifyRequest): Caller {
  const admission = request.admission;
  // The onRequest hook answers every request it does not admit, so a handler always has a caller.
  if (admission?.ok !== true) throw new Error('request reached a handler without admission');
  return admission.caller;
}

/**
 * What one connection may take from the server. A request's body must arrive within
 * `requestTimeoutMs` of its headers, else it is answered 408 and closed: 30 s is ages for the REST
 * API's 64 KiB and for the desk's largest body on loopback, and a client that trickles bytes holds
 * nothing for long (F4). The one exception is the browser build's media upload, which may take
 * longer as long as its bytes keep coming (connections.ts, allowLongBody). It bounds the receiving
 * only, so the desk's event stream, a long response to a short GET, lives on. Headers must be
 * complete within `headersTimeoutMs`. A connection idle between
 * requests is closed after `keepAliveTimeoutMs` (5 s, announced as `Keep-Alive: timeout=5`;
 * Fastify's default of 72 s held an idle client's socket for over a minute). `maxConnections` caps
 * open sockets; one beyond it is answered 503 at once and closed (connections.ts). 1024 leaves
 * every real client room (the security test's 500 concurrent connections were all served) while
 * bounding what a flood holds; past twice the cap Node drops connections without a word, so that
 * refusing cannot itself hold unbounded sockets.
 */
export interface ServerLimits {
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  keepAliveTimeoutMs: number;
  maxConnections: number;
}

export const DEFAULT_SERVER_LIMITS: ServerLimits = { requestTimeoutMs: 30_000, headersTimeoutMs: 15_000, keepAliveTimeoutMs: 5000, maxConnections: 1024 };

export interface ApiOptions {
  limits?: Partial<ServerLimits>;
  /**
   * Routes under `prefix` that authenticate themselves (the desk's browser build, /app): the API's
   * key check and rate limit do not apply to them.
   */
  selfAuthenticated?: { prefix: string; register(app: FastifyInstance): Promise<void>; /** Other exact paths they answer (`/`, which sends a browser to the desk). */ paths?: readonly string[] };
  /**
   * Where the access lines (info) and the errors (error, with their stack) go: `serve`'s
   * --log-level and --log-format (cli/serveLog.ts), the desktop app's log file. Without one,
   * errors only, to stderr, as JSON.
   */
  logger?: FastifyBaseLogger;
}

/** Errors only, to stderr: what a server built without a logger (tests, tools) still reports. */
function errorsToStderr(): FastifyBaseLogger {
  return pino({ level: 'error', serializers: logSerializers }, pino.destination({ fd: 2, sync: true }));
}

export interface BuiltApi {
  app: FastifyInstance;
  /** Every route Fastify registered, as it registered them: test/unit/openapi-document.test.ts holds them against the document. */
  routes: readonly { method: string; url: string }[];
  /** The server's connections and what each still owes (connections.ts), for the drain. */
  connections: Connections;
}

export async function buildApi(service: TranscriptService, options: ApiOptions = {}): Promise<BuiltApi> {
  const limits = { ...DEFAULT_SERVER_LIMITS, ...options.limits };
  let connections: Connections | undefined;
  const app = Fastify({
    bodyLimit: BODY_LIMIT_BYTES,
    loggerInstance: options.logger ?? errorsToStderr(),
    // One access line per request instead of Fastify's two, with what a log may show (accessLog.ts).
    logController: new AccessLog(),
    // A request that arrives during a stop is answered, with `Connection: close` (connections.ts),
    // not refused with a 503 that a client would have to retry elsewhere.
    return503OnClosing: false,
    // Our own Node server, so that every connection is known before Fastify sees its requests.
    serverFactory: (handler) => {
      const server = createServer(
        {
          // Kept by Connections instead, which can let a media upload take longer while its bytes
          // keep coming (Node's cuts any request at that age, however busy).
          requestTimeout: 0,
          // A request's headers never get longer than its whole time.
          headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
          keepAliveTimeout: limits.keepAliveTimeoutMs,
          // How often Node looks for connections past those timeouts (30 s by default, which would
          // double them): a tenth of the shorter one, at most a second.
          connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 10))),
        },
        (request, response) => {
          if (connections?.admit(request, response) === true) handler(request, response);
        },
      );
      server.maxConnections = 2 * limits.maxConnections;
      connections = new Connections(server, limits.maxConnections, limits.requestTimeoutMs);
      return server;
    },
  });
  if (connections === undefined) throw new Error('Fastify did not build the server through serverFactory');
  const own = options.selfAuthenticated;
  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });

  // First, before any route or plugin: a plugin registered with `await` boots what is registered
  // so far, so a handler set later would miss those routes (F5: with --ui, the REST routes
  // answered in Fastify's own shape and leaked internal errors unlogged).
  app.setNotFoundHandler((_request, reply) => send(reply, { status: 404, headers: {}, body: { error: ERROR_TEXT.notFound } }));
  // Also before any route, so that every route has it (accessLog.ts).
  logAbortedRequests(app);

  app.setErrorHandler((error: { statusCode?: number; code?: string; message: string }, request, reply) => {
    if (error.statusCode === 413) {
      const limit = request.routeOptions.bodyLimit ?? BODY_LIMIT_BYTES;
      return send(reply, { status: 413, headers: {}, body: { error: ERROR_TEXT.payloadTooLarge, message: `The request body is larger than ${limit} bytes` } });
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, { status: error.statusCode, headers: {}, body: { error: 'Bad request', message: error.message } });
    }
    // Never a stack trace to the client; the operator sees the real error, stack and all.
    request.log.error({ err: error }, 'unexpected error while answering a request');
    return send(reply, { status: 500, headers: {}, body: { error: ERROR_TEXT.internal } });
  });

  const isOwn = (url: string) => own !== undefined && (url === own.prefix || url.startsWith(`${own.prefix}/`) || url.startsWith(`${own.prefix}?`) || (own.paths?.includes(url.split('?')[0] ?? '') ?? false));

  // Bodies stay raw text: auth and the rate limit come first, then the service parses the JSON
  // (so a malformed body from an unknown caller is a 401, and from a known one a 400 in JSON).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

  app.addHook('onRequest', async (request, reply) => {
    // The desk's own routes sign in their way; the API's document and its page need no key (apiReference.ts).
    if (isOwn(request.url) || isApiReferencePath(request.url)) return;
    const admission = await service.admit(request.headers.authorization, request.ip);
    request.admission = admission;
    if (!admission.ok) return send(reply, admission.response);
    reply.headers(admission.headers);
  });

  app.post<{ Params: { platform: string } }>('/api/:platform/transcript', async (request, reply) => {
    const platform = platformFromPathSegment(request.params.platform);
    const body = typeof request.body === 'string' ? request.body : undefined;
    if (platform === undefined) return send(reply, { status: 404, headers: {}, body: { error: ERROR_TEXT.notFound, message: `Unknown platform "${request.params.platform}"` } });
    const caller = callerOf(request);
    if (platform === 'podcast') return send(reply, await service.submitPodcast(caller, body));
    // A caller that hangs up cancels the upstream work. The response's 'close' is the signal: the
    // request's own 'close' fires as soon as its body has been read.
    const aborted = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) aborted.abort();
    });
    return send(reply, await service.transcript(caller, platform, body, aborted.signal));
  });

  app.get<{ Params: { platform: string; jobId: string } }>('/api/:platform/jobs/:jobId', async (request, reply) => {
    if (platformFromPathSegment(request.params.platform) !== 'podcast') return send(reply, { status: 404, headers: {}, body: { error: ERROR_TEXT.notFound } });
    return send(reply, await service.job(callerOf(request), request.params.jobId));
  });

  app.get('/api/balance', async (request, reply) => send(reply, await service.balance(callerOf(request))));

  registerApiReference(app);

  if (own !== undefined) await own.register(app);

  return { app, connections, routes };
}

export interface RunningServer {
  url: string;
  host: string;
  port: number;
  /**
   * Stops listening at once, answers what is in flight (each connection's last answer saying
   * `Connection: close`), closes idle and incomplete connections at once, and after `deadlineMs`
   * closes whatever is left (drain.ts). Resolves when no connection is open. Called again, it
   * waits for the same drain.
   */
  drain(deadlineMs?: number): Promise<DrainOutcome>;
  /** `drain()` with the default deadline. */
  close(): Promise<void>;
}

export async function startApiServer(service: TranscriptService, host = '127.0.0.1', port = 8787, options: ApiOptions = {}): Promise<RunningServer> {
  const { app, connections } = await buildApi(service, options);
  await app.listen({ host, port });
  const address = app.server.address();
  const boundPort = typeof address === 'object' && address !== null ? address.port : port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  let drained: Promise<DrainOutcome> | undefined;
  const stop = (deadlineMs = DEFAULT_DRAIN_MS) => (drained ??= drain(connections, () => app.close(), deadlineMs));
  return {
    url: `http://${shownHost}:${boundPort}`,
    host,
    port: boundPort,
    drain: stop,
    close: () => stop().then(() => undefined),
  };
}
