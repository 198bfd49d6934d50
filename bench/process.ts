import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');

/**
 * Starts a TypeScript entry point as a child (node with the tsx loader in one process, so kill()
 * stops the server itself) and resolves once it prints `listening on <url>`.
 */
export function startListeningChild(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolveStart, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m) resolveStart({ child, url: m[1] as string });
    });
    child.once('exit', (code) => reject(new Error(`child exited with ${code}`)));
  });
}

/**
 * Runs `load` against the bare node:http server (bench/bare-server.ts) and then against a real
 * `serve` on `home`, one after the other in this run, and returns both rates (requests per second).
 */
export async function bareThenReal(home: string, load: (url: string) => Promise<number>): Promise<{ bareRps: number; realRps: number }> {
  const bare = await startListeningChild([resolve(ROOT, 'bench/bare-server.ts')], {});
  const bareRps = await load(bare.url);
  bare.child.kill();
  const real = await startListeningChild([resolve(ROOT, 'src-main/cli.ts'), 'serve', '--port', '0'], { TRANSCRIPT_DESK_HOME: home });
  const realRps = await load(real.url);
  real.child.kill();
  return { bareRps, realRps };
}
