// The desk's browser build on the REST server (serve --ui): the built renderer under /app/, the
// handler table over RPC (POST /app/rpc/<operation>) and its events over SSE (GET /app/events).
// These routes authenticate themselves with a session cookie; the REST API's key check does not
// apply to them, and the REST API is unchanged.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HTTP_EVENTS_PATH, HTTP_SESSION_PATH } from '../../src-shared/contract/desk';
import type { DeskResult } from '../../src-shared/contract/result';
import type { Desk } from '../desk/index';
import { cookieValue, SESSION_COOKIE, sessionCookie, type SessionStore } from './session';

/** Enough for 20,000 URLs in one enqueue; the REST API keeps its 64 KiB. */
const RPC_BODY_LIMIT = 16 * 1024 * 1024;
const HEARTBEAT_MS = 15_000;
const LOOPBACK_NAMES = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** The renderer's policy: its own scripts and styles only, nothing from elsewhere. */
export const APP_CSP = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

export interface AppRoutesOptions {
  desk: Desk;
  sessions: SessionStore;
  /** The built renderer (out/renderer). */
  rendererDir: string;
  /** Serve on a non-loopback address (serve --ui --allow-remote-ui): any Host is accepted. */
  allowRemote: boolean;
}

type Refusal = { status: 401 | 403; code: 'unauthorized' | 'forbidden'; message: string };

const refusal = (reply: FastifyReply, r: Refusal) => reply.code(r.status).type('application/json; charset=utf-8').send(JSON.stringify({ ok: false, error: { code: r.code, message: r.message } }));

export function rendererIsBuilt(rendererDir: string): boolean {
  return existsSync(join(rendererDir, 'index.html'));
}

export async function registerAppRoutes(app: FastifyInstance, options: AppRoutesOptions): Promise<void> {
  const { desk, sessions } = options;
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

  const check = (request: FastifyRequest, needsOrigin: boolean): Refusal | undefined => {
    if (!hostAllowed(request)) return { status: 403, code: 'forbidden', message: 'This address may not be used to reach the desk' };
    if (needsOrigin && !originAllowed(request)) return { status: 403, code: 'forbidden', message: 'Requests to the desk must come from its own page' };
    // Reading events needs no Origin (EventSource sends none), but never from another site.
    if (!needsOrigin && request.headers['sec-fetch-site'] !== undefined && request.headers['sec-fetch-site'] !== 'same-origin') {
      return { status: 403, code: 'forbidden', message: 'Requests to the desk must come from its own page' };
    }
    if (!sessions.isValid(cookieValue(request.headers.cookie, SESSION_COOKIE))) {
      return { status: 401, code: 'unauthorized', message: 'Not signed in: open the link `transcript-desk serve --ui` printed, or sign in with the owner key' };
    }
    return undefined;
  };

  const secure = (reply: FastifyReply) => reply.header('content-security-policy', APP_CSP).header('x-content-type-options', 'nosniff').header('referrer-policy', 'no-referrer');

  app.get('/app', (_request, reply) => reply.redirect('/app/', 301));

  // The one-time link: trade the token for a cookie, then drop the token from the address bar.
  app.get<{ Querystring: { session?: string } }>('/app/', (request, reply) => {
    const loginToken = request.query.session;
    if (loginToken !== undefined) {
      const id = hostAllowed(request) ? sessions.redeem(loginToken) : undefined;
      if (id !== undefined) return secure(reply).header('set-cookie', sessionCookie(id)).redirect('/app/', 303);
    }
    return secure(reply).header('cache-control', 'no-store').sendFile('index.html');
  });

  await app.register(fastifyStatic, {
    root: options.rendererDir,
    prefix: '/app/',
    index: false,
    wildcard: true,
    setHeaders: (res) => void secure(res),
  });

  app.post(HTTP_SESSION_PATH, { bodyLimit: 4096 }, (request, reply) => {
    if (!hostAllowed(request) || !originAllowed(request)) return refusal(reply, { status: 403, code: 'forbidden', message: 'Requests to the desk must come from its own page' });
    let key: unknown;
    try {
      key = (JSON.parse(typeof request.body === 'string' ? request.body : '') as { key?: unknown }).key;
    } catch {
      key = undefined;
    }
    const id = typeof key === 'string' ? sessions.signIn(key) : undefined;
    if (id === undefined) return refusal(reply, { status: 401, code: 'unauthorized', message: 'That is not the owner key of this install' });
    return reply.header('set-cookie', sessionCookie(id)).type('application/json; charset=utf-8').send(JSON.stringify({ ok: true, value: {} }));
  });

  app.post<{ Params: { operation: string } }>('/app/rpc/:operation', { bodyLimit: RPC_BODY_LIMIT }, async (request, reply) => {
    const refused = check(request, true);
    if (refused !== undefined) return refusal(reply, refused);
    const raw = typeof request.body === 'string' ? request.body : '';
    let payload: unknown;
    try {
      payload = raw.trim() === '' ? {} : JSON.parse(raw);
    } catch {
      return reply.type('application/json; charset=utf-8').send(JSON.stringify({ ok: false, error: { code: 'invalid_input', message: 'The request body is not JSON' } } satisfies DeskResult<never>));
    }
    const result = await desk.invoke(request.params.operation, payload);
    return reply.header('cache-control', 'no-store').type('application/json; charset=utf-8').send(JSON.stringify(result));
  });

  app.get(HTTP_EVENTS_PATH, (request, reply) => {
    const refused = check(request, false);
    if (refused !== undefined) return refusal(reply, refused);
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
