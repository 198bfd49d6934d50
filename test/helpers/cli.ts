import { spawn, type ChildProcess, type ChildProcessByStdio, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { resolve } from 'node:path';
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { CLI_RUN_GUARD_MS } from './guards';
import { killGroup, trackGroup } from './processes';

const ROOT = resolve(__dirname, '../..');
/** The CLI as the package's bin runs it: the bundle `npm run build` makes (test/helpers/builtCli.ts builds it when stale). */
export const BUILT_CLI = resolve(ROOT, 'out/main/cli.js');

/**
 * Runs a TypeScript entry point in one real process (node with the tsx loader). The `tsx` binary
 * would start a second node as its child, and a SIGKILL on the wrapper would orphan the real one.
 * The process leads its own process group, so `killGroup(child.pid)` also ends the engines and
 * ffmpeg it started; the group dies with the test process in any case (processes.ts).
 */
export function spawnTs(script: string, args: string[], env: NodeJS.ProcessEnv, stderr: 'capture' | 'forward' = 'capture') {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  trackGroup(child);
  if (stderr === 'forward') child.stderr.pipe(process.stderr);
  return child;
}

/** `transcript-desk <args>` as one real process (plain node on the built CLI), leading its own process group as spawnTs's do. */
export function spawnCli(args: string[], env: NodeJS.ProcessEnv, stderr: 'capture' | 'forward' = 'capture') {
  const child = spawn(process.execPath, [BUILT_CLI, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  trackGroup(child);
  if (stderr === 'forward') child.stderr.pipe(process.stderr);
  return child;
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `transcript-desk <args>` the way a user does from a checkout (`npm run cli --`) or an install. `signal`
 * (abortedWhenTestEnds) kills the command and what it started when the test ends first.
 */
export function runCli(home: string, args: string[], env: NodeJS.ProcessEnv = {}, signal?: AbortSignal): Promise<CliResult> {
  return outputOf(spawnCli(args, { ...env, TRANSCRIPT_DESK_HOME: home }), signal);
}

/**
 * A process group's leader (spawned `detached`, stdout and stderr piped) run to its end: its exit
 * code and everything it printed. `signal` kills the group early; whatever the group left running
 * is killed when the leader ends.
 */
export async function outputOf(child: ChildProcessWithoutNullStreams | ChildProcessByStdio<null, Readable, Readable>, signal?: AbortSignal): Promise<CliResult> {
  const pgid = child.pid as number;
  const stop = () => killGroup(pgid);
  signal?.addEventListener('abort', stop, { once: true });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  try {
    const [code] = (await once(child, 'close')) as [number | null];
    return { code, stdout, stderr };
  } finally {
    signal?.removeEventListener('abort', stop);
    killGroup(pgid); // anything the command left running
  }
}

export interface CreatedKey {
  key: string;
  prefix: string;
  plan: string;
  credits: number;
}

export async function createKey(home: string, options: { plan?: string; credits?: number; label?: string } = {}, env: NodeJS.ProcessEnv = {}): Promise<CreatedKey> {
  const args = ['keys', 'create', '--json', '--plan', options.plan ?? 'free', '--credits', String(options.credits ?? 100)];
  if (options.label !== undefined) args.push('--label', options.label);
  const result = await runCli(home, args, env);
  if (result.code !== 0) throw new Error(`keys create failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as CreatedKey;
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  stdout(): string;
  /** SIGTERM and wait; then whatever it left running in its process group is killed. */
  stop(): Promise<void>;
  /** SIGKILL to the whole process group and wait: a crash (or a power cut), not a shutdown. */
  kill(): Promise<void>;
}

/**
 * Waits for `pattern` on a spawned process's stdout and returns its first group; everything the
 * process prints stays readable through `output()`. A process that exits first, or says nothing
 * within the start-up hang guard, is killed with its group and the error carries its stderr.
 */
export async function waitForOutput(child: ChildProcess & { stdout: NodeJS.ReadableStream; stderr: NodeJS.ReadableStream }, pattern: RegExp, what: string): Promise<{ match: string; output: () => string }> {
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const match = await new Promise<string>((resolveMatch, reject) => {
    const timer = setTimeout(() => {
      killGroup(child.pid as number);
      reject(new Error(`${what} did not start within ${CLI_RUN_GUARD_MS} ms: ${err}`));
    }, CLI_RUN_GUARD_MS);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = pattern.exec(out);
      if (m) {
        clearTimeout(timer);
        resolveMatch(m[1] as string);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${what} exited with ${code}: ${err}`));
    });
  });
  return { match, output: () => out };
}

/** Starts `transcript-desk serve --port 0` and waits for its `listening on` line. */
export async function startServer(home: string, env: NodeJS.ProcessEnv = {}, args: string[] = []): Promise<ServerProcess> {
  const child = spawnCli(['serve', '--port', '0', ...args], { ...env, TRANSCRIPT_DESK_HOME: home });
  const { match: url, output } = await waitForOutput(child, /listening on (http:\/\/\S+)/, 'serve');
  const pgid = child.pid as number;
  const stopWith = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      if (signal === 'SIGKILL') killGroup(pgid);
      else child.kill(signal);
      await exited;
    }
    killGroup(pgid);
  };
  return { url, child, stdout: output, stop: () => stopWith('SIGTERM'), kill: () => stopWith('SIGKILL') };
}
