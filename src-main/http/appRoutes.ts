// The desk's browser build on the REST server (serve --ui): the built renderer under /app/, the
// handler table over RPC (POST /app/rpc/<operation>) and its events over SSE (GET /app/events);
// local media's upload and player routes (mediaRoutes.ts).
// These routes authenticate themselves with a session token in a header (session.ts); the REST
// API's key check does not apply to them, and the REST API is unchanged.
//
// Every check (Host, Origin, session) runs in the routes' onRequest hook, on the headers alone,
// before Fastify reads a byte of the body: a caller without a session never gets the server to
// buffer anything (F4).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { HTTP_EVENTS_PATH, HTTP_RPC_PREFIX, HTTP_SESSION_HEADER, HTTP_SESSION_PATH } from '#shared/contract/desk';
import { OPERATION_NAMES, type OperationName } from '#shared/contract/operations';
import type { DeskResult } from '#shared/contract/result';
import type { Desk } from '../desk/index';
import { registerExportDownload } from './exportDownloadRoute';
import { registerMediaRoutes } from './mediaRoutes';
import type { SessionStore } from './session';
import { SignInThrottle } from './signInThrottle';

const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * How much body each operation may send. Most carry a few fields: 256 KiB is far above them.
 * `queue.enqueue` carries up to 20,000 URLs of up to 10,000 characters; 16 MiB holds any real
 * batch. Lists of up to 20,000 ids of up to 100 characters (about 2.1 MB of JSON) and a cookies.txt
 * of up to 1 Mi characters (JSON-escaped tabs, some UTF-8) get 4 MiB.
 */
const RPC_BODY_LIMITS: Partial<Record<OperationName, number>> = {
  'queue.enqueue': 16 * MiB,
  'queue.retry': 4 * MiB,
  'queue.remove': 4 * MiB,
  // Undo sends the removed rows back whole: URLs like an enqueue, plus their outcomes.
  'queue.restore': 16 * MiB,
  'export.run': 4 * MiB,
  'library.delete': 4 * MiB,
  'cookies.import': 4 * MiB,
};
export const RPC_DEFAULT_BODY_LIMIT = 256 * KiB;
export const rpcBodyLimit = (operation: string): number => RPC_BODY_LIMITS[operation as OperationName] ?? RPC_DEFAULT_BODY_LIMIT;

const HEARTBEAT_MS = 15_000;
const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);
const JSON_TYPE = 'application/json; charset=utf-8';

/** The renderer's policy: its own scripts and styles only, nothing from elsewhere. */
export const APP_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

export interface AppRoutesOptions {
  desk: Desk;
  sessions: SessionStore;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  /** Serve on a non-loopback address (serve --ui --allow-remote-ui): any Host is accepted. */
  allowRemote: boolean;
  /** Failed sign-ins per source; five a minute by default (signInThrottle.ts). */
  throttle?: SignInThrottle;
  /** Largest media upload taken (serve --max-upload-mb); DEFAULT_MAX_UPLOAD_BYTES by default. */
  maxUploadBytes?: number;
}

type Refusal = { status: 401 | 403; code: 'unauthorized' | 'forbidden'; message: string };

const FOREIGN: Refusal = { status: 403, code: 'forbidden', message: 'Requests to the desk must come from its own page' };
const FOREIGN_HOST: Refusal = { status: 403, code: 'forbidden', message: 'This address may not be used to reach the desk' };
const SIGNED_OUT: Refusal = { status: 401, code: 'unauthorized', message: 'Not signed in: open the link `transcript-desk serve --ui` printed, or sign in with the owner key' };

const refusal = (reply: FastifyReply, r: Refusal) => reply.code(r.status).type(JSON_TYPE).send(JSON.stringify({ ok: false, error: { code: r.code, message: r.message } } satisfies DeskResult<never>));

/** The fields of a JSON object body; anything else (not JSON, null, an array) has none. */
function jsonObject(body: unknown): { key?: unknown; login?: unknown } {
  try {
    const value: unknown = JSON.parse(typeof body === 'string' ? body : '');
    return typeof value === 'object' && value !== null ? value : {};
  } catch {
    return {};
  }
}

export function rendererIsBuilt(rendererDir: string): boolean {
  return existsSync(join(rendererDir, 'index.html'));
}

