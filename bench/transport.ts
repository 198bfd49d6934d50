// bench/transport: what the browser-grade wire (impit, used for the platform hosts that
// fingerprint) costs against Node's own (undici, everything else). Round trips through each
// Transport's `send`, body read in full, to one loopback server in the same run: a small JSON
// answer (a player or GraphQL call) and a 1 MB page, sequential and 8 at a time, connections kept
// alive as in the service. The ratio impit / undici (medians) is the number to watch; loopback
// has no network latency, so it shows the client's own cost at its harshest.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { UpstreamClient } from '#service/upstream/client';
import { impitTransport } from '#service/upstream/impitTransport';
import { undiciTransport, type Transport } from '#service/upstream/transport';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 400);
const WARMUP = 40;
const PARALLEL = 8;
const SMALL = Buffer.from(JSON.stringify({ playabilityStatus: { status: 'OK' }, captions: { tracks: Array.from({ length: 20 }, (_, i) => ({ baseUrl: `https://www.youtube.com/api/timedtext?v=x&lang=l${i}`, name: `Track ${i}` })) } }));
const LARGE = Buffer.alloc(1024 * 1024, 'x');

async function roundTrip(transport: Transport, url: URL): Promise<number> {
  const start = process.hrtime.bigint();
  const answer = await transport.send({ url, logicalUrl: url, method: 'GET', headers: { accept: '*/*' }, signal: AbortSignal.timeout(30_000), headersTimeoutMs: 10_000, bodyTimeoutMs: 10_000, guarded: false });
  let bytes = 0;
  for await (const chunk of answer.body as AsyncIterable<Buffer>) bytes += chunk.length;
  if (answer.status !== 200 || bytes === 0) throw new Error(`unexpected answer from ${url.href}: ${answer.status}, ${bytes} bytes`);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Per-request times of `rounds` round trips, `parallel` at a time. */
async function run(transport: Transport, url: URL, rounds: number, parallel: number): Promise<number[]> {
  const times: number[] = [];
  for (let done = 0; done < rounds; done += parallel) times.push(...(await Promise.all(Array.from({ length: parallel }, () => roundTrip(transport, url)))));
  return times;
}

/**
 * The upstream client's own cost per call (issue 16: at most 0.2 ms): `UpstreamClient.request` as
 * a fetcher calls it (routed through TRANSCRIPT_DESK_UPSTREAM's override, guards, host limiter,
 * pacing, cookies, body collected into one Buffer) against undici's `request` with a kept-alive
 * Agent reading the same body, sequential, the two alternating round by round. Both get a
 * cancellation signal, as every call of a REST request does (the caller may hang up).
 */
async function clientOverhead(origin: string): Promise<void> {
  const agent = new Agent({ keepAliveTimeout: 30_000 });
  const client = new UpstreamClient({ override: new URL(origin) });
  const bare = async () => {
    const start = process.hrtime.bigint();
    const answer = await request(`${origin}/www.youtube.com/youtubei/v1/player`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' }, dispatcher: agent, signal: new AbortController().signal });
    const body = Buffer.from(await answer.body.arrayBuffer());
    if (answer.statusCode !== 200 || body.length === 0) throw new Error('unexpected bare answer');
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  const ours = async () => {
    const start = process.hrtime.bigint();
    const answer = await client.request({ url: 'https://www.youtube.com/youtubei/v1/player', scope: 'longform', method: 'POST', body: '{}', headers: { 'content-type': 'application/json' }, signal: new AbortController().signal });
    if (answer.status !== 200 || answer.body.length === 0) throw new Error('unexpected client answer');
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  const bareTimes: number[] = [];
  const ourTimes: number[] = [];
  for (let i = 0; i < WARMUP + ROUNDS; i++) {
    const b = await bare();
    const o = await ours();
    if (i >= WARMUP) {
      bareTimes.push(b);
      ourTimes.push(o);
    }
  }
  console.log(`the upstream client over bare undici, small JSON POST, sequential (${ROUNDS} each, alternating)`);
  console.log(`  undici request + body           median ${median(bareTimes).toFixed(3).padStart(8)} ms  p90 ${p90(bareTimes).toFixed(3).padStart(8)} ms`);
  console.log(`  UpstreamClient.request          median ${median(ourTimes).toFixed(3).padStart(8)} ms  p90 ${p90(ourTimes).toFixed(3).padStart(8)} ms`);
  console.log(`  client overhead per call: ${(median(ourTimes) - median(bareTimes)).toFixed(3)} ms (target ≤ 0.2)`);
  await agent.close();
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)] ?? NaN;

async function main(): Promise<void> {
  const server = createServer((req, res) => {
    const body = req.url === '/large' ? LARGE : SMALL;
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const transports: Record<'undici' | 'impit', Transport> = { undici: undiciTransport(), impit: impitTransport() };
  try {
    await clientOverhead(origin);
    if (process.env.BENCH_CLIENT_ONLY === '1') return;
    console.log(`loopback round trips through Transport.send, body read in full (${ROUNDS} per row after ${WARMUP} warm-up, keep-alive)`);
    for (const [label, path, parallel] of [
      ['small JSON (2 KB), sequential', '/small', 1],
      [`small JSON (2 KB), ${PARALLEL} at a time`, '/small', PARALLEL],
      ['1 MB body, sequential', '/large', 1],
      [`1 MB body, ${PARALLEL} at a time`, '/large', PARALLEL],
    ] as const) {
      const url = new URL(origin + path);
      const medians: Record<string, number> = {};
      for (const [name, transport] of Object.entries(transports)) {
        await run(transport, url, WARMUP, parallel);
        const times = await run(transport, url, ROUNDS, parallel);
        medians[name] = median(times);
        console.log(`  ${label.padEnd(34)} ${name.padEnd(7)} median ${median(times).toFixed(3).padStart(8)} ms  p90 ${p90(times).toFixed(3).padStart(8)} ms`);
      }
      console.log(`  ${label.padEnd(34)} ratio impit / undici (medians): ${((medians.impit ?? NaN) / (medians.undici ?? NaN)).toFixed(2)}`);
    }
  } finally {
    await Promise.all(Object.values(transports).map((t) => t.close()));
    server.closeAllConnections();
    server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
