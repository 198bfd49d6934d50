// bench/memory: what the serving process tree holds in memory through issue 22's load: 800 fresh
// YouTube transcripts of real length (`real…` ids: 400 cues, ~24 KB of text, an ~80 KB REST answer)
// from a few concurrent clients, then a burst of cache hits at 32 connections. The server starts the
// way a user starts it (BENCH_SERVE_COMMAND, by default `npm run -s serve -- --port 0`) in a
// process group of its own; /proc is read every 200 ms for every process of the group (VmRSS
// summed, as the soak of 2026-11 measured it). The baseline, in the same run under the same load,
// is plain Node with its default settings serving the same traffic (bare-transcript-server.mts):
// the ratio is what the service holds beyond Node's own floor. The server's CPU seconds for each
// phase say what a memory setting costs in work, less at the mercy of a busy machine than wall time.
//   npm run bench:memory
//   BENCH_SERVE_COMMAND='node out/main/cli.js serve --port 0' npm run bench:memory   # no launcher
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { Agent, request } from 'undici';
import { startFixtureUpstream } from '../test/upstream/server';
import { ledgerFile } from '#service/home';
import { Ledger } from '#service/ledger/index';
import { createBenchKeys } from './keys';
import { cpuSeconds, groupMembers, listeningProcess, mb, peakServer, peakTree, TreeSampler, type TreeSample } from '../test/helpers/procTree';

const FRESH = Number(process.env.BENCH_FRESH ?? 800);
const FRESH_CLIENTS = Number(process.env.BENCH_FRESH_CLIENTS ?? 4);
const BURST = Number(process.env.BENCH_BURST ?? 2000);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SERVE_COMMAND = process.env.BENCH_SERVE_COMMAND ?? 'npm run -s serve -- --port 0';
/** BENCH_BASELINE=0 skips the plain-Node run (quicker, while comparing one change against another). */
const WITH_BASELINE = process.env.BENCH_BASELINE !== '0';
/** Issue 22 item 7. */
const TARGET_TREE_MB = 250;
/** 120 requests a minute per key (spec §8): enough keys that no phase comes near it. */
const FRESH_KEYS = 16;
const BURST_KEYS = 64;
const ROOT = resolve(__dirname, '..');

const videoId = (n: number) => `real${n.toString().padStart(7, '0')}`;
const watchUrl = (n: number) => `https://www.youtube.com/watch?v=${videoId(n)}`;

interface Launched {
  child: ChildProcess;
  url: string;
  serverPid: number;
}

/** Process groups started here: all of them are stopped however the run ends. */
const groups: number[] = [];

/** Starts `argv` in a process group of its own and waits for `listening on <url>`. */
function launch(argv: string[], env: NodeJS.ProcessEnv): Promise<Launched> {
  const [command, ...args] = argv;
  if (command === undefined) throw new Error('empty launch command');
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
  if (child.pid !== undefined) groups.push(child.pid);
  return new Promise((resolveStart, reject) => {
    let out = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /listening on (http:\/\/\S+)/.exec(out);
      if (m === null || child.pid === undefined) return;
      const url = m[1] as string;
      const serverPid = listeningProcess(child.pid, Number(new URL(url).port));
      if (serverPid === undefined) return reject(new Error(`no process of group ${child.pid} listens on ${url}`));
      resolveStart({ child, url, serverPid });
    });
    child.once('exit', (code) => reject(new Error(`${argv.join(' ')} exited with ${code} before listening`)));
  });
}

/** SIGTERM to the whole group (the one form that stops every launcher cleanly), SIGKILL after 5 s. */
async function stopGroup(pgid: number): Promise<void> {
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-pgid, name);
    } catch {
      // already gone
    }
  };
  signal('SIGTERM');
  for (let waited = 0; waited < 5000 && groupMembers(pgid).length > 0; waited += 100) await new Promise((r) => setTimeout(r, 100));
  signal('SIGKILL');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Load {
  agent: Agent;
  freshKeys: string[];
  burstKeys: string[];
  /** The first fresh answer, as a file for the baseline. */
  answerFile?: string;
}

