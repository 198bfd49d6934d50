// bench/sync-overhead's breakdown: where a fresh YouTube transcript's time goes beyond the two
// upstream calls, stage by stage, measured in this process against the same fixture upstream (the
// REST server runs the same code in its own process). The fetcher (UpstreamClient, player answer,
// caption parse) and the cache + charge transaction are timed on their own; what remains of the
// REST median is the REST hop (HTTP, auth, rate window, balance read, cache miss, JSON out).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { parseForPlatform } from '#shared/url/parse';
import { parseCaptions } from '#service/captions/index';
import { deliver } from '#service/core/deliver';
import { ledgerFile } from '#service/home';
import { SqliteStore } from '#service/ledger/sqliteStore';
import { CLIENT_CHAIN, PLAYER_URL, playerHeaders, playerRequestBody } from '#service/platforms/youtube/clients';
import { youtubeFetcher } from '#service/platforms/youtube/index';
import { playerAnswerOf } from '#service/platforms/youtube/playerAnswer';
import { browserGradeTransport } from '#service/upstream/browserGrade';
import { UpstreamClient } from '#service/upstream/client';
import { impitTransport } from '#service/upstream/impitTransport';
import { undiciTransport } from '#service/upstream/transport';
import { UpstreamProfile } from '#service/upstream/profile';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function timedMs(fn: () => unknown): Promise<number> {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Medians in ms of each stage over `ids` (fresh videos the fixture has answered once already). */
export async function stageMedians(fixture: string, ids: string[]): Promise<Record<string, number>> {
  const client = CLIENT_CHAIN[0];
  if (client === undefined) throw new Error('no InnerTube client');
  const agent = new Agent({ keepAliveTimeout: 30_000 });
  const routed = (url: string) => `${fixture}/${url.replace(/^https:\/\//, '')}`;
  // The transport serve uses: YouTube's hosts travel through impit (browser-grade TLS), the rest undici.
  const upstream = new UpstreamClient({ override: new URL(fixture), transport: browserGradeTransport({ browser: impitTransport(), plain: undiciTransport() }) });
  const fetcher = youtubeFetcher({ upstream, profile: new UpstreamProfile() });
  const home = mkdtempSync(join(tmpdir(), 'td-bench-stages-'));
  const store = SqliteStore.open(ledgerFile(home));
  const account = await store.accounts.create('free');
  await store.credits.grant(account.id, 1_000_000);
  const caller = { accountId: account.id, plan: 'free' as const, keyPrefix: 'sk_live_bench' };
  const times: Record<string, number[]> = { bare: [], clientCalls: [], playerRead: [], captionParse: [], fetcher: [], deliver: [] };
  try {
    for (const id of ids) {
      const item = parseForPlatform('longform', `https://www.youtube.com/watch?v=${id}`);
      if (!item.ok) throw new Error(`bad id ${id}`);
      // The two calls bare (undici), then through the service's client, bodies kept for the parse stages.
      let playerBody = Buffer.alloc(0);
      let captionsBody = Buffer.alloc(0);
      let captionUrl = '';
      times.bare?.push(
        await timedMs(async () => {
          const player = await request(routed(PLAYER_URL), { method: 'POST', headers: playerHeaders(client), body: playerRequestBody(client, id), dispatcher: agent, signal: new AbortController().signal });
          playerBody = Buffer.from(await player.body.arrayBuffer());
          const match = /"baseUrl":"(https:\/\/www\.youtube\.com\/api\/timedtext[^"]*&lang=en&fmt=srv3)"/.exec(playerBody.toString('latin1'));
          captionUrl = (match?.[1] ?? '').replace(/\\u0026/g, '&');
          const captions = await request(routed(captionUrl), { dispatcher: agent, signal: new AbortController().signal });
          captionsBody = Buffer.from(await captions.body.arrayBuffer());
        }),
      );
      times.clientCalls?.push(
        await timedMs(async () => {
          const signal = new AbortController().signal;
          await upstream.request({ url: PLAYER_URL, scope: 'longform', method: 'POST', headers: playerHeaders(client), body: playerRequestBody(client, id), signal });
          await upstream.request({ url: captionUrl, scope: 'longform', headers: { 'user-agent': client.userAgent }, signal });
        }),
      );
      times.playerRead?.push(await timedMs(() => playerAnswerOf(playerBody, id)));
      times.captionParse?.push(await timedMs(() => parseCaptions(captionsBody.toString('utf8'))));
      let fetched: Awaited<ReturnType<typeof fetcher.fetch>> | undefined;
      times.fetcher?.push(await timedMs(async () => (fetched = await fetcher.fetch(item, { signal: new AbortController().signal }))));
      if (fetched?.ok !== true) throw new Error(`the fetcher did not deliver ${id}`);
      const transcript = fetched.transcript;
      times.deliver?.push(await timedMs(() => deliver(store, caller, 'longform', item, transcript, (key) => key)));
    }
  } finally {
    await store.close();
    await upstream.close();
    await agent.close();
    rmSync(home, { recursive: true, force: true });
  }
  return Object.fromEntries(Object.entries(times).map(([name, xs]) => [name, median(xs)]));
}

/** The lines sync-overhead prints under its 0 ms ratio. */
export function breakdownLines(stages: Record<string, number>, restMedian: number, bareMedian: number, floorMedian: number): string[] {
  const s = (name: string) => stages[name] ?? NaN;
  const clientOverhead = s('clientCalls') - s('bare');
  const fetcherOwn = s('fetcher') - s('bare');
  const restHop = restMedian - floorMedian - fetcherOwn - s('deliver');
  const row = (what: string, ms: number) => `    ${what.padEnd(72)} ${ms.toFixed(2).padStart(6)} ms`;
  return [
    '  where the REST median goes (stage medians measured in this process on the same fixture answers):',
    row('the two upstream calls, bare (the ratio\'s denominator, as timed above)', bareMedian),
    row('the floor beyond them: the REST request\'s own loopback round trip, a bare server', floorMedian - bareMedian),
    row('the fetcher beyond the bare calls (client + player read + captions + shaping)', fetcherOwn),
    row('  of which the upstream client\'s own cost, both calls (impit, as serve uses)', clientOverhead),
    row('  of which the player answer read (three members)', s('playerRead')),
    row('  of which the caption parse (srv3 → segments)', s('captionParse')),
    row('  of which the rest of the fetcher (track choice, body shaping, awaits)', fetcherOwn - clientOverhead - s('playerRead') - s('captionParse')),
    row('cache + charge in one transaction (deliver)', s('deliver')),
    // The stages are timed alone in this process, the REST median in the server's: what is left
    // (the REST hop's own work beyond the floor's, and GC) is within their noise, so it can come out below 0.
    row('what is left: the REST hop beyond the floor (routing, auth, rate, balance, JSON, GC)', restHop),
  ];
}
