// bench/cache-hit: what a cache hit of a real-length transcript (400 cues, an ~80 KB answer) costs.
// In process: TranscriptCache.get() per hit. Through the real server: POST /api/longform/transcript
// hits at 32 connections (thousands of keys taking turns, so the rate limit is not what is
// measured) against a bare Node HTTP server answering a constant body, both as child processes.
// Uses only the cache's put/get, so the same script measures the store before and after a change.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { bareThenReal, cpuLine } from './process';
import { ledgerFile } from '#service/home';
import { Ledger } from '#service/ledger/index';
import { createBenchKeys } from './keys';
import { longformBody } from '#service/platforms/youtube/shape';
import { parseForPlatform } from '#shared/url/parse';
import { realLengthCues } from '../test/upstream/realLength';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const KEYS = 3000;
const TALKS = 200;

const talkId = (i: number) => `realHit${String(i).padStart(4, '0')}`;

function cacheTalk(ledger: Ledger, id: string): void {
  const item = parseForPlatform('longform', `https://www.youtube.com/watch?v=${id}`);
  if (!item.ok) throw new Error(item.reason);
  const segments = realLengthCues(id).map((c) => ({ text: c.text, startMs: c.startMs, endMs: c.startMs + c.durationMs }));
  ledger.cache.put({ platform: 'longform', canonicalKey: id, sourceUrl: item.normalizedUrl, title: null, body: longformBody(item, id, 'English', [], segments), text: segments.map((s) => s.text).join('\n'), segments });
}

async function load(url: string, keys: string[]): Promise<number> {
  let next = 0;
  const result = await autocannon({
    url: `${url}/api/longform/transcript`,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const n = next++;
          return { ...req, headers: { ...req.headers, authorization: `Bearer ${keys[n % keys.length]}`, 'content-type': 'application/json' }, body: JSON.stringify({ url: `https://www.youtube.com/watch?v=${talkId(n % TALKS)}` }) };
        },
      },
    ],
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx and ${result.errors} errors: the measurement is not valid`);
  return result.requests.average;
}

async function main(): Promise<void> {
  const home = mkdtempSync(join(tmpdir(), 'td-bench-hit-'));
  const ledger = Ledger.open(ledgerFile(home));
  const keys = createBenchKeys(ledger, KEYS, 10);
  for (let i = 0; i < TALKS; i++) cacheTalk(ledger, talkId(i));

  // In process: every talk read back many times.
  const rounds = 20;
  for (let i = 0; i < TALKS; i++) ledger.cache.get('longform', talkId(i));
  const started = performance.now();
  for (let r = 0; r < rounds; r++) for (let i = 0; i < TALKS; i++) ledger.cache.get('longform', talkId(i));
  const perGet = ((performance.now() - started) * 1000) / (rounds * TALKS);
  ledger.close();

  const measured = await bareThenReal(home, (url) => load(url, keys), SECONDS);
  const { bareRps, realRps } = measured;

  console.log(`TranscriptCache.get, real-length talk    ${perGet.toFixed(0).padStart(7)} µs per hit`);
  console.log(`bare node:http constant body             ${bareRps.toFixed(0).padStart(7)} req/s`);
  console.log(`POST /api/longform/transcript, cache hit ${realRps.toFixed(0).padStart(7)} req/s`);
  console.log(`ratio hit / bare: ${(realRps / bareRps).toFixed(3)}  (${CONNECTIONS} connections, ${SECONDS} s each)`);
  console.log(cpuLine(measured));
  rmSync(home, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