export async function registerAppRoutes(app: FastifyInstance, options: AppRoutesOptions): Promise<void> {
  const { desk, sessions } = options;
  const throttle = options.throttle ?? new SignInThrottle();
  const streams = new Set<NodeJS.WritableStream & { end(): void }>();

  /** DNS rebinding: a page on evil.example resolving to 127.0.0.1 still says Host: evil.example. */
  const hostAllowed = (request: FastifyRequest): boolean => {
    if (options.allowRemote) return true;
    const host = request.headers.host ?? '';
    const name = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0] ?? '';
    return LOOPBACK_NAMES.has(name.toLowerCase());
  };

  /** Writes come only from our own page: the Origin a browser sends must be this server's. */
  const originAllowed = (request: FastifyRequest): boolean => {
    const origin = request.headers.origin;
    return origin !== undefined && origin === `http://${request.headers.host ?? ''}`;
  };

  const sessionOf = (request: FastifyRequest): string | undefined => {
    const value = request.headers[HTTP_SESSION_HEADER];
    return typeof value === 'string' ? value : undefined;
  };

  const check = (request: FastifyRequest, needs: { origin: boolean; session: boolean }): Refusal | undefined => {
    if (!hostAllowed(request)) return FOREIGN_HOST;
    if (needs.origin && !originAllowed(request)) return FOREIGN;
    // A same-origin GET carries no Origin; Sec-Fetch-Site still tells another site's request apart.
    if (!needs.origin && request.headers['sec-fetch-site'] !== undefined && request.headers['sec-fetch-site'] !== 'same-origin') return FOREIGN;
    if (needs.session && !sessions.isValid(sessionOf(request))) return SIGNED_OUT;
    return undefined;
  };

  /** The onRequest hook of a desk route: headers only, so a refused body is never read. */
  const guard =
    (needs: { origin: boolean; session: boolean }) =>
    (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
      const refused = check(request, needs);
      if (refused === undefined) return done();
      void refusal(reply, refused);
    };

  const secure = (reply: FastifyReply) => reply.header('content-security-policy', APP_CSP).header('x-content-type-options', 'nosniff').header('referrer-policy', 'no-referrer');

  app.get('/app', (_request, reply) => reply.redirect('/app/', 301));
  // Someone typing the server's address into a browser means the desk (a REST client never GETs /).
  // 302, not 301: without --ui the same address answers the REST API's JSON, and browsers keep a 301.
  app.get('/', (request, reply) => (hostAllowed(request) ? reply.redirect('/app/', 302) : refusal(reply, FOREIGN_HOST)));

  // The page; its script redeems a `#login=` fragment itself (browserDesk.ts).
  app.get('/app/', (_request, reply) => secure(reply).header('cache-control', 'no-store').sendFile('index.html'));

  await app.register(fastifyStatic, {
    root: options.rendererDir,
    prefix: '/app/',
    index: false,
    wildcard: true,
    setHeaders: (res) => void secure(res),
  });

  app.post(
    HTTP_SESSION_PATH,
    {
      bodyLimit: 4 * KiB,
      onRequest: (request, reply, done) => {
        const refused = check(request, { origin: true, session: false });
        if (refused !== undefined) return void refusal(reply, refused);
        // Checked before the body is read, and before the key is compared: while a source waits,
        // even the right key is not tried.
        const wait = throttle.retryAfterSeconds(request.ip);
        if (wait === 0) return done();
        void reply
          .code(429)
          .header('retry-after', String(wait))
          .type(JSON_TYPE)
          .send(JSON.stringify({ ok: false, error: { code: 'refused', message: `Too many failed sign-ins from this address: try again in ${wait} s` } } satisfies DeskResult<never>));
      },
    },
    (request, reply) => {
      const body = jsonObject(request.body);
      const token = typeof body.login === 'string' ? sessions.redeem(body.login) : typeof body.key === 'string' ? sessions.signIn(body.key) : undefined;
      if (token === undefined) {
        throttle.recordFailure(request.ip);
        const message = typeof body.login === 'string' ? 'This sign-in link was already used (each link opens one session), or it is from before the server restarted: sign in with the owner key' : 'That is not the owner key of this install';
        return refusal(reply, { status: 401, code: 'unauthorized', message });
      }
      return reply.header('cache-control', 'no-store').type(JSON_TYPE).send(JSON.stringify({ ok: true, value: { token } } satisfies DeskResult<{ token: string }>));
    },
  );

  const rpcGuard = guard({ origin: true, session: true });
  const answerRpc = async (operation: string, body: unknown, reply: FastifyReply) => {
    const raw = typeof body === 'string' ? body : '';
    let payload: unknown;
    try {
      payload = raw.trim() === '' ? {} : JSON.parse(raw);
    } catch {
      return reply.type(JSON_TYPE).send(JSON.stringify({ ok: false, error: { code: 'invalid_input', message: 'The request body is not JSON' } } satisfies DeskResult<never>));
    }
    const result = await desk.invoke(operation, payload);
    return reply.header('cache-control', 'no-store').type(JSON_TYPE).send(JSON.stringify(result));
  };
  // One route per operation, so each has its own body limit; unknown names take the small one and
  // get the desk's own "unknown operation" answer.
  for (const operation of OPERATION_NAMES) {
    app.post(`${HTTP_RPC_PREFIX}${operation}`, { bodyLimit: rpcBodyLimit(operation), onRequest: rpcGuard }, (request, reply) => answerRpc(operation, request.body, reply));
  }
  registerExportDownload(app, desk, rpcGuard);
  // The player's reads come from a media element, which sends no session header (mediaRoutes.ts).
  await registerMediaRoutes(app, { desk, uploadGuard: rpcGuard, playerGuard: guard({ origin: false, session: false }), ...(options.maxUploadBytes === undefined ? {} : { maxUploadBytes: options.maxUploadBytes }) });
  app.post<{ Params: { operation: string } }>(`${HTTP_RPC_PREFIX}:operation`, { bodyLimit: RPC_DEFAULT_BODY_LIMIT, onRequest: rpcGuard }, (request, reply) => answerRpc(request.params.operation, request.body, reply));

  // The page reads the stream with fetch (not EventSource), so it can send the session header and
  // the token never appears in a URL. The server's requestTimeout bounds only the receiving of a
  // request, so this long response is not cut by it (desk-limits.test.ts).
  app.get(HTTP_EVENTS_PATH, { onRequest: guard({ origin: false, session: true }) }, (_request, reply) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' });
    res.write('retry: 2000\n\n');
    const unsubscribe = desk.events.subscribe((event, payload) => {
      res.write(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
    heartbeat.unref();
    streams.add(res);
    res.on('close', () => {
      unsubscribe();
      clearInterval(heartbeat);
      streams.delete(res);
    });
  });

  // Event streams never end by themselves: end them so the server can close.
  app.addHook('preClose', (done) => {
    for (const res of streams) res.end();
    done();
  });
}