async function postTranscript(load: Load, server: string, key: string, n: number): Promise<{ status: number; body: Record<string, unknown> }> {
  const reply = await request(`${server}/api/youtube/transcript`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: watchUrl(n) }),
    dispatcher: load.agent,
  });
  return { status: reply.statusCode, body: (await reply.body.json()) as Record<string, unknown> };
}

/** FRESH new videos, FRESH_CLIENTS at a time; each must be a 200 that was not a cache hit. */
async function freshPhase(load: Load, server: string, home: string): Promise<number> {
  const start = Date.now();
  let next = 0;
  const client = async () => {
    for (let n = next++; n < FRESH; n = next++) {
      const { status, body } = await postTranscript(load, server, load.freshKeys[n % FRESH_KEYS] as string, n);
      if (status !== 200 || body.cached === true || body.videoId !== videoId(n)) throw new Error(`fresh ${videoId(n)}: ${status} ${JSON.stringify(body).slice(0, 200)}`);
      if (n === 0 && load.answerFile === undefined) {
        const { credits: _credits, cached: _cached, videoId: _videoId, ...answer } = body;
        load.answerFile = join(home, 'answer.json');
        writeFileSync(load.answerFile, JSON.stringify({ ...answer, credits: 999 }));
      }
    }
  };
  await Promise.all(Array.from({ length: FRESH_CLIENTS }, client));
  return Date.now() - start;
}

/** BURST cache hits at CONNECTIONS connections, spread over the cached videos. */
async function burstPhase(load: Load, server: string): Promise<number> {
  let next = 0;
  let hits = 0;
  const start = Date.now();
  let last = start;
  const result = await autocannon({
    url: `${server}/api/youtube/transcript`,
    connections: CONNECTIONS,
    amount: BURST,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const n = next++;
          return { ...req, headers: { authorization: `Bearer ${load.burstKeys[n % BURST_KEYS]}`, 'content-type': 'application/json' }, body: JSON.stringify({ url: watchUrl(n % FRESH) }) };
        },
        onResponse: (status, body) => {
          if (status === 200 && body.includes('"cached":true')) hits++;
          last = Date.now();
        },
      },
    ],
  });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0 || hits !== BURST) {
    throw new Error(`burst: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts, ${hits}/${BURST} cache hits: the measurement is not valid`);
  }
  // Up to the last answer: autocannon's own average counts whole seconds and its run ends on a
  // 1-s tick, both too coarse for a burst of a few seconds.
  return BURST / ((last - start) / 1000);
}

interface Measured {
  idle: TreeSample;
  fresh: TreeSample[];
  burst: TreeSample[];
  after: TreeSample;
  freshMs: number;
  burstRps: number;
  /** CPU seconds the server used for the fresh transcripts and for the burst. */
  freshCpu: number;
  burstCpu: number;
}

/** Idle after start, the two phases, idle after; the sampler runs throughout. */
async function measure(launched: Launched, load: Load, home: string): Promise<Measured> {
  const pgid = launched.child.pid as number;
  const sampler = new TreeSampler(pgid, launched.serverPid);
  sampler.start();
  try {
    await sleep(2000);
    sampler.mark();
    const idle = sampler.take();
    const cpuAtStart = cpuSeconds(launched.serverPid);
    const freshMs = await freshPhase(load, launched.url, home);
    const fresh = sampler.mark();
    const cpuAfterFresh = cpuSeconds(launched.serverPid);
    const burstRps = await burstPhase(load, launched.url);
    const burst = sampler.mark();
    const freshCpu = cpuAfterFresh - cpuAtStart;
    const burstCpu = cpuSeconds(launched.serverPid) - cpuAfterFresh;
    await sleep(2000);
    return { idle, fresh, burst, after: sampler.take(), freshMs, burstRps, freshCpu, burstCpu };
  } finally {
    sampler.stop();
  }
}

function makeKeys(home: string, count: number): string[] {
  const ledger = Ledger.open(ledgerFile(home));
  try {
    return createBenchKeys(ledger, count, 1000);
  } finally {
    ledger.close();
  }
}

const row = (name: string, bytes: number) => `  ${name.padEnd(44)} ${mb(bytes).padStart(5)} MB`;
const split = (s: TreeSample) => (s.server === undefined ? '' : ` (anon ${mb(s.server.anon)}, file ${mb(s.server.file)})`);

