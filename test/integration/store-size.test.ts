// The compact store and the cache limit (issue 22), through the real server and the fixture
// upstream's talks of real length (400 cues, ~24 KB of text, an ~80 KB answer): what each cached
// transcript costs the ledger file, and that with cache.maxBytes the file stops growing while the
// newest transcripts stay cache hits, the oldest are fetched (and charged) again, and what the
// desk's library keeps stays.
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { ledgerFile } from '#service/home';
import { Ledger } from '#service/ledger/index';
import { runCli } from '../helpers/cli';
import { cliGuardMs } from '../helpers/guards';
import { startHarness, type Harness } from '../helpers/harness';
import { call, post, type Reply } from '../helpers/http';

const KEYS = 20;
const CLIENTS = 4;

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

/** A `real…` video id (11 characters, as YouTube's are). */
const talkId = (series: string, n: number) => `real${series}${String(n).padStart(6, '0')}`;
const talkUrl = (id: string) => `https://www.youtube.com/watch?v=${id}`;

/**
 * Keys enough that the rate limit (120 a minute per key) is not what is measured; made by the
 * ledger directly, as `keys create` would, without a CLI start per key.
 */
function createKeys(home: string, credits: number): string[] {
  const ledger = Ledger.open(ledgerFile(home));
  try {
    return ledger.transaction(() =>
      Array.from({ length: KEYS }, () => {
        const account = ledger.accounts.create('free');
        ledger.credits.grant(account.id, credits);
        return ledger.keys.create(account.id).key;
      }),
    );
  } finally {
    ledger.close();
  }
}

/** Ledger plus WAL bytes after a checkpoint: what the store costs the disk. */
function storeBytes(home: string): number {
  const file = ledgerFile(home);
  const db = new Database(file);
  try {
    db.pragma('busy_timeout = 5000');
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  const wal = (() => {
    try {
      return statSync(`${file}-wal`).size;
    } catch {
      return 0;
    }
  })();
  return statSync(file).size + wal;
}

/** Fetches the ids through `CLIENTS` connections, keys taking turns; every answer must be a charged 200. */
async function fetchAll(url: string, keys: string[], ids: string[]): Promise<Reply[]> {
  const replies: Reply[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < ids.length) {
        const i = next++;
        const reply = await post(url, '/api/longform/transcript', keys[i % keys.length], { url: talkUrl(ids[i] as string) });
        if (reply.status !== 200 || reply.body.cached === true) throw new Error(`${ids[i]}: ${reply.status} ${reply.text.slice(0, 200)}`);
        replies[i] = reply;
      }
    }),
  );
  return replies;
}

