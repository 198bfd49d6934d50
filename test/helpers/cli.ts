import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { once } from 'node:events';

const ROOT = resolve(__dirname, '../..');
const TSX = resolve(ROOT, 'node_modules/.bin/tsx');
const CLI = resolve(ROOT, 'src-main/cli.ts');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `transcript-desk <args>` the way a user does from a checkout (`npm run cli --`). */
export async function runCli(home: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  const child = spawn(TSX, [CLI, ...args], { cwd: ROOT, env: { ...process.env, ...env, TRANSCRIPT_DESK_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'] });
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
  // Its own process group: tsx runs the server as a child, and a SIGKILL to tsx alone would leave
  // that child running.
  const child = spawn(TSX, [CLI, 'serve', '--port', '0'], { cwd: ROOT, env: { ...process.env, ...env, TRANSCRIPT_DESK_HOME: home }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
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
    // SIGTERM goes to tsx, which passes it on once (a second one would cut the graceful stop short);
    // SIGKILL cannot be passed on, so it goes to the whole group.
    if (signal === 'SIGKILL' && child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    else child.kill(signal);
    await exited;
  };
  return { url, child, stdout: () => out, stop: () => stopWith('SIGTERM'), kill: () => stopWith('SIGKILL') };
}
