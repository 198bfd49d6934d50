import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { HTTP_APP_PREFIX, HTTP_LOGIN_FRAGMENT } from '#shared/contract/desk';
import { DEFAULT_MAX_UPLOAD_BYTES } from '#shared/contract/media';
import { createDesk, type CliLaunch, type Desk } from '../desk/index';
import { registerAppRoutes, rendererIsBuilt } from '../http/appRoutes';
import { DEFAULT_DRAIN_MS } from '../http/drain';
import { fixedRestApi } from '../http/restApiHost';
import { startApiServer, type ApiOptions } from '../http/server';
import { SessionStore } from '../http/session';
import { resolveHome } from '#service/home';
import { fail, open, port } from './common';
import { databaseOption, redactDatabaseUrl } from './database';
import { DEFAULT_LOG_LEVEL, defaultLogFormat, LOG_FORMATS, LOG_LEVELS, serveLogger, type LogFormat, type LogLevel } from './serveLog';
import { stopOnSignals } from './stopSignals';
import { cacheSize } from './units';
import type { PodcastEvent } from '#service/podcast/index';

/** Decimal, like every size the CLI reads and prints (units.ts). */
const MB = 1_000_000;

/** --max-upload-mb: a positive number of megabytes. */
function megabytes(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0) throw new InvalidArgumentError('a positive number of megabytes, like 500 or 4096');
  return n;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * The checkout (or installed package) this code runs from: the nearest folder above it with a
 * package.json. The same answer from the sources (src-main/cli, under tsx) and from the bundle
 * (out/main, or a chunk under out/main/chunks), wherever the bundler puts this module.
 */
export function packageRoot(from: string = __dirname): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return resolve(from, '../..');
  }
}

/**
 * This CLI as an MCP client should start it (Settings ▸ Agents (MCP) in `serve --ui`): this Node
 * on this install's bundle, so the client needs nothing on its PATH.
 */
export function thisCliLaunch(): CliLaunch {
  const bundle = join(packageRoot(), 'out', 'main', 'cli.js');
  return { command: process.execPath, args: [existsSync(bundle) ? bundle : resolve(process.argv[1] ?? bundle)] };
}

/** Where `npm run build` puts the renderer. */
const RENDERER_DIR = join(packageRoot(), 'out', 'renderer');

interface ServeOptions {
  host: string;
  port: number;
  ui?: boolean;
  allowRemoteUi?: boolean;
  cacheMaxBytes?: number;
  maxUploadMb?: number;
  logLevel: LogLevel;
  logFormat?: LogFormat;
  database?: string;
}

/** `<Documents>/Transcript Desk` where a Documents folder exists, else `~/Transcript Desk`. */
export function defaultExportFolder(): string {
  const documents = join(homedir(), 'Documents');
  return join(existsSync(documents) ? documents : homedir(), 'Transcript Desk');
}

