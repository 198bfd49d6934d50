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
