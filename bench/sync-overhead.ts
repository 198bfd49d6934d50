// bench/sync-overhead: what the service adds to a YouTube transcript. The REST round trip
// (auth, rate limit, player answer parsed and checked, captions parsed, cache write and charge in
// one transaction, JSON out) divided by the bare upstream calls it makes (the player POST and the
// timedtext GET, bodies read in full), in the same run against the same fixture upstream: once
// answering at once (pure overhead) and once after a realistic round trip. Every video id is fresh
// (`ok…`), so the service's cache never answers; the fixture has seen each id once before timing
// starts, so both sides get its warm answer.
//
// The network floor: the REST request is itself one more loopback round trip, so no server can
// reach the ratio 1 here. bench/bare-transcript-server.mts is the least a Node server can do for
// the same request (the same two upstream calls, undici, and an answer of the same length, no
// auth, no cache, no ledger): its ratio to the bare calls is the floor, printed beside ours.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Agent, request } from 'undici';
import { startBuiltServe, startListeningChild } from './process';
import { breakdownLines, stageMedians } from './syncBreakdown';
import { ledgerFile } from '#service/home';
import { Ledger } from '#service/ledger/index';
import { CLIENT_CHAIN, PLAYER_URL, playerHeaders, playerRequestBody } from '#service/platforms/youtube/clients';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 300);
const WARMUP = 30;
/** The rate limit is 120 requests a minute per key: enough keys that it never shows. */
const KEYS = 40;
const ROOT = resolve(__dirname, '..');

const videoId = (n: number) => `ok${n.toString(36).padStart(9, '0')}`;
const agent = new Agent({ keepAliveTimeout: 30_000 });

/** The two requests the service makes for a video the first client can read, done bare. */
async function bareCalls(fixture: string, id: string): Promise<void> {
  const client = CLIENT_CHAIN[0];
  if (client === undefined) throw new Error('no InnerTube client');
  const routed = (url: string) => `${fixture}/${url.replace(/^https:\/\//, '')}`;
  const player = await request(routed(PLAYER_URL), { method: 'POST', headers: playerHeaders(client), body: playerRequestBody(client, id), dispatcher: agent });
  const text = await player.body.text();
  // The caption URL is in the answer; finding it is string work, not the service's parsing.
  const match = /"baseUrl":"(https:\/\/www\.youtube\.com\/api\/timedtext[^"]*&lang=en&fmt=srv3)"/.exec(text);
  if (player.statusCode !== 200 || match === null) throw new Error(`unexpected player answer for ${id}`);
  const captions = await request(routed((match[1] as string).replace(/\\u0026/g, '&')), { dispatcher: agent });
  if (captions.statusCode !== 200 || (await captions.body.text()).length === 0) throw new Error(`unexpected timedtext answer for ${id}`);
}

async function restCall(server: string, key: string, id: string, expectCached = false): Promise<Record<string, unknown>> {
  const reply = await request(`${server}/api/youtube/transcript`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: `https://www.youtube.com/watch?v=${id}` }),
    dispatcher: agent,
  });
  const body = (await reply.body.json()) as { cached?: boolean; videoId?: string };
  if (reply.statusCode !== 200 || (body.cached === true) !== expectCached || body.videoId !== id) throw new Error(`unexpected REST answer for ${id}: ${reply.statusCode} ${JSON.stringify(body).slice(0, 200)}`);
  return body;
}

