// The team server's operator commands as an operator runs them: `migrate` and `status` of the built
// CLI against the run's real PostgreSQL (test/helpers/postgres.ts), a database of their own per
// test. What is asserted is what the operator sees: the lines, the exit code, the tables left.
import { createServer } from 'node:net';
import pg from 'pg';
import type { PgBoss } from 'pg-boss';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openBoss, QUEUES } from '#service/cluster/boss';
import { PGBOSS_SCHEMA_LATEST } from '#service/cluster/operations';
import { migrate } from '#service/postgres/migrate';
import { PG_MIGRATIONS } from '#service/postgres/migrations/index';
import { openPool } from '#service/postgres/sql';
import { runCli, type CliResult } from '../helpers/cli';
import { cliGuardMs } from '../helpers/guards';
import { tempHome } from '../helpers/home';
import { freePort } from '../helpers/loopback';
import { freshDatabase } from '../helpers/postgresDatabase';

const LATEST = PG_MIGRATIONS.at(-1)?.version ?? 0;

let home: ReturnType<typeof tempHome>;
const databases: Awaited<ReturnType<typeof freshDatabase>>[] = [];
beforeAll(() => {
  home = tempHome();
});
afterAll(async () => {
  await Promise.all(databases.map((d) => d.drop()));
  home.remove();
});

async function database(): Promise<string> {
  const d = await freshDatabase('ops');
  databases.push(d);
  return d.url;
}

const cli = (args: string[], env: NodeJS.ProcessEnv = {}) => runCli(home.dir, args, env);

async function sql<R extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

const passwordOf = (url: string) => decodeURIComponent(new URL(url).password);

/** Neither stream of a command may show the URL's password. */
function expectNoPassword(result: CliResult, url: string): void {
  expect(passwordOf(url).length).toBeGreaterThan(0);
  expect(result.stdout + result.stderr).not.toContain(passwordOf(url));
}

