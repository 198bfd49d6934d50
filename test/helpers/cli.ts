import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { once } from 'node:events';

const ROOT = resolve(__dirname, '../..');
const CLI = resolve(ROOT, 'src-main/cli.ts');

/**
 * Runs a TypeScript entry point in one real process (node with the tsx loader). The `tsx` binary
 * would start a second node as its child, and a SIGKILL on the wrapper would orphan the real one.
 */
export function spawnTs(script: string, args: string[], env: NodeJS.ProcessEnv, stderr: 'capture' | 'forward' = 'capture') {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  if (stderr === 'forward') child.stderr.pipe(process.stderr);
  return child;
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `transcript-desk <args>` the way a user does from a checkout (`npm run cli --`). */
export async function runCli(home: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  const child = spawnTs(CLI, args, { ...env, TRANSCRIPT_DESK_HOME: home });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr };
}

export interface CreatedKey {
  key: string;
  prefix: string;
  plan: string;
  credits: number;
}

export async function createKey(home: string, options: { plan?: string; credits?: number; label?: string } = {}): Promise<CreatedKey> {
  const args = ['keys', 'create', '--json', '--plan', options.plan ?? 'free', '--credits', String(options.credits ?? 100)];
  if (options.label !== undefined) args.push('--label', options.label);
  const result = await runCli(home, args);
  if (result.code !== 0) throw new Error(`keys create failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as CreatedKey;
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  stdout(): string;
  /** SIGTERM and wait. */
  stop(): Promise<void>;
  /** SIGKILL and wait: a crash, not a shutdown. */
  kill(): Promise<void>;
}

/** Starts `transcript-desk serve --port 0` and waits for its `listening on` line. */
export async function startServer(home: string, env: NodeJS.ProcessEnv = {}): Promise<ServerProcess> {
  const child = spawnTs(CLI, ['serve', '--port', '0'], { ...env, TRANSCRIPT_DESK_HOME: home });
  let out = '';
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const url = await new Promise<string>((resolveUrl, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${err}`)), 20_000);
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolveUrl(m[1] as string);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}: ${err}`));
    });
  });
  const stopWith = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill(signal);
    await exited;
  };
  return { url, child, stdout: () => out, stop: () => stopWith('SIGTERM'), kill: () => stopWith('SIGKILL') };
}