/** The same request to the floor server (it checks nothing, so neither does this). */
async function floorCall(server: string, id: string): Promise<void> {
  const reply = await request(server, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url: `https://www.youtube.com/watch?v=${id}` }), dispatcher: agent });
  await reply.body.text();
  if (reply.statusCode !== 200) throw new Error(`the floor server failed on ${id}`);
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)] ?? NaN;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** One measurement against a fixture that answers after `latencyMs`; ids from `firstId` on are fresh. */
async function measure(home: string, keys: string[], latencyMs: number, iterations: number, firstId: number): Promise<void> {
  const fixture = await startListeningChild([join(ROOT, 'test/upstream/main.ts'), '--port', '0', '--latency-ms', String(latencyMs)], {});
  const server = await startBuiltServe([], { TRANSCRIPT_DESK_HOME: home, TRANSCRIPT_DESK_UPSTREAM: fixture.url });
  let floorServer: Awaited<ReturnType<typeof startListeningChild>> | undefined;
  try {
    const total = WARMUP + iterations;
    for (let n = 0; n <= total; n++) await bareCalls(fixture.url, videoId(firstId + n)); // the fixture's own first-time work, untimed
    // The floor server answers with a REST answer of ours (the one after the timed ids).
    const answerFile = join(home, `answer-${firstId}.json`);
    writeFileSync(answerFile, JSON.stringify(await restCall(server.url, keys[0] as string, videoId(firstId + total))));
    floorServer = await startListeningChild([join(ROOT, 'bench/bare-transcript-server.mts'), fixture.url, answerFile], {});
    const bare: number[] = [];
    const floor: number[] = [];
    const rest: number[] = [];
    const hit: number[] = [];
    for (let n = 0; n < total; n++) {
      const id = videoId(firstId + n);
      const key = keys[n % keys.length] as string;
      const b = await timed(() => bareCalls(fixture.url, id));
      const f = await timed(() => floorCall(floorServer?.url ?? '', id));
      const r = await timed(() => restCall(server.url, key, id));
      // Not part of the ratio: the same request answered from the cache shows what the REST hop,
      // auth and rate limit cost on their own.
      const c = await timed(() => restCall(server.url, key, id, true));
      if (n >= WARMUP) {
        bare.push(b);
        floor.push(f);
        rest.push(r);
        hit.push(c);
      }
    }
    const row = (name: string, xs: number[]) => `  ${name.padEnd(42)} median ${median(xs).toFixed(2).padStart(7)} ms  p90 ${p90(xs).toFixed(2).padStart(7)} ms  mean ${mean(xs).toFixed(2).padStart(7)} ms`;
    console.log(`fixture latency ${latencyMs} ms per upstream answer (${iterations} fresh videos, sequential, after ${WARMUP} warm-up)`);
    console.log(row('bare upstream calls (player + timedtext)', bare));
    console.log(row('the floor: least server, same calls + answer', floor));
    console.log(row('REST POST /api/youtube/transcript', rest));
    console.log(row('for comparison: the same, a cache hit', hit));
    console.log(`  ratio REST / bare (medians): ${(median(rest) / median(bare)).toFixed(2)}   target ≤ 1.3   overhead ${(median(rest) - median(bare)).toFixed(2)} ms per transcript`);
    console.log(`  the floor's own ratio: ${(median(floor) / median(bare)).toFixed(2)} (the REST hop's loopback round trip and a bare server)   ours over the floor: ${(median(rest) - median(floor)).toFixed(2)} ms`);
    // At 0 ms the ratio is all our own work against two loopback round trips: say where it goes.
    if (latencyMs === 0) {
      const ids = Array.from({ length: Math.min(iterations, 100) }, (_, n) => videoId(firstId + WARMUP + n));
      for (const line of breakdownLines(await stageMedians(fixture.url, ids), median(rest), median(bare), median(floor))) console.log(line);
    }
  } finally {
    floorServer?.child.kill();
    server.child.kill();
    fixture.child.kill();
  }
}

async function main(): Promise<void> {
  const home = mkdtempSync(join(tmpdir(), 'td-bench-sync-'));
  const ledger = Ledger.open(ledgerFile(home));
  const keys = ledger.transaction(() =>
    Array.from({ length: KEYS }, () => {
      const account = ledger.accounts.create('free');
      ledger.credits.grant(account.id, 1000);
      return ledger.keys.create(account.id).key;
    }),
  );
  ledger.close();
  try {
    // 0 ms: the fixture answers at once, so the ratio is the service's own CPU cost against two
    // loopback round trips, the harshest reading. Then a realistic round trip to a nearby CDN
    // (BENCH_LATENCY_MS, 20 ms by default), the same for the bare calls and for the service.
    await measure(home, keys, 0, ITERATIONS, 0);
    await measure(home, keys, Number(process.env.BENCH_LATENCY_MS ?? 20), Math.min(ITERATIONS, 100), WARMUP + ITERATIONS + 1); // + 1: the first measurement's floor answer used the id after its own
  } finally {
    await agent.close();
    rmSync(home, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
