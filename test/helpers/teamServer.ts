// A team server on loopback, as an operator runs one (README "Team server"): one PostgreSQL
// database, `migrate`, N `serve --database` API nodes and M `worker --database` processes, every
// one a real built-CLI process with a data home of its own, their upstream traffic on the fixture.
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { runCli, spawnCli, startServer, type ServerProcess } from './cli';
import { tempHome } from './home';
import { killGroup } from './processes';

export interface WorkerProcess {
  name: string;
  pid: number;
  /** The JSON lines it logged so far. */
  lines: Record<string, unknown>[];
  /** Resolves with the first logged line `match` accepts (already logged or still to come). */
  waitFor(match: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  kill(signal: NodeJS.Signals): Promise<void>;
  exited: Promise<number | null>;
  running(): boolean;
}

export interface TeamServer {
  database: string;
  env: NodeJS.ProcessEnv;
  nodes: ServerProcess[];
  workers: WorkerProcess[];
  /** A home for CLI commands run against the team database (keys create …). */
  adminHome: string;
  startWorker(name: string, extra?: string[]): Promise<WorkerProcess>;
  close(): Promise<void>;
}

export async function startWorker(database: string, name: string, env: NodeJS.ProcessEnv, extra: string[] = []): Promise<WorkerProcess> {
  const home = tempHome('td-worker-');
  const child = spawnCli(['worker', '--database', database, '--engine', 'pocketsphinx', '--concurrency', '1', '--name', name, ...extra], { ...env, TRANSCRIPT_DESK_HOME: home.dir });
  const pid = child.pid as number;
  const lines: Record<string, unknown>[] = [];
  const waiters = new Set<{ match: (line: Record<string, unknown>) => boolean; resolve: (line: Record<string, unknown>) => void }>();
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  createInterface({ input: child.stdout }).on('line', (text) => {
    let line: Record<string, unknown>;
    try {
      line = JSON.parse(text) as Record<string, unknown>;
    } catch {
      line = { event: 'unparsable', text };
    }
    lines.push(line);
    for (const waiter of waiters) {
      if (waiter.match(line)) {
        waiters.delete(waiter);
        waiter.resolve(line);
      }
    }
  });
  const exited = once(child, 'exit').then(([code]) => {
    home.remove();
    return code as number | null;
  });
  const worker: WorkerProcess = {
    name,
    pid,
    lines,
    waitFor: (match) =>
      new Promise((resolve, reject) => {
        const seen = lines.find(match);
        if (seen !== undefined) return resolve(seen);
        waiters.add({ match, resolve });
        void exited.then((code) => reject(new Error(`worker ${name} exited (${code}) before the line awaited; stderr: ${stderr}\nstdout: ${lines.map((l) => JSON.stringify(l)).join('\n')}`)));
      }),
    kill: async (signal) => {
      // Pause and resume are not ends: no waiting for an exit.
      if (signal === 'SIGSTOP' || signal === 'SIGCONT') {
        if (child.exitCode === null && child.signalCode === null) process.kill(-pid, signal);
        return;
      }
      if (child.exitCode === null && child.signalCode === null) {
        if (signal === 'SIGKILL') killGroup(pid);
        else child.kill(signal);
      }
      await exited;
      killGroup(pid);
    },
    exited,
    running: () => child.exitCode === null && child.signalCode === null,
  };
  await worker.waitFor((l) => l.event === 'ready');
  return worker;
}

/** Migrates `database`, then starts the API nodes and the workers (all at once: they race to register, as a real start does). */
export async function startTeamServer(database: string, options: { nodes: number; workers: number; env: NodeJS.ProcessEnv }): Promise<TeamServer> {
  const admin = tempHome('td-admin-');
  const env = { ...options.env, TRANSCRIPT_DESK_DATABASE: database };
  const migrated = await runCli(admin.dir, ['migrate', '--database', database]);
  if (migrated.code !== 0) throw new Error(`migrate failed: ${migrated.stderr}`);
  const homes = Array.from({ length: options.nodes }, () => tempHome('td-node-'));
  const nodes = await Promise.all(homes.map((home) => startServer(home.dir, env, ['--database', database])));
  const workers = await Promise.all(Array.from({ length: options.workers }, (_, i) => startWorker(database, `w${i + 1}`, options.env)));
  const team: TeamServer = {
    database,
    env,
    nodes,
    workers,
    adminHome: admin.dir,
    startWorker: async (name, extra) => {
      const worker = await startWorker(database, name, options.env, extra);
      team.workers.push(worker);
      return worker;
    },
    close: async () => {
      await Promise.all([...team.workers.map((w) => w.kill('SIGKILL')), ...team.nodes.map((n) => n.kill())]);
      for (const home of homes) home.remove();
      admin.remove();
    },
  };
  return team;
}