describe('the compact store', () => {
  it('400 cached transcripts of real length cost the ledger file at most half their answer each', { timeout: cliGuardMs(4) }, async () => {
    h = await startHarness(10);
    const keys = createKeys(h.home, 100);
    await fetchAll(h.server.url, keys, [talkId('W', 0)]);
    const before = storeBytes(h.home);

    // 400 is past any fixed cost of the file (its first pages, the schema): per transcript, what 800 gave.
    const ids = Array.from({ length: 400 }, (_, i) => talkId('S', i));
    const replies = await fetchAll(h.server.url, keys, ids);
    const growth = storeBytes(h.home) - before;
    const answerBytes = replies.reduce((sum, r) => sum + Buffer.byteLength(r.text), 0) / replies.length;
    const perTranscript = growth / ids.length;
    console.log(`store: ${Math.round(perTranscript)} B of ledger file per transcript, ${Math.round(answerBytes)} B answer: ${(perTranscript / answerBytes).toFixed(2)}×`);
    expect(answerBytes).toBeGreaterThan(75_000);
    expect(perTranscript).toBeLessThanOrEqual(0.5 * answerBytes);

    // db stats tells the same story.
    const stats = await runCli(h.home, ['db', 'stats', '--json']);
    expect(stats.code, stats.stderr).toBe(0);
    const s = JSON.parse(stats.stdout) as { transcripts: number; cacheBytes: number; fileBytes: number; walBytes: number; rows: Record<string, number> };
    expect(s.transcripts).toBe(401);
    expect(s.rows.transcripts).toBe(401);
    expect(s.rows.transcript_records).toBe(401);
    expect(s.fileBytes + s.walBytes).toBeGreaterThanOrEqual(growth);
    // The cache's own reckoning (footprint.ts) is within a quarter of what the file really spent.
    expect(Math.abs(s.cacheBytes / 401 - perTranscript) / perTranscript).toBeLessThan(0.25);
  });

  it('with cache.maxBytes at 4 MB, 4× that passing through grows the file by at most 1.5× the cap; new hits stay, old ones are fetched again, kept ones stay', { timeout: cliGuardMs(6) }, async () => {
    const cap = 4_000_000;
    h = await startHarness(10);
    const harness = h;
    const keys = createKeys(harness.home, 400);
    const set = await runCli(harness.home, ['settings', 'set', 'cache.maxBytes', String(cap)]);
    expect(set.code, set.stderr).toBe(0);

    // One talk the person keeps: fetched through the desk's queue (what its runner writes when the item is done).
    const keptId = talkId('K', 0);
    await fetchAll(harness.server.url, keys, [keptId]);
    const ledger = Ledger.open(ledgerFile(harness.home));
    try {
      ledger.queue.add([{ id: 'kept-item', url: talkUrl(keptId), platform: 'longform', itemId: keptId, canonicalKey: keptId, status: 'queued', error: null, message: null }], () => 'unused');
      ledger.queue.update('kept-item', { status: 'done', httpStatus: 200, credits: 1, transcript: { kind: 'transcript', key: keptId } });
    } finally {
      ledger.close();
    }
    const before = storeBytes(harness.home);

    // What one talk really costs the file, measured on the first fifty (well under the cap) …
    const first = Array.from({ length: 50 }, (_, i) => talkId('C', i));
    await fetchAll(harness.server.url, keys, first);
    const perTalk = (storeBytes(harness.home) - before) / first.length;
    // … decides how many make four times the cap.
    const total = Math.ceil((4 * cap) / perTalk);
    const rest = Array.from({ length: total - first.length }, (_, i) => talkId('C', first.length + i));
    await fetchAll(harness.server.url, keys, rest);
    const growth = storeBytes(harness.home) - before;
    console.log(`cache limit: ${total} talks (${((total * perTalk) / cap).toFixed(1)}× the cap) grew the file by ${(growth / 1e6).toFixed(1)} MB (${(growth / cap).toFixed(2)}× the cap)`);
    expect(total * perTalk).toBeGreaterThanOrEqual(4 * cap);
    expect(growth).toBeLessThanOrEqual(1.5 * cap);

    const stats = JSON.parse((await runCli(harness.home, ['db', 'stats', '--json'])).stdout) as { transcripts: number; kept: number; cacheBytes: number; limitBytes: number };
    expect(stats.limitBytes).toBe(cap);
    expect(stats.cacheBytes).toBeLessThanOrEqual(cap);
    expect(stats.kept).toBe(1);

    const key = keys[0] as string;
    const balance = async () => (await call(harness.server.url, 'GET', '/api/balance', { key })).body.credits as number;
    const ask = (id: string) => post(harness.server.url, '/api/longform/transcript', key, { url: talkUrl(id) });

    // The newest: a cache hit, free, upstream not asked.
    const credits = await balance();
    let mark = harness.mark();
    const newest = await ask(rest.at(-1) as string);
    expect([newest.status, newest.body.cached, newest.body.credits]).toEqual([200, true, credits]);
    expect(harness.requestsSince(mark)).toEqual([]);

    // The kept one, fetched before all of them: still a cache hit.
    const kept = await ask(keptId);
    expect([kept.status, kept.body.cached, kept.body.credits]).toEqual([200, true, credits]);
    expect(harness.requestsSince(mark)).toEqual([]);

    // The oldest was evicted: fetched from upstream again and charged as new.
    mark = harness.mark();
    const oldest = await ask(first[0] as string);
    expect(oldest.status).toBe(200);
    expect(oldest.body).not.toHaveProperty('cached');
    expect(oldest.body.credits).toBe(credits - 1);
    expect(await balance()).toBe(credits - 1);
    expect(harness.requestsSince(mark).some((u) => u.includes(first[0] as string))).toBe(true);
  });
});
