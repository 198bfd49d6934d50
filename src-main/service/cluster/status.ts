// What `transcript-desk status` reports about a team server: the processes registered with pg-boss
// (API nodes and workers), how deep each queue is, what is being worked on now, and the job that
// has waited longest. Gathered here as one typed object; the CLI renders it (or prints it as JSON).
//
// Counts come from the job tables themselves, not from pg-boss's queue statistics: those are a
// cache its monitor refreshes (up to a minute old, and `getQueueStats({ force })` reuses anything
// computed in the last minute), and an operator who just sent jobs or stopped a worker must see
// it at once. One aggregate per job table, on the indexes pg-boss keeps on (name, state).
import { PgBoss, type Instance } from 'pg-boss';
import { QUEUES, type BossRole } from './boss';

/** pg-boss's schema (boss.ts keeps its default). */
const SCHEMA = 'pgboss';

/** A stopped or silent API node or worker stays listed this long, so a crash is seen, not just a shorter list. */
export const GONE_SHOWN_SECONDS = 3600;
/** Active jobs listed one by one at most; the depths still count every one. */
export const ACTIVE_JOBS_LISTED = 50;

export type NodeRole = BossRole | 'other';

export interface WorkerQueue {
  queue: string;
  /** How many jobs of this queue the worker runs at once (its work() call's local concurrency). */
  concurrency: number;
  /** Jobs it held at its last heartbeat. */
  inHand: number;
}

export interface NodeStatus {
  id: string;
  role: NodeRole;
  name: string;
  host: string;
  pid: number;
  /** live: heard from within three heartbeats; stopped: shut down cleanly; silent: neither (killed, crashed, cut off). */
  state: 'live' | 'stopped' | 'silent';
  heartbeatSecondsAgo: number;
  upSeconds: number;
  /** The queues it works, as of its last heartbeat (empty for an API node). */
  queues: WorkerQueue[];
  inHand: number;
}

export interface QueueDepth {
  queue: string;
  /** Waiting and due: the next free worker takes them. */
  ready: number;
  /** Waiting for a later start (a retry's delay, a delayed send). */
  deferred: number;
  active: number;
  /** Failed for good and still kept (pg-boss deletes them after the queue's retention). */
  failed: number;
}

export interface ActiveJob {
  queue: string;
  id: string;
  singletonKey: string | null;
  /** 0 on the first try. */
  retryCount: number;
  startedSecondsAgo: number;
  /** Since its worker last touched it; null for a queue without heartbeats. */
  heartbeatSecondsAgo: number | null;
}

export interface EpisodeProgress {
  key: string;
  title: string;
  showTitle: string;
  chunksDone: number;
  chunksTotal: number;
  runnerPid: number | null;
  /** Since the episode's first submit. */
  ageSeconds: number;
}

export interface OldestWaiting {
  queue: string;
  id: string;
  /** Since it could have started: its creation, or its delayed start. */
  waitingSeconds: number;
}

export interface ClusterStatus {
  /** The database's clock when the status was read (every age below is measured against it). */
  at: string;
  schema: { store: number | null; storeLatest: number; pgBoss: number | null };
  nodes: NodeStatus[];
  queues: QueueDepth[];
  inFlight: { jobs: ActiveJob[]; episodes: EpisodeProgress[] };
  oldestWaiting: OldestWaiting | null;
}

/** The store's part of a status (read by the caller through the store's own module). */
export interface StoreView {
  schema: { store: number | null; storeLatest: number; pgBoss: number | null };
  episodes: { key: string; title: string; showTitle: string; chunksDone: number; chunksTotal: number; runnerPid: number | null; createdAt: number }[];
}

/**
 * A pg-boss for an operator command, started: it does not register itself (an operator command is
 * no node of the cluster) and supervises nothing. With `migrate` it installs or upgrades pg-boss's
 * tables (under pg-boss's advisory lock, so a node starting at the same moment is safe); without,
 * it only reads, and its start refuses a database without pg-boss's tables or with another schema version.
 */
export async function adminBoss(connectionString: string, connectTimeoutMs: number, migrate: boolean): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString,
    max: 2,
    connectionTimeoutMillis: connectTimeoutMs,
    application_name: 'transcript-desk admin',
    migrate,
    registerInstance: false,
    supervise: false,
    schedule: false,
  });
  // Unheard, an 'error' event would end the process; the command's own awaits report what matters.
  boss.on('error', () => {});
  await boss.start();
  return boss;
}

const ROLE_FROM_APPLICATION = /^transcript-desk (api|worker|admin)$/;
/** boss.ts names an instance "<role> host:pid" unless given a name; its connections carry "transcript-desk <role>". */
function roleOf(instance: Instance): NodeRole {
  const fromApp = ROLE_FROM_APPLICATION.exec(instance.applicationName ?? '')?.[1];
  if (fromApp !== undefined) return fromApp as BossRole;
  const fromName = /^(api|worker|admin)\b/.exec(instance.name ?? '')?.[1];
  return fromName === undefined ? 'other' : (fromName as BossRole);
}

const seconds = (now: Date, then: Date) => Math.max(0, Math.round((now.getTime() - then.getTime()) / 1000));

