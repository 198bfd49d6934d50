// status --database URL [--json]: a team server at a glance, in the plain aligned tables of
// `kubectl get`: its API nodes and workers, the depth of each queue, what is being worked on and
// the job that has waited longest. `--json` prints the object the service gathered (cluster/status.ts).
import type { Command } from 'commander';
import { teamStatus } from '#service/cluster/operations';
import type { ClusterStatus, NodeStatus } from '#service/cluster/status';
import { databaseOption, redactDatabaseUrl } from './database';

/** Columns padded to their widest cell, two spaces apart; the last column is not padded. */
export function table(rows: string[][]): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  return rows.map((row) => row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ').trimEnd()).join('\n');
}

/** An age as kubectl prints one: 42s, 17m, 5h, 3d. */
export function age(seconds: number): string {
  if (seconds < 120) return `${seconds}s`;
  if (seconds < 2 * 3600) return `${Math.floor(seconds / 60)}m`;
  if (seconds < 48 * 3600) return `${Math.floor(seconds / 3600)}h`;
  return `${Math.floor(seconds / 86400)}d`;
}

function queuesOf(node: NodeStatus): string {
  if (node.role !== 'worker') return '-';
  if (node.queues.length === 0) return '(none yet)';
  return node.queues.map((q) => `${q.queue}×${q.concurrency}`).join(' ');
}

export function renderStatus(status: ClusterStatus, where: string): string {
  const out: string[] = [];
  const { schema } = status;
  const bossNote = schema.pgBoss === null ? 'not installed' : String(schema.pgBoss);
  out.push(`database  ${where}`);
  out.push(`schema    store ${schema.store ?? 'not installed'} (this build ${schema.storeLatest}), pg-boss ${bossNote}`);
  out.push('');

  const live = status.nodes.filter((n) => n.state === 'live');
  const count = (role: string, one: string) => {
    const n = live.filter((node) => node.role === role).length;
    return `${n} ${one}${n === 1 ? '' : 's'}`;
  };
  out.push(`NODES (${count('api', 'API node')}, ${count('worker', 'worker')} live)`);
  if (status.nodes.length === 0) out.push('none: no API node or worker has started on this database in the last hour');
  else {
    const rows = [['ROLE', 'NAME', 'HOST', 'PID', 'STATE', 'HEARTBEAT', 'UP', 'IN HAND', 'QUEUES']];
    for (const n of status.nodes) {
      rows.push([n.role, n.name, n.host, String(n.pid), n.state, `${age(n.heartbeatSecondsAgo)} ago`, age(n.upSeconds), n.role === 'worker' ? String(n.inHand) : '-', queuesOf(n)]);
    }
    out.push(table(rows));
  }
  out.push('');

  out.push('QUEUES');
  const queueRows = [['QUEUE', 'READY', 'DEFERRED', 'ACTIVE', 'FAILED']];
  for (const q of status.queues) queueRows.push([q.queue, String(q.ready), String(q.deferred), String(q.active), String(q.failed)]);
  out.push(status.queues.length === 0 ? 'none yet: the first API node or worker creates them' : table(queueRows));
  out.push('');

  const { jobs, episodes } = status.inFlight;
  out.push(`IN FLIGHT (${jobs.length} job${jobs.length === 1 ? '' : 's'}, ${episodes.length} podcast episode${episodes.length === 1 ? '' : 's'})`);
  if (jobs.length > 0) {
    const rows = [['QUEUE', 'JOB', 'TRY', 'STARTED', 'HEARTBEAT', 'KEY']];
    for (const j of jobs) rows.push([j.queue, j.id, String(j.retryCount + 1), `${age(j.startedSecondsAgo)} ago`, j.heartbeatSecondsAgo === null ? '-' : `${age(j.heartbeatSecondsAgo)} ago`, j.singletonKey ?? '-']);
    out.push(table(rows));
  }
  if (episodes.length > 0) {
    const rows = [['EPISODE', 'CHUNKS', 'RUNNER', 'AGE', 'TITLE']];
    for (const e of episodes) {
      const title = [e.showTitle, e.title].filter((t) => t !== '').join(' — ');
      rows.push([e.key, e.chunksTotal === 0 ? 'preparing' : `${e.chunksDone}/${e.chunksTotal}`, e.runnerPid === null ? '-' : String(e.runnerPid), age(e.ageSeconds), title]);
    }
    out.push(table(rows));
  }
  out.push('');

  const oldest = status.oldestWaiting;
  out.push(oldest === null ? 'OLDEST WAITING  none: no job is waiting' : `OLDEST WAITING  ${oldest.queue} ${oldest.id}, waiting ${oldest.waitingSeconds}s`);
  return `${out.join('\n')}\n`;
}

export function registerStatus(program: Command): void {
  program
    .command('status')
    .description("a team server's API nodes and workers, queue depths, jobs in flight and the oldest waiting job (reads only)")
    .addOption(databaseOption())
    .option('--json', 'print JSON')
    .action(async (options: { database: string; json?: boolean }) => {
      const status = await teamStatus(options.database);
      process.stdout.write(options.json === true ? `${JSON.stringify(status, null, 2)}\n` : renderStatus(status, redactDatabaseUrl(options.database)));
    });
}