/** One line per podcast episode event an operator cares about; per-chunk progress is left to the API. */
function logPodcastEvent(event: PodcastEvent): void {
  const line = (() => {
    switch (event.type) {
      case 'started':
        return `started "${event.title}"`;
      case 'note':
        return event.message;
      case 'done':
        return `done (${event.source === 'ai' ? 'speech-to-text' : "the publisher's transcript"}, ${Math.round(event.durationSeconds)} s, ${event.chunksTotal} chunks, ${event.chunksReused} reused from an earlier run)`;
      case 'failed':
        return `failed: ${event.message}`;
      case 'progress':
        return undefined;
    }
  })();
  if (line !== undefined) process.stdout.write(`podcast ${event.episodeKey}: ${line}\n`);
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('answer the REST API on this machine (with --ui, also the desk in a browser)')
    .option('--host <host>', 'address to listen on (loopback unless you mean otherwise)', '127.0.0.1')
    .option('--port <port>', 'port; 0 picks a free one', port, 8787)
    .option('--ui', 'also serve the desk UI (from `npm run build`) at /app/, opened with a one-time link')
    .option('--allow-remote-ui', 'allow --ui on an address other than loopback (anyone who gets a session can spend the owner\'s credits)')
    .option('--cache-max-bytes <size>', 'limit the transcript cache to this size while this server runs (500MB, 2GB; default: the cache.maxBytes setting)', cacheSize)
    .option('--max-upload-mb <megabytes>', `with --ui: the largest audio or video file the desk in a browser may upload (default ${Math.round(DEFAULT_MAX_UPLOAD_BYTES / MB)})`, megabytes)
    .addOption(new Option('--log-level <level>', 'what the log shows: info has one line per request, error only errors').choices(LOG_LEVELS).default(DEFAULT_LOG_LEVEL))
    .addOption(databaseOption(false).default(undefined, "none: this machine's data home (SQLite)"))
    .addOption(new Option('--log-format <format>', 'json (one object a line) or pretty').choices(LOG_FORMATS).default(undefined, 'pretty on a terminal, json otherwise'))
    .action(async (options: ServeOptions) => {
      const loopback = LOOPBACK.has(options.host);
      if (options.ui === true && !loopback && options.allowRemoteUi !== true) {
        fail(`serve --ui listens on loopback only; ${options.host} is not. Add --allow-remote-ui if you really mean to offer the desk to other machines.`);
      }
      if (options.ui === true && !rendererIsBuilt(RENDERER_DIR)) fail(`The desk UI is not built (no ${join(RENDERER_DIR, 'index.html')}). Run \`npm run build\` first.`);

      // A team server's API node: the shared ledger and cache, work sent to the workers' queues.
      const opened = await open({}, options.database === undefined ? {} : { database: options.database });
      if (options.database !== undefined) process.stdout.write(`team database: ${redactDatabaseUrl(options.database)}\n`);
      if (options.cacheMaxBytes !== undefined) await opened.store.cache.overrideLimit(options.cacheMaxBytes);
      opened.podcast.subscribe(logPodcastEvent);
      let desk: Desk | undefined;
      let sessions: SessionStore | undefined;
      const apiOptions: ApiOptions = { logger: serveLogger(options.logLevel, options.logFormat ?? defaultLogFormat(process.stdout.isTTY)) };
      let apiUrl: string | null = null;
      // The desk runs follows (desk/follows) and the queue they fill, so a plain `serve` builds it
      // too, headless, without the app routes. Not on a team database without --ui: every node
      // would check every follow.
      if (options.ui === true || options.database === undefined) desk = createDesk(opened, { home: resolveHome(), defaultExportFolder: defaultExportFolder(), restApi: fixedRestApi(() => apiUrl), cli: thisCliLaunch() });
      if (options.ui === true && desk !== undefined) {
        const theDesk = desk;
        const store = new SessionStore(opened.owner.key);
        sessions = store;
        apiOptions.selfAuthenticated = { prefix: HTTP_APP_PREFIX, register: (app) => registerAppRoutes(app, { desk: theDesk, sessions: store, rendererDir: RENDERER_DIR, allowRemote: options.allowRemoteUi === true, ...(options.maxUploadMb === undefined ? {} : { maxUploadBytes: Math.round(options.maxUploadMb * MB) }) }), paths: ['/'] };
      }
      const server = await startApiServer(opened.service, options.host, options.port, apiOptions);
      apiUrl = server.url;
      process.stdout.write(`listening on ${server.url}\n`);
      const resumed = await opened.podcast.resume();
      if (resumed.length > 0) process.stdout.write(`podcast: resuming ${resumed.length} episode(s) left processing: ${resumed.join(', ')}\n`);
      process.stdout.write(`owner key file: ${opened.owner.keyFile}\n`);
      // The login token rides in the fragment: the browser never sends it, so no log or Referer has it.
      if (sessions !== undefined) process.stdout.write(`desk: ${server.url}${HTTP_APP_PREFIX}/#${HTTP_LOGIN_FRAGMENT}=${sessions.mintLoginToken()}\n`);
      // The link opens one session; the key opens any number (a second browser, after a restart).
      // The key never outlives its use, the link is spent once used: so the key is shown only to a
      // person at a terminal. Under a supervisor stdout becomes a log (journald, docker logs), and
      // no log may hold a key.
      if (sessions !== undefined) {
        const shown = process.stdout.isTTY ? opened.owner.key : 'not printed, as stdout is not a terminal';
        process.stdout.write(`desk sign-in key: ${shown} (print it: transcript-desk owner-key)\n`);
      }
      if (!loopback) {
        process.stderr.write(`warning: listening on ${options.host}; anyone who can reach it and has a key can spend its credits\n`);
      }
      stopOnSignals({
        stop: async () => {
          // Parked at once, not finished: an episode can take many minutes. It stays `processing`
          // and the next start resumes it from its finished chunks.
          const parked = opened.podcast.close();
          const { cutOff } = await server.drain(DEFAULT_DRAIN_MS);
          if (cutOff > 0) process.stdout.write(`stopping: ${cutOff} request(s) still unanswered after ${DEFAULT_DRAIN_MS / 1000} s were cut off\n`);
          // The desk's running queue rows come back as queued at the next start (QueueRunner).
          await desk?.close();
          await parked;
          // The store last, its WAL checkpointed into the file (Ledger.close).
          await opened.close();
        },
        lastResort: () => opened.closeNow(),
      });
    });
}
