// Races for the last credits: many requests in flight over real HTTP, and many OS processes
// writing the same SQLite file. Exactly the balance's worth must succeed, never more.
import { once } from 'node:events';
import { resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startApiServer, type RunningServer } from '../../src-main/http/server';
import { ledgerFile } from '#service/home';
import { Ledger } from '#service/ledger/index';
import type { PlatformFetcher } from '#service/platforms/fetcher';
import { TranscriptService } from '#service/service';
import { createKey, spawnTs, startServer } from '../helpers/cli';
import { cliGuardMs } from '../helpers/guards';
import { tempHome } from '../helpers/home';
import { openTempLedger } from '../helpers/ledger';
import { post } from '../helpers/http';
import { startFixtureUpstream } from '../upstream/server';
import { SqliteStore } from '#service/ledger/sqliteStore';

let temp: ReturnType<typeof openTempLedger>;
let ledger: Ledger;

beforeEach(() => {
  temp = openTempLedger();
  ledger = temp.ledger;
});
afterEach(() => temp.dispose());

/** Stands in for YouTube (the internet): answers every video after a delay so requests overlap. */
const slowYouTube: PlatformFetcher<'longform'> = {
  async fetch(item) {
    await sleep(50 + Math.random() * 50);
    return {
      ok: true,
      transcript: {
        body: { success: true, type: 'video', url: item.normalizedUrl, transcript: [{ text: 'hi', startMs: '0', endMs: '1000', startTimeText: '0:00' }], transcript_only_text: 'hi', language: 'English', videoId: item.itemId, captionTracks: [] },
        text: 'hi',
        segments: null,
        title: null,
        provenance: { kind: 'creator-captions', language: 'en' },
      },
    };
  },
};

describe('32 parallel charges against a balance of 5', () => {
  let server: RunningServer;
  afterEach(async () => server.close());

  it('over HTTP: exactly 5 succeed, balance 0, and the ledger rows sum to it', async () => {
    const service = new TranscriptService({ store: new SqliteStore(ledger), fetchers: { longform: slowYouTube } });
    server = await startApiServer(service, '127.0.0.1', 0);
    const account = ledger.accounts.create('free');
    ledger.credits.grant(account.id, 5);
    const { key } = ledger.keys.create(account.id);

    // 32 different videos, so no request can be a cache hit of another.
    const ids = Array.from({ length: 32 }, (_, i) => `video${String(i).padStart(6, '0')}`);
    const replies = await Promise.all(ids.map((id) => post(server.url, '/api/longform/transcript', key, { url: `https://youtu.be/${id}` })));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 403)).toHaveLength(27);
    expect(replies.filter((r) => r.status === 403).every((r) => r.body.error === 'no_credits')).toBe(true);
    expect(replies.filter((r) => r.status === 200).map((r) => r.body.credits).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(ledger.credits.balance(account.id)).toBe(0);
    expect(ledger.credits.sumOfEntries(account.id)).toBe(0);
    expect(ledger.credits.entries(account.id).filter((e) => e.kind === 'charge')).toHaveLength(5);
  });
});

describe('separate processes racing on one ledger file', () => {
  it('4 processes × 8 charges against 5 credits: 5 charged, 27 refused, balance 0', { timeout: cliGuardMs(4) }, async () => {
    const account = ledger.accounts.create('free');
    ledger.credits.grant(account.id, 5);
    const startAt = Date.now() + 1500;
    const worker = resolve(__dirname, '../helpers/chargeWorker.ts');
    const runs = [0, 1, 2, 3].map(async (n) => {
      const child = spawnTs(worker, [ledgerFile(temp.home), String(account.id), '8', String(startAt), `p${n}`], {}, 'forward');
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      await once(child, 'close');
      return JSON.parse(out) as string[];
    });
    const results = (await Promise.all(runs)).flat();
    expect(results.filter((r) => r === 'ok')).toHaveLength(5);
    expect(results.filter((r) => r === 'insufficient')).toHaveLength(27);
    expect(ledger.credits.balance(account.id)).toBe(0);
    expect(ledger.credits.sumOfEntries(account.id)).toBe(0);
  });
});

describe('two servers on one data home, one account racing for one new video', () => {
  // Three CLI runs (a key, two server starts) plus the requests.
  it('50 requests to each server at once: charged once, every answer the same transcript', { timeout: cliGuardMs(4) }, async () => {
    // Each upstream answer takes 200 ms, so all 100 requests are past their cache check long before
    // the first one delivers: the moment the research saw two servers charge twice.
    const fixture = await startFixtureUpstream({ latencyMs: 200 });
    const home = tempHome();
    try {
      const key = await createKey(home.dir, { plan: 'free', credits: 10 });
      const env = { TRANSCRIPT_DESK_UPSTREAM: fixture.url };
      const servers = await Promise.all([startServer(home.dir, env), startServer(home.dir, env)]);
      try {
        const url = 'https://www.youtube.com/watch?v=okRaceTwice';
        const replies = await Promise.all(Array.from({ length: 100 }, (_, i) => post(servers[i % 2]?.url ?? '', '/api/longform/transcript', key.key, { url })));
        expect(replies.map((r) => r.status)).toEqual(Array<number>(100).fill(200));
        const charged = replies.filter((r) => r.body.cached !== true);
        expect(charged).toHaveLength(1);
        expect(charged[0]?.body.credits).toBe(9);
        const transcripts = new Set(replies.map((r) => JSON.stringify(r.body.transcript)));
        expect(transcripts.size).toBe(1);
        // The race really ran: more than one request went upstream for the video.
        expect(fixture.requests.filter((r) => r.url.includes('/youtubei/v1/player')).length).toBeGreaterThan(1);
      } finally {
        await Promise.all(servers.map((s) => s.stop()));
      }
      const ledgerOnDisk = Ledger.open(ledgerFile(home.dir));
      try {
        const accountId = ledgerOnDisk.keys.find(key.key)?.accountId as number;
        expect(ledgerOnDisk.credits.balance(accountId)).toBe(9);
        expect(ledgerOnDisk.credits.sumOfEntries(accountId)).toBe(9);
        expect(ledgerOnDisk.credits.entries(accountId).filter((e) => e.kind === 'charge')).toHaveLength(1);
      } finally {
        ledgerOnDisk.close();
      }
    } finally {
      await fixture.close();
      home.remove();
    }
  });
});
