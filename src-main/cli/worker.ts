// worker --database URL: one of a team server's workers (README "Team server"). Takes podcast
// episodes, their chunks and clips' speech-to-text from the shared queues until it is stopped;
// logs one JSON object per line on stdout. SIGTERM (a supervisor's stop) finishes the chunks in
// hand for a few seconds, then releases what is left to the other workers.
import { availableParallelism, hostname } from 'node:os';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { ENGINE_IDS, type EngineId } from '#service/settings';
import { resolveHome } from '#service/home';
import { openWorker } from '#service/open';
import { jsonLinesLog } from '#service/cluster/workerLog';
import { databaseOption, redactDatabaseUrl } from './database';
import { STOP_LIMIT_MS, stopOnSignals } from './stopSignals';

/**
 * How long a stop lets the chunks in hand finish before releasing them, by default: inside the
 * 10 s a supervisor gives (STOP_LIMIT_MS) with room to close. A supervisor that waits longer
 * (systemd's TimeoutStopSec) can allow more with --stop-grace-seconds.
 */
export const WORKER_GRACE_MS = STOP_LIMIT_MS - 2000;
/** What the stop needs after the grace: pg-boss fails the released jobs, then the pools close. */
const CLOSE_MS = 2000;

interface WorkerCommandOptions {
  database: string;
  engine?: EngineId | 'auto';
  concurrency: number;
  name?: string;
  stopGraceSeconds?: number;
}

function seconds(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 3600) throw new InvalidArgumentError('expected seconds between 0 and 3600');
  return n;
}

function concurrency(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new InvalidArgumentError('expected a whole number of chunks at once between 1 and 64');
  return n;
}

export function registerWorker(program: Command): void {
  program
    .command('worker')
    .description("take a team server's work (podcast episodes, their chunks, clips' speech-to-text) from its PostgreSQL queues")
    .addOption(databaseOption())
    .addOption(new Option('--engine <engine>', 'speech engine (default: the team\'s stt.engine setting)').choices([...ENGINE_IDS, 'auto']))
    .option('--concurrency <n>', 'chunks transcribed at once (default: cores − 1)', concurrency)
    .option('--name <name>', 'how status and the chunk records name this worker (default: host:pid)')
    .option('--stop-grace-seconds <s>', `on SIGTERM, how long the chunks in hand may finish before they are handed back (default: ${WORKER_GRACE_MS / 1000}; the process exits ${CLOSE_MS / 1000} s after it at most)`, seconds)
    .action(async (options: WorkerCommandOptions) => {
      const name = options.name ?? `${hostname()}:${process.pid}`;
      const log = jsonLinesLog(name);
      log('starting', { database: redactDatabaseUrl(options.database) });
      const opened = await openWorker(resolveHome(), options.database, {
        name,
        concurrency: options.concurrency ?? Math.max(1, availableParallelism() - 1),
        log,
        ...(options.engine === undefined ? {} : { engine: options.engine }),
      });
      const graceMs = options.stopGraceSeconds === undefined ? WORKER_GRACE_MS : options.stopGraceSeconds * 1000;
      stopOnSignals(
        {
          stop: async () => {
            await opened.stop(graceMs);
          },
          // pg-boss waits at least 1 s for the jobs in hand, whatever the grace.
          limitMs: Math.max(graceMs, 1000) + CLOSE_MS,
          // The jobs in hand are the queue's: their heartbeats stop, and other workers take them.
          lastResort: () => undefined,
        },
        { log: (line) => log('signal', { message: line }), exit: (code) => process.exit(code), now: () => Date.now() },
      );
    });
}