function nodesOf(instances: Instance[], now: Date): NodeStatus[] {
  const nodes: NodeStatus[] = [];
  for (const i of instances) {
    const role = roleOf(i);
    const state = i.live ? 'live' : i.stoppedOn !== null ? 'stopped' : 'silent';
    const heartbeatSecondsAgo = seconds(now, new Date(i.heartbeatOn));
    // Operator commands (migrate) register for a moment and stop: noise once they have. A dead
    // node is listed for a while so its absence is explained.
    if (state !== 'live' && (role === 'admin' || role === 'other' || heartbeatSecondsAgo > GONE_SHOWN_SECONDS)) continue;
    const queues = i.workers.map((w) => ({ queue: w.queue, concurrency: w.localConcurrency, inHand: w.active }));
    nodes.push({
      id: i.id,
      role,
      name: i.name ?? `${i.host}:${i.pid}`,
      host: i.host,
      pid: i.pid,
      state,
      heartbeatSecondsAgo,
      upSeconds: seconds(now, new Date(i.startedOn)),
      queues,
      inHand: queues.reduce((sum, q) => sum + q.inHand, 0),
    });
  }
  const order: Record<NodeRole, number> = { api: 0, worker: 1, admin: 2, other: 3 };
  return nodes.sort((a, b) => order[a.role] - order[b.role] || a.name.localeCompare(b.name));
}

/** pg-boss names its job tables itself; a name that is not a plain identifier is not put into SQL. */
function tableName(table: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`unexpected pg-boss job table name ${JSON.stringify(table)}`);
  return `${SCHEMA}.${table}`;
}

interface DepthRow {
  name: string;
  ready: number;
  deferred: number;
  active: number;
  failed: number;
  oldest_id: string | null;
  oldest_since: Date | null;
}

interface ActiveRow {
  name: string;
  id: string;
  singleton_key: string | null;
  retry_count: number;
  started_on: Date;
  heartbeat_on: Date | null;
}

/** Reads the cluster's state through `boss` (an observer) and adds the store's view. */
export async function gatherClusterStatus(boss: PgBoss, store: StoreView): Promise<ClusterStatus> {
  const db = boss.getDb();
  const [clock] = (await db.executeSql(`SELECT ${SCHEMA}.job_now() AS now`)).rows as { now: Date }[];
  const now = clock?.now ?? new Date();
  const [instances, queueRows] = await Promise.all([boss.getInstances({ limit: 1000 }), boss.getQueues()]);

  // Ours first, in the order of the work (QUEUES); any other queue in this schema after them.
  const ours: string[] = Object.values(QUEUES);
  const names = [...ours.filter((n) => queueRows.some((q) => q.name === n)), ...queueRows.map((q) => q.name).filter((n) => !ours.includes(n)).sort()];
  const byTable = new Map<string, string[]>();
  for (const q of queueRows) byTable.set(q.table, [...(byTable.get(q.table) ?? []), q.name]);

  const ready = `state < 'active' AND NOT blocked AND start_after <= ${SCHEMA}.job_now()`;
  const depthRows: DepthRow[] = [];
  const activeRows: ActiveRow[] = [];
  for (const [table, queues] of byTable) {
    const from = tableName(table);
    const depth = await db.executeSql(
      `SELECT name,
         count(*) FILTER (WHERE ${ready})::int AS ready,
         count(*) FILTER (WHERE state < 'active' AND NOT (${ready}))::int AS deferred,
         count(*) FILTER (WHERE state = 'active')::int AS active,
         count(*) FILTER (WHERE state = 'failed')::int AS failed,
         (array_agg(id::text ORDER BY GREATEST(created_on, start_after), id) FILTER (WHERE ${ready}))[1] AS oldest_id,
         min(GREATEST(created_on, start_after)) FILTER (WHERE ${ready}) AS oldest_since
       FROM ${from} WHERE name = ANY($1::text[]) GROUP BY name`,
      [queues],
    );
    depthRows.push(...(depth.rows as DepthRow[]));
    const active = await db.executeSql(
      `SELECT name, id::text AS id, singleton_key, retry_count, started_on, heartbeat_on
       FROM ${from} WHERE name = ANY($1::text[]) AND state = 'active' ORDER BY started_on, id LIMIT ${ACTIVE_JOBS_LISTED}`,
      [queues],
    );
    activeRows.push(...(active.rows as ActiveRow[]));
  }

  const depthOf = new Map(depthRows.map((r) => [r.name, r]));
  const queues: QueueDepth[] = names.map((queue) => {
    const r = depthOf.get(queue);
    return { queue, ready: r?.ready ?? 0, deferred: r?.deferred ?? 0, active: r?.active ?? 0, failed: r?.failed ?? 0 };
  });

  let oldestWaiting: OldestWaiting | null = null;
  for (const r of depthRows) {
    if (r.oldest_id === null || r.oldest_since === null) continue;
    const waitingSeconds = seconds(now, r.oldest_since);
    if (oldestWaiting === null || waitingSeconds > oldestWaiting.waitingSeconds) oldestWaiting = { queue: r.name, id: r.oldest_id, waitingSeconds };
  }

  const jobs: ActiveJob[] = activeRows
    .sort((a, b) => a.started_on.getTime() - b.started_on.getTime())
    .slice(0, ACTIVE_JOBS_LISTED)
    .map((r) => ({
      queue: r.name,
      id: r.id,
      singletonKey: r.singleton_key,
      retryCount: r.retry_count,
      startedSecondsAgo: seconds(now, r.started_on),
      heartbeatSecondsAgo: r.heartbeat_on === null ? null : seconds(now, r.heartbeat_on),
    }));

  const episodes: EpisodeProgress[] = store.episodes.map((e) => ({
    key: e.key,
    title: e.title,
    showTitle: e.showTitle,
    chunksDone: e.chunksDone,
    chunksTotal: e.chunksTotal,
    runnerPid: e.runnerPid,
    ageSeconds: seconds(now, new Date(e.createdAt)),
  }));

  return { at: now.toISOString(), schema: store.schema, nodes: nodesOf(instances, now), queues, inFlight: { jobs, episodes }, oldestWaiting };
}
