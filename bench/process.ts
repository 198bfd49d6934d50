import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
const BUILT_CLI = resolve(ROOT, 'out/main/cli.js');

/**
 * Starts a TypeScript entry point as a child (node with the tsx loader in one process, so kill()
 * stops the server itself) and resolves once it prints `listening on <url>`.
 */
export function startListeningChild(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ child: ChildProcess; url: string }> {
  return listeningChild(['--import', 'tsx', ...args], env);
}

/**
 * `serve` as `npm run serve` and the package's bin run it: the built CLI (out/main/cli.js, built
 * first when missing or older than the sources) on plain node with serve's flags, no loader.
 */
export function startBuiltServe(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ child: ChildProcess; url: string }> {
  const build = spawnSync(process.execPath, [resolve(ROOT, 'scripts/build-if-stale.mts')], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (build.status !== 0) throw new Error('building out/main/cli.js failed');
  return listeningChild(['--max-semi-space-size=16', BUILT_CLI, 'serve', '--port', '0', ...args], env);
}

function listeningChild(nodeArgs: string[], env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, nodeArgs, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolveStart, reject) => {
    let out = '';
    const listening = (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m === null) return;
      // From here on the server's access lines (one per request) are read and dropped: kept and
      // searched, they cost this process, which also makes the load, more with every request.
      child.stdout.off('data', listening);
      child.stdout.resume();
      resolveStart({ child, url: m[1] as string });
    };
    child.stdout.on('data', listening);
    child.once('exit', (code) => reject(new Error(`child exited with ${code}`)));
  });
}

/** User + system CPU a process has used so far, in ms (Linux /proc; undefined elsewhere). */
export function cpuMsOf(pid: number | undefined): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/** Requests per second of `load`, and the server's CPU time per request (µs) while it ran. */
async function measured(child: ChildProcess, load: () => Promise<number>, seconds: number): Promise<{ rps: number; cpuUsPerRequest: number | undefined }> {
  const before = cpuMsOf(child.pid);
  const rps = await load();
  const after = cpuMsOf(child.pid);
  return { rps, cpuUsPerRequest: before === undefined || after === undefined ? undefined : ((after - before) * 1000) / (rps * seconds) };
}

export interface BareAndReal {
  bareRps: number;
  realRps: number;
  /**
   * Each server's CPU time per request: on a machine shared with other work the request rates
   * follow the scheduler's share as much as the server's cost, and this does not.
   */
  bareCpuUs: number | undefined;
  realCpuUs: number | undefined;
}

/**
 * Runs `load` against the bare node:http server (bench/bare-server.ts) and then against a real
 * `serve` (built) on `home`, one after the other in this run, and returns both rates (requests per
 * second) and each server's CPU time per request. `seconds` is how long `load` runs.
 */
export async function bareThenReal(home: string, load: (url: string) => Promise<number>, seconds: number): Promise<BareAndReal> {
  const bare = await startListeningChild([resolve(ROOT, 'bench/bare-server.ts')], {});
  const b = await measured(bare.child, () => load(bare.url), seconds);
  bare.child.kill();
  const real = await startBuiltServe([], { TRANSCRIPT_DESK_HOME: home });
  const r = await measured(real.child, () => load(real.url), seconds);
  real.child.kill();
  return { bareRps: b.rps, realRps: r.rps, bareCpuUs: b.cpuUsPerRequest, realCpuUs: r.cpuUsPerRequest };
}

/** The CPU line the REST benches print under their ratio. */
export function cpuLine({ bareCpuUs, realCpuUs }: BareAndReal): string {
  if (bareCpuUs === undefined || realCpuUs === undefined) return 'server CPU per request: not measured here (no /proc)';
  return `server CPU per request: bare ${bareCpuUs.toFixed(0)} µs, real ${realCpuUs.toFixed(0)} µs; ratio bare / real ${(bareCpuUs / realCpuUs).toFixed(2)} (steadier than the rates on a shared machine)`;
}
