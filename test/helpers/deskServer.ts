// The REST server with the desk's browser routes (what `serve --ui` runs), in the test's own
// process: a real data home, a real desk, and a stand-in renderer (two static files) so the tests
// need no `npm run build`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HTTP_APP_PREFIX, HTTP_SESSION_HEADER, HTTP_SESSION_PATH } from '#shared/contract/desk';
import { createDesk, type Desk } from '../../src-main/desk/index';
import { registerAppRoutes } from '../../src-main/http/appRoutes';
import { startApiServer, type ApiOptions, type RunningServer } from '../../src-main/http/server';
import { SessionStore } from '../../src-main/http/session';
import type { SignInThrottle } from '../../src-main/http/signInThrottle';
import { openService, type OpenedService } from '#service/open';
import type { TranscriptService } from '#service/service';

export interface DeskServer {
  server: RunningServer;
  origin: string;
  /** The service of the data home the desk runs on (its owner key: `opened.owner.key`). */
  opened: OpenedService;
  desk: Desk;
  sessions: SessionStore;
  /** A session token the way the page gets one from the one-time link. */
  signedIn(): Promise<string>;
  /** POST /app/rpc/<op> from the desk's own page: its Origin, and the session header when given. */
  rpc(operation: string, token: string | undefined, body?: string, headers?: Record<string, string>): Promise<Response>;
  close(): Promise<void>;
}

export interface DeskServerOptions {
  /** The REST API's service; the desk's own data home's service by default. */
  service?: TranscriptService;
  limits?: ApiOptions['limits'];
  throttle?: SignInThrottle;
  /** Where the server's access lines and errors go (stderr, errors only, by default). */
  logger?: ApiOptions['logger'];
  /** Largest media upload taken (serve --max-upload-mb). */
  maxUploadBytes?: number;
}

export async function startDeskServer(home: string, options: DeskServerOptions = {}): Promise<DeskServer> {
  const renderer = join(home, 'renderer');
  mkdirSync(join(renderer, 'assets'), { recursive: true });
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>desk</title>');
  writeFileSync(join(renderer, 'assets', 'app.js'), 'console.log(1)');
  const opened = await openService(home, {}, {});
  const desk = createDesk(opened, { home, defaultExportFolder: join(home, 'out') });
  const sessions = new SessionStore(opened.owner.key);
  const server = await startApiServer(options.service ?? opened.service, '127.0.0.1', 0, {
    ...(options.limits === undefined ? {} : { limits: options.limits }),
    ...(options.logger === undefined ? {} : { logger: options.logger }),
    selfAuthenticated: {
      prefix: HTTP_APP_PREFIX,
      register: (app) => registerAppRoutes(app, { desk, sessions, rendererDir: renderer, allowRemote: false, ...(options.throttle === undefined ? {} : { throttle: options.throttle }), ...(options.maxUploadBytes === undefined ? {} : { maxUploadBytes: options.maxUploadBytes }) }),
    },
  });
  const origin = server.url;
  return {
    server,
    origin,
    opened,
    desk,
    sessions,
    async signedIn() {
      const response = await fetch(`${origin}${HTTP_SESSION_PATH}`, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify({ login: sessions.mintLoginToken() }) });
      const result = (await response.json()) as { ok: boolean; value?: { token?: unknown } };
      if (typeof result.value?.token !== 'string') throw new Error(`no session token: ${response.status} ${JSON.stringify(result)}`);
      return result.value.token;
    },
    rpc: (operation, token, body = '{}', headers = {}) =>
      fetch(`${origin}/app/rpc/${operation}`, { method: 'POST', headers: { 'content-type': 'application/json', origin, ...(token === undefined ? {} : { [HTTP_SESSION_HEADER]: token }), ...headers }, body }),
    async close() {
      await server.close();
      await desk.close();
      await opened.close();
    },
  };
}