async function main(): Promise<void> {
  const home = mkdtempSync(join(tmpdir(), 'td-bench-memory-'));
  const fixture = await startFixtureUpstream();
  const agent = new Agent({ keepAliveTimeout: 30_000, connections: FRESH_CLIENTS });
  const keys = makeKeys(home, FRESH_KEYS + BURST_KEYS);
  const load: Load = { agent, freshKeys: keys.slice(0, FRESH_KEYS), burstKeys: keys.slice(FRESH_KEYS) };
  try {
    const real = await launch(SERVE_COMMAND.split(/\s+/), { TRANSCRIPT_DESK_HOME: home, TRANSCRIPT_DESK_UPSTREAM: fixture.url });
    const service = await measure(real, load, home);
    await stopGroup(real.child.pid as number);

    // The same load against plain Node with Node's default settings: the same ids, so its first
    // request for each makes the two upstream calls the service made, then the same burst.
    let baseline: Measured | undefined;
    if (WITH_BASELINE) {
      const bare = await launch([process.execPath, join(ROOT, 'bench/bare-transcript-server.mts'), fixture.url, load.answerFile as string], {});
      baseline = await measure(bare, load, home);
      await stopGroup(bare.child.pid as number);
    }

    const all = (m: Measured) => [m.idle, ...m.fresh, ...m.burst, m.after];
    const treePeak = peakTree(all(service));
    const serverPeak = peakServer(all(service));
    const barePeak = baseline === undefined ? NaN : (peakServer(all(baseline)).server?.rss ?? NaN);
    console.log(`launch: ${SERVE_COMMAND}  (group at peak: ${treePeak.members.map((m) => `${m.name} ${mb(m.rss)}`).join(', ')} MB)`);
    console.log(`load: ${FRESH} fresh real-length transcripts, ${FRESH_CLIENTS} clients (${(service.freshMs / 1000).toFixed(1)} s, server CPU ${service.freshCpu.toFixed(1)} s); ${BURST} cache hits at ${CONNECTIONS} connections (${service.burstRps.toFixed(0)} req/s, server CPU ${service.burstCpu.toFixed(1)} s)`);
    console.log(row('tree idle after start', service.idle.tree));
    console.log(row('server idle after start', service.idle.server?.rss ?? NaN) + split(service.idle));
    console.log(row('tree peak, fresh transcripts', peakTree(service.fresh).tree));
    console.log(row('tree peak, cache-hit burst', peakTree(service.burst).tree));
    const pssPeak = all(service).reduce((a, b) => (b.treePss > a.treePss ? b : a)).treePss;
    console.log(row('tree peak PSS (shared pages counted once)', pssPeak));
    console.log(row('server peak', serverPeak.server?.rss ?? NaN) + split(serverPeak));
    console.log(row('server 2 s after the load', service.after.server?.rss ?? NaN) + split(service.after));
    console.log(row('baseline: plain node idle', baseline?.idle.server?.rss ?? NaN));
    console.log(row('baseline: plain node peak, same load', barePeak) + (baseline === undefined ? '' : ` (CPU ${baseline.freshCpu.toFixed(1)} s + ${baseline.burstCpu.toFixed(1)} s)`));
    const treeMb = treePeak.tree / 1024 / 1024;
    console.log(`  ratio server peak / plain node peak: ${((serverPeak.server?.rss ?? NaN) / barePeak).toFixed(2)}   tree peak / plain node peak: ${(treePeak.tree / barePeak).toFixed(2)}`);
    console.log(`  tree peak ${treeMb.toFixed(0)} MB summed RSS, target ≤ ${TARGET_TREE_MB} MB: ${treeMb <= TARGET_TREE_MB ? 'met' : '**not met**'}; summed PSS ${(pssPeak / 1024 / 1024).toFixed(0)} MB: ${pssPeak / 1024 / 1024 <= TARGET_TREE_MB ? 'met' : '**not met**'}`);
  } finally {
    for (const pgid of groups) await stopGroup(pgid);
    await agent.close();
    await fixture.close();
    rmSync(home, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