describe('migrate --database', () => {
  it("installs the store's tables and pg-boss's in an empty database, then finds nothing to do", { timeout: cliGuardMs(2) }, async () => {
    const url = await database();
    const first = await cli(['migrate', '--database', url]);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^database +postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/ops_\w+$/m);
    expect(first.stdout).toMatch(new RegExp(`^store +schema ${LATEST}: installed$`, 'm'));
    expect(first.stdout).toMatch(new RegExp(`^pg-boss +schema ${PGBOSS_SCHEMA_LATEST}: installed$`, 'm'));
    expect(first.stdout).toMatch(/^migrated$/m);
    expectNoPassword(first, url);

    const applied = await sql<{ version: number }>(url, 'SELECT version FROM schema_migrations ORDER BY version');
    expect(applied.map((r) => r.version)).toEqual(PG_MIGRATIONS.map((m) => m.version));
    const boss = await sql<{ version: number }>(url, 'SELECT version FROM pgboss.version');
    expect(boss).toEqual([{ version: PGBOSS_SCHEMA_LATEST }]);
    const tables = await sql<{ t: string }>(url, "SELECT to_regclass('public.podcast_episodes')::text AS t");
    expect(tables[0]?.t).toBe('podcast_episodes');

    // The default comes from the environment, as a systemd unit or a container sets it.
    const second = await cli(['migrate'], { TRANSCRIPT_DESK_DATABASE: url });
    expect(second.code).toBe(0);
    expect(second.stdout).toMatch(new RegExp(`^store +schema ${LATEST}: up to date$`, 'm'));
    expect(second.stdout).toMatch(/^pg-boss +schema \d+: up to date$/m);
    expect(second.stdout).toMatch(/^up to date: nothing to do$/m);
  });

  it('brings an older store schema up, naming both versions', { timeout: cliGuardMs(2) }, async () => {
    const url = await database();
    // As if the database had been left by a build that knew one migration fewer.
    const last = PG_MIGRATIONS.at(-1);
    if (last === undefined || last.version < 2) return;
    const pool = openPool(url, 1);
    try {
      await migrate(pool, PG_MIGRATIONS.slice(0, -1));
    } finally {
      await pool.end();
    }
    const result = await cli(['migrate', '--database', url]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^store +schema ${last.version - 1} → ${last.version}$`, 'm'));
    expect(result.stdout).toMatch(/^pg-boss +schema \d+: installed$/m);
    expect((await cli(['migrate', '--database', url])).stdout).toMatch(/^up to date: nothing to do$/m);
  });

  it('refuses a database whose schema is newer than this build, and changes nothing', { timeout: cliGuardMs(3) }, async () => {
    const url = await database();
    expect((await cli(['migrate', '--database', url])).code).toBe(0);
    await sql(url, "INSERT INTO schema_migrations (version, name, sha256, applied_at) VALUES (999, 'from a newer build', 'x', 0)");
    const store = await cli(['migrate', '--database', url]);
    expect(store.code).toBe(1);
    expect(store.stderr).toContain(`This database was written by a newer Transcript Desk (schema 999; this build knows up to ${LATEST}). Update the app; the database was not touched.`);
    expectNoPassword(store, url);

    await sql(url, 'DELETE FROM schema_migrations WHERE version = 999');
    const [{ version } = { version: 0 }] = await sql<{ version: number }>(url, 'SELECT version FROM pgboss.version');
    await sql(url, 'UPDATE pgboss.version SET version = $1', [version + 5]);
    const boss = await cli(['migrate', '--database', url]);
    expect(boss.code).toBe(1);
    expect(boss.stderr).toContain(`pg-boss schema ${version + 5}) were set up by a newer Transcript Desk; this build knows up to ${version}`);
    expect((await sql<{ version: number }>(url, 'SELECT version FROM pgboss.version'))[0]?.version).toBe(version + 5);
    // status refuses it too, rather than reading tables it does not know.
    const status = await cli(['status', '--database', url]);
    expect(status.code).toBe(1);
    expect(status.stderr).toContain('were set up by a newer Transcript Desk');
  });

  it('says quickly and clearly that a database cannot be reached, without its password', { timeout: cliGuardMs(2) }, async () => {
    const port = await freePort();
    const url = `postgres://ops:s3cret-pw@127.0.0.1:${port}/transcripts`;
    const started = performance.now();
    const result = await cli(['migrate', '--database', url]);
    const took = performance.now() - started;
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`Cannot reach PostgreSQL at 127.0.0.1:${port} (database transcripts, user ops): connection refused.`);
    expectNoPassword(result, url);
    expect(result.stdout).toContain('postgres://ops:***@127.0.0.1');
    // A refused port answers at once; the bound is the connect timeout (5 s) plus the CLI's start.
    expect(took).toBeLessThan(15_000);

    const status = await cli(['status', '--database', url]);
    expect(status.code).toBe(1);
    expect(status.stderr).toContain(`Cannot reach PostgreSQL at 127.0.0.1:${port}`);
  });

  it('gives up on a server that accepts the connection and never answers, after the connect timeout', { timeout: cliGuardMs(1) }, async () => {
    // A firewall that drops packets, or a wrong service on the port: the TCP connection is no answer.
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    try {
      const started = performance.now();
      const result = await cli(['status', '--database', `postgresql://ops:s3cret-pw@127.0.0.1:${port}/transcripts`]);
      const took = performance.now() - started;
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`Cannot reach PostgreSQL at 127.0.0.1:${port} (database transcripts, user ops): no answer within 5 s.`);
      expect(result.stderr).not.toContain('s3cret-pw');
      expect(took).toBeGreaterThan(4_500);
      expect(took).toBeLessThan(20_000);
    } finally {
      silent.close();
    }
  });

  it('accepts only postgres:// and postgresql:// URLs, and never repeats the value', { timeout: cliGuardMs(3) }, async () => {
    const mysql = await cli(['migrate', '--database', 'mysql://ops:s3cret-pw@db.internal/transcripts']);
    expect(mysql.code).toBe(1);
    expect(mysql.stderr).toContain('--database: expected a postgres:// or postgresql:// URL, not mysql://');
    expect(mysql.stderr).not.toContain('s3cret-pw');
    const garbage = await cli(['status'], { TRANSCRIPT_DESK_DATABASE: 's3cret-pw' });
    expect(garbage.code).toBe(1);
    expect(garbage.stderr).toContain('--database: expected a PostgreSQL URL');
    expect(garbage.stderr).not.toContain('s3cret-pw');
    const missing = await cli(['status'], { TRANSCRIPT_DESK_DATABASE: undefined });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("required option '--database <url>' not specified");
  });
});

