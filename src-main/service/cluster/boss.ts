// pg-boss, the job queue of a team server: its queues, their retry and expiry rules, and one way
// to start it, shared by API nodes (which send), workers (which work) and the operator commands
// (migrate, status). pg-boss keeps its tables in their own schema (`pgboss`) of the team's
// database, beside the store's tables, so a job can be sent in the same transaction as the store
// write it belongs to (a reservation and its episode's first job).
import { hostname } from 'node:os';
import { PgBoss, type Queue } from 'pg-boss';

/** Every queue of the team server's work, by what it does. */
export const QUEUES = {
  /** One per episode (singleton key: the episode): resolve the publisher's transcript, or download + decode + cut the audio. */
  prepare: 'podcast-prepare',
  /** One per chunk of an episode's audio: chunks of one episode run on every worker at once. */
  chunk: 'stt-chunk',
  /** One per episode, sent by the chunk that finishes last: merge, settle, file in the library. */
  merge: 'podcast-merge',
  /** One per synchronous clip (Instagram, X, Kick, Twitch, a caption-less video's audio), awaited by the API node. */
  media: 'stt-media',
  /** Where a podcast job lands when it failed for good without its worker seeing it (it died on the last try): refunds. */
  failed: 'podcast-failed',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export type BossRole = 'api' | 'worker' | 'admin';

/**
 * How long a worker may go silent on a job before the job is given to another worker: pg-boss's
 * smallest heartbeat. A worker's pg-boss touches its jobs every half of it while it works; a
 * killed worker's chunk is retried elsewhere within this plus one monitor pass (MONITOR_SECONDS).
 */
export const HEARTBEAT_SECONDS = 10;
const MONITOR_SECONDS = 5;

const HOUR = 3600;
const QUEUE_OPTIONS: Record<QueueName, Omit<Queue, 'name'>> = {
  // First: the queues below name it as their dead letter queue, which must exist before them.
  [QUEUES.failed]: { policy: 'standard', retryLimit: 5, retryDelay: 5, expireInSeconds: 5 * 60 },
  // `stately`: one queued and one active job per episode at most, so a second send for the same
  // episode (a resubmit, a retry racing a restart) is a no-op.
  [QUEUES.prepare]: { policy: 'stately', retryLimit: 2, retryDelay: 5, heartbeatSeconds: HEARTBEAT_SECONDS, expireInSeconds: 2 * HOUR, deadLetter: QUEUES.failed },
  [QUEUES.chunk]: { policy: 'standard', retryLimit: 3, retryDelay: 2, heartbeatSeconds: HEARTBEAT_SECONDS, expireInSeconds: HOUR, deadLetter: QUEUES.failed },
  [QUEUES.merge]: { policy: 'stately', retryLimit: 3, retryDelay: 2, heartbeatSeconds: HEARTBEAT_SECONDS, expireInSeconds: HOUR, deadLetter: QUEUES.failed },
  // A clip's caller waits on the line: a short life, and a failure is answered, not retried for long.
  [QUEUES.media]: { policy: 'standard', retryLimit: 1, heartbeatSeconds: HEARTBEAT_SECONDS, expireInSeconds: 15 * 60, retentionSeconds: 10 * 60, deleteAfterSeconds: HOUR },
};

export interface BossOptions {
  role: BossRole;
  /** Shown by `status`; host:pid by default. */
  name?: string;
  /** Connections pg-boss keeps (its own pool, beside the store's). */
  maxConnections?: number;
}

/**
 * Starts pg-boss on the team's database: installs or upgrades its schema (under its own advisory
 * lock, so nodes starting at once are safe), creates the queues that are missing, and registers
 * this process so `status` can list it. Workers supervise (expire silent jobs, move final failures
 * to the dead letter queue); every role does, as any live process is enough.
 */
export async function openBoss(connectionString: string, options: BossOptions): Promise<PgBoss> {
  const boss = new PgBoss({
    connectionString,
    max: options.maxConnections ?? 4,
    application_name: `transcript-desk ${options.role}`,
    instanceName: options.name ?? `${options.role} ${hostname()}:${process.pid}`,
    registerInstance: true,
    // What `status` shows of a worker (its queues, its jobs in hand) is as old as the last of these.
    instanceHeartbeatSeconds: 10,
    supervise: true,
    monitorIntervalSeconds: MONITOR_SECONDS,
    superviseIntervalSeconds: MONITOR_SECONDS,
    schedule: false,
  });
  // pg-boss reports background failures (a lost connection, a slow query) as events; unheard,
  // Node would end the process over an 'error' event.
  boss.on('error', (error) => process.stderr.write(`pg-boss: ${error.message}\n`));
  await boss.start();
  try {
    await ensureQueues(boss);
  } catch (error) {
    await boss.stop({ graceful: false, close: true });
    throw error;
  }
  return boss;
}

/** Creates the queues this build uses that the database does not have yet (in order: dead letters first). */
export async function ensureQueues(boss: PgBoss): Promise<void> {
  for (const [name, queue] of Object.entries(QUEUE_OPTIONS)) {
    if ((await boss.getQueue(name)) !== null) continue;
    await boss.createQueue(name, queue).catch(async (error: unknown) => {
      // Two nodes creating it at once: the other one won.
      if ((await boss.getQueue(name)) === null) throw error;
    });
  }
}

/** How many jobs a pg-boss command (cancel, complete, fail) changed; its declared type leaves the count out. */
export const affectedBy = (response: unknown): number => {
  const affected = (response as { affected?: unknown } | null)?.affected;
  return typeof affected === 'number' ? affected : 0;
};