interface StatusJson {
  at: string;
  schema: { store: number; storeLatest: number; pgBoss: number };
  nodes: { role: string; name: string; host: string; pid: number; state: string; heartbeatSecondsAgo: number; queues: { queue: string; concurrency: number; inHand: number }[]; inHand: number }[];
  queues: { queue: string; ready: number; deferred: number; active: number; failed: number }[];
  inFlight: { jobs: { queue: string; id: string }[]; episodes: { key: string; chunksDone: number; chunksTotal: number }[] };
  oldestWaiting: { queue: string; id: string; waitingSeconds: number } | null;
}

/** A node of a test cluster, started as serve and worker start theirs. */
const startNode = (url: string, options: Parameters<typeof openBoss>[1]): Promise<PgBoss> => openBoss(url, options);

describe('status --database', () => {
  let url: string;
  let api: PgBoss | undefined;
  let worker: PgBoss | undefined;
  const release: (() => void)[] = [];
  afterEach(async () => {
    for (const r of release.splice(0)) r();
    await Promise.all([api?.stop({ graceful: false, close: true }), worker?.stop({ graceful: false, close: true })]);
    api = worker = undefined;
  });

  it('refuses a database that was never migrated, saying what to run', { timeout: cliGuardMs(1) }, async () => {
    const result = await cli(['status', '--database', await database()]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('This database holds no Transcript Desk tables yet: run `transcript-desk migrate --database URL`');
  });

  it('lists an API node and a worker, the depth of each queue, the jobs in hand and the oldest waiting job', { timeout: cliGuardMs(4) }, async () => {
    url = await database();
    expect((await cli(['migrate', '--database', url])).code).toBe(0);
    api = await startNode(url, { role: 'api' });
    worker = await startNode(url, { role: 'worker', name: 'worker gpu-1' });
    // Two chunks at a time, each held until the test lets go: two active, the rest ready.
    let taken = 0;
    await worker.work(QUEUES.chunk, { localConcurrency: 2, pollingIntervalSeconds: 0.5 }, async () => {
      taken++;
      await new Promise<void>((resolve) => release.push(resolve));
    });
    for (let i = 0; i < 5; i++) await api.send(QUEUES.chunk, { episode: 'ep-1', chunk: i });
    // One clip for later: deferred, not waiting.
    await api.send(QUEUES.media, { url: 'https://example.test/clip' }, { startAfter: 3600 });
    while (taken < 2) await new Promise((r) => setTimeout(r, 100));

    const json = await cli(['status', '--database', url, '--json']);
    expect(json.stderr).toBe('');
    expect(json.code).toBe(0);
    const status = JSON.parse(json.stdout) as StatusJson;
    expect(status.schema).toMatchObject({ store: LATEST, storeLatest: LATEST });
    // The migrate command registered for a moment and stopped: not a node.
    expect(status.nodes.map((n) => [n.role, n.name, n.state, n.pid])).toEqual([
      ['api', `api ${status.nodes[0]?.host}:${process.pid}`, 'live', process.pid],
      ['worker', 'worker gpu-1', 'live', process.pid],
    ]);
    const depth = Object.fromEntries(status.queues.map((q) => [q.queue, q]));
    expect(depth[QUEUES.chunk]).toEqual({ queue: QUEUES.chunk, ready: 3, deferred: 0, active: 2, failed: 0 });
    expect(depth[QUEUES.media]).toEqual({ queue: QUEUES.media, ready: 0, deferred: 1, active: 0, failed: 0 });
    expect(depth[QUEUES.prepare]).toEqual({ queue: QUEUES.prepare, ready: 0, deferred: 0, active: 0, failed: 0 });
    expect(status.queues.map((q) => q.queue)).toEqual(Object.values(QUEUES));
    expect(status.inFlight.jobs.map((j) => j.queue)).toEqual([QUEUES.chunk, QUEUES.chunk]);
    expect(status.inFlight.episodes).toEqual([]);
    expect(status.oldestWaiting?.queue).toBe(QUEUES.chunk);

    const text = await cli(['status', '--database', url]);
    expect(text.code).toBe(0);
    expectNoPassword(text, url);
    const lines = text.stdout.split('\n');
    expect(lines).toContain('NODES (1 API node, 1 worker live)');
    expect(lines.find((l) => l.startsWith('api '))).toMatch(new RegExp(`^api +api \\S+:${process.pid} +\\S+ +${process.pid} +live +\\d+s ago +\\d+s +- +-$`));
    expect(lines.find((l) => l.startsWith('worker '))).toMatch(new RegExp(`^worker +worker gpu-1 +\\S+ +${process.pid} +live +\\d+s ago`));
    expect(lines).toContainEqual(expect.stringMatching(/^QUEUE +READY +DEFERRED +ACTIVE +FAILED$/));
    expect(lines).toContainEqual(expect.stringMatching(/^stt-chunk +3 +0 +2 +0$/));
    expect(lines).toContainEqual(expect.stringMatching(/^stt-media +0 +1 +0 +0$/));
    expect(lines).toContain('IN FLIGHT (2 jobs, 0 podcast episodes)');
    expect(lines).toContainEqual(expect.stringMatching(/^OLDEST WAITING {2}stt-chunk [0-9a-f-]{36}, waiting \d+s$/));
  });

  it("shows a worker's queues and the jobs in its hands once it has sent a heartbeat, and a podcast episode's chunks", { timeout: cliGuardMs(4) }, async () => {
    url = await database();
    expect((await cli(['migrate', '--database', url])).code).toBe(0);
    worker = await startNode(url, { role: 'worker', name: 'worker cpu-2' });
    let taken = 0;
    await worker.work(QUEUES.chunk, { localConcurrency: 3, pollingIntervalSeconds: 0.5 }, async () => {
      taken++;
      await new Promise<void>((resolve) => release.push(resolve));
    });
    await worker.send(QUEUES.chunk, { chunk: 0 });
    while (taken < 1) await new Promise((r) => setTimeout(r, 100));
    // An episode half transcribed, as the store records it.
    await sql(url, "INSERT INTO podcast_episodes (episode_key, status, title, show_title, chunks_done, chunks_total, runner_pid, created_at) VALUES ('apple:1:2', 'processing', 'Episode 2', 'The Show', 4, 10, 4242, $1)", [Date.now() - 90_000]);
    await sql(url, "INSERT INTO podcast_episodes (episode_key, status, created_at) VALUES ('apple:1:1', 'done', $1)", [Date.now()]);

    // pg-boss writes a worker's queues into the registry at its heartbeat (every 30 s by default),
    // not when work() is called: status reports that heartbeat, and says how old it is.
    let status: StatusJson | undefined;
    const deadline = Date.now() + 45_000;
    while (Date.now() < deadline) {
      const result = await cli(['status', '--database', url, '--json']);
      expect(result.code).toBe(0);
      status = JSON.parse(result.stdout) as StatusJson;
      if ((status.nodes[0]?.queues.length ?? 0) > 0) break;
      await new Promise((r) => setTimeout(r, 2000));
    }
    expect(status?.nodes).toMatchObject([{ role: 'worker', name: 'worker cpu-2', state: 'live', inHand: 1, queues: [{ queue: QUEUES.chunk, concurrency: 3, inHand: 1 }] }]);
    expect(status?.inFlight.episodes).toMatchObject([{ key: 'apple:1:2', chunksDone: 4, chunksTotal: 10 }]);

    const text = await cli(['status', '--database', url]);
    const lines = text.stdout.split('\n');
    expect(lines.find((l) => l.startsWith('worker '))).toMatch(/ live +\d+s ago +\d+[sm] +1 +stt-chunk×3$/);
    expect(lines).toContain('IN FLIGHT (1 job, 1 podcast episode)');
    expect(lines).toContainEqual(expect.stringMatching(/^apple:1:2 +4\/10 +4242 +(\d+s|\d+m) +The Show — Episode 2$/));
  });
});
