// A team server on loopback (issue 15): a real PostgreSQL, two `serve --database` API nodes and
// three `worker --database` processes, all real built-CLI processes, against the fixture upstream.
// What a team notices: one balance and one rate window whichever node answers, an episode's chunks
// spread over the workers and surviving a killed one, a joined submit that pays nothing, a failed
// episode refunded, a dead API node that leaves the other answering.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PgStore } from '#service/postgres/pgStore';
import { parseAny } from '#shared/url/parse';
import { createKey, type CreatedKey } from '../helpers/cli';
import { POLLED_JOB_GUARD_MS, speechGuardMs } from '../helpers/guards';
import { call, post, type Reply } from '../helpers/http';
import { freshDatabase } from '../helpers/postgresDatabase';
import { commandLine, groupMembers } from '../helpers/procTree';
import { clipGuardMs, expectClipSpeech } from '../helpers/spoken';
import { startTeamServer, type TeamServer, type WorkerProcess } from '../helpers/teamServer';
import { abortedWhenTestEnds } from '../helpers/teardown';
import { wordErrorRate } from '../helpers/wer';
import { episodeLink, PODCAST_IDS } from '../upstream/hosts/podcasts';
import { X_IDS } from '../upstream/hosts/x';
import { EPISODE_SECONDS, episodeText, prepareMedia } from '../upstream/media';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';
import { setTimeout as sleep } from 'node:timers/promises';

const engineRtf = inject('engineRtf');
let database: Awaited<ReturnType<typeof freshDatabase>>;
let fixture: FixtureUpstream;
let team: TeamServer;
let store: PgStore;

const node = (i: number) => team.nodes[i % team.nodes.length]?.url as string;
const balanceAt = async (i: number, key: string) => (await call(node(i), 'GET', '/api/balance', { key })).body.credits as number;
const newKey = (plan: string, credits: number): Promise<CreatedKey> => createKey(team.adminHome, { plan, credits }, team.env);

/** Polls a job on node `i` every second until it is no longer processing; every record seen. */
async function pollJob(i: number, key: string, jobId: string): Promise<Record<string, unknown>[]> {
  const ended = abortedWhenTestEnds();
  const seen: Record<string, unknown>[] = [];
  for (;;) {
    const reply = await call(node(i), 'GET', `/api/podcast/jobs/${jobId}`, { key });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    seen.push(reply.body);
    if (reply.body.status !== 'processing') return seen;
    await sleep(1000, undefined, { signal: ended });
  }
}

beforeAll(async () => {
  await prepareMedia(inject('speechCache'));
  database = await freshDatabase('team');
  fixture = await startFixtureUpstream({ mediaDir: inject('speechCache') });
  team = await startTeamServer(database.url, { nodes: 2, workers: 3, env: { TRANSCRIPT_DESK_UPSTREAM: fixture.url, TRANSCRIPT_DESK_UPSTREAM_TIMEOUT_MS: '2000' } });
  store = await PgStore.open(database.url);
}, 120_000);
afterAll(async () => {
  await store?.close();
  await team?.close();
  await fixture?.close();
  await database?.drop();
});

describe('one ledger behind every node', () => {
  it('32 parallel paid requests for one key with 5 credits, spread over both nodes: exactly 5 succeed, balance 0, the ledger rows sum to it', async () => {
    const { key } = await newKey('credits', 5);
    // 32 different videos, so no request can be a cache hit of another.
    const replies = await Promise.all(Array.from({ length: 32 }, (_, i) => post(node(i), '/api/longform/transcript', key, { url: `https://youtu.be/okTeam${String(i).padStart(5, '0')}` })));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 403)).toHaveLength(27);
    // Both nodes served some of the successes' answers and refusals.
    expect(new Set(replies.map((r, i) => `${i % 2}:${r.status}`)).size).toBeGreaterThanOrEqual(3);
    expect(await balanceAt(0, key)).toBe(0);
    expect(await balanceAt(1, key)).toBe(0);
    const found = await store.keys.find(key);
    expect(await store.credits.sumOfEntries(found?.accountId ?? -1)).toBe(0);
  });

  it('150 requests in one minute over both nodes: 120 answered with the window counted exactly across them, the rest 429 with Retry-After', async () => {
    const { key } = await newKey('free', 1);
    const replies: Reply[] = [];
    // Ten at a time, alternating nodes: well inside one minute on any machine.
    for (let batch = 0; batch < 15; batch++) replies.push(...(await Promise.all(Array.from({ length: 10 }, (_, i) => call(node(batch * 10 + i), 'GET', '/api/balance', { key })))));
    const answered = replies.filter((r) => r.status === 200);
    const limited = replies.filter((r) => r.status === 429);
    expect(answered).toHaveLength(120);
    expect(limited).toHaveLength(30);
    // Each hit counted once in one window shared by both nodes: the answers' Remaining are 119 … 0, each once.
    const remaining = answered.map((r) => Number(r.headers.get('x-ratelimit-remaining'))).sort((a, b) => b - a);
    expect(remaining).toEqual(Array.from({ length: 120 }, (_, i) => 119 - i));
    expect(new Set(answered.map((r) => r.headers.get('x-ratelimit-reset'))).size).toBe(1);
    for (const reply of limited) {
      const retryAfter = Number(reply.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `Retry-After ${reply.headers.get('retry-after')}`).toBe(true);
      expect(reply.body.error).toBeTypeOf('string');
    }
  });
});

describe('podcast episodes on the workers', () => {
  const MAIN = episodeLink(PODCAST_IDS.show, PODCAST_IDS.main, 'trains-kitchens-lighthouses');

  it('one episode: its chunks run on several workers; a worker SIGKILLed mid-chunk has its chunk finished by another; done and charged once; a second account joins it free', { timeout: speechGuardMs(EPISODE_SECONDS, { engineRtf, passes: 2, overheadMs: 120_000 }) }, async () => {
    const [payer, joiner, later] = await Promise.all([newKey('plus', 30), newKey('plus', 20), newKey('plus', 20)]);
    const submitted = await post(node(0), '/api/podcast/transcript', payer.key, { url: MAIN });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(202);
    const jobId = submitted.body.jobId as string;
    expect(await balanceAt(1, payer.key)).toBe(20); // 1:58 reserves 10, seen from the other node

    // The first worker to start a chunk is killed in the middle of it: no stop, no release.
    const starts = await Promise.race(team.workers.map((w) => w.waitFor((l) => l.event === 'chunk.start').then((line) => ({ worker: w, line }))));
    const victim: WorkerProcess = starts.worker;
    const victimChunk = starts.line.chunk as number;
    await victim.kill('SIGKILL');

    // Another account submits the same episode on the other node while it runs: it joins, free.
    const joined = await post(node(1), '/api/podcast/transcript', joiner.key, { url: MAIN });
    expect(joined.status).toBe(202);
    expect(joined.body.jobId).not.toBe(jobId);
    expect(await balanceAt(0, joiner.key)).toBe(20);

    const records = await pollJob(1, payer.key, jobId);
    const done = records.at(-1) as Record<string, unknown>;
    expect(done.status, JSON.stringify(done)).toBe('done');
    expect(wordErrorRate(episodeText(), String(done.transcript))).toBeLessThan(0.6);
    const total = (done.progress as { chunksTotal: number }).chunksTotal;
    expect(total).toBeGreaterThanOrEqual(3);
    // Charged once, at the real price, whichever node is asked; the joiner paid nothing.
    expect(await balanceAt(0, payer.key)).toBe(20);
    expect(done.credits).toBe(20);
    const payerAccount = (await store.keys.find(payer.key))?.accountId ?? -1;
    expect(await store.credits.sumOfEntries(payerAccount)).toBe(20);
    expect(await balanceAt(1, joiner.key)).toBe(20);
    const joinedRecord = (await call(node(0), 'GET', `/api/podcast/jobs/${joined.body.jobId as string}`, { key: joiner.key })).body;
    expect(joinedRecord).toMatchObject({ status: 'done', transcript: done.transcript });

    // Per chunk, who finished it: at least two workers, and never the killed one for its chunk.
    const taskKey = `podcast:${(parseAny(MAIN) as { canonicalKey: string }).canonicalKey}`;
    const runs = await store.chunkWork.runs(taskKey);
    expect(runs).toHaveLength(total);
    expect(new Set(runs.map((r) => r.worker)).size).toBeGreaterThanOrEqual(2);
    const retried = runs.find((r) => r.index === victimChunk);
    expect(retried?.worker).not.toBe(victim.name);
    expect(retried?.attempt).toBeGreaterThanOrEqual(1);
    // The chunk audio handed over through the database is gone once the episode is done.
    for (const run of runs) expect(await store.chunkWork.audio(taskKey, run.index)).toBeUndefined();

    // Once done, another account's submit is a free, deduplicated answer.
    const deduped = await post(node(1), '/api/podcast/transcript', later.key, { url: MAIN });
    expect(deduped.status).toBe(200);
    expect(deduped.body).toMatchObject({ status: 'done', deduped: true, transcript: done.transcript });
    expect(await balanceAt(0, later.key)).toBe(20);
  });

  it("a worker's SIGTERM mid-chunk, past its grace: it hands the chunk back and exits 0 at once; another worker redoes it; done, charged once", { timeout: speechGuardMs(EPISODE_SECONDS, { engineRtf, passes: 2, overheadMs: 120_000 }) }, async () => {
    // No grace (pg-boss waits 1 s at least): the chunk in hand is handed back.
    const leaving = await team.startWorker('w4', ['--stop-grace-seconds', '0']);
    const { key } = await newKey('plus', 30);
    const url = episodeLink(PODCAST_IDS.show, PODCAST_IDS.noDuration, 'no-duration');
    const episodeKey = (parseAny(url) as { canonicalKey: string }).canonicalKey;
    // Only the leaving worker takes this episode's jobs until it is asked to stop.
    const others = team.workers.filter((w) => w !== leaving && w.running());
    await Promise.all(others.map((w) => w.kill('SIGSTOP')));
    let submitted: Reply;
    let reserved: number;
    try {
      submitted = await post(node(0), '/api/podcast/transcript', key, { url });
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(202);
      reserved = 30 - (await balanceAt(1, key));
      expect(reserved).toBeGreaterThan(0);
      const start = await leaving.waitFor((l) => l.event === 'chunk.start' && l.episode === episodeKey);
      // Its engine is paused, so the chunk cannot finish inside the grace, however fast this machine is.
      await pauseEngine(leaving);
      const askedAt = Date.now();
      await leaving.kill('SIGTERM');
      expect(await leaving.exited).toBe(0);
      expect(Date.now() - askedAt).toBeLessThan(5000);
      expect(leaving.lines.find((l) => l.event === 'stopped')).toMatchObject({ finished: 0, released: 1 });
      expect(leaving.lines.find((l) => l.event === 'job.released')).toMatchObject({ queue: 'stt-chunk', episode: episodeKey });
      expect(leaving.lines.some((l) => l.event === 'chunk.done' && l.episode === episodeKey && l.chunk === start.chunk)).toBe(false);
    } finally {
      await Promise.all(others.map((w) => w.kill('SIGCONT')));
    }

    const done = (await pollJob(1, key, submitted.body.jobId as string)).at(-1) as Record<string, unknown>;
    expect(done.status, JSON.stringify(done)).toBe('done');
    const runs = await store.chunkWork.runs(`podcast:${episodeKey}`);
    expect(runs.length).toBeGreaterThanOrEqual(1);
    for (const run of runs) expect(run.worker).not.toBe('w4');
    expect(runs.some((r) => r.attempt >= 1)).toBe(true);
    const price = 30 - (done.credits as number);
    expect(price).toBeGreaterThan(0);
    expect(price).toBeLessThanOrEqual(reserved);
    expect(await balanceAt(0, key)).toBe(30 - price);
    const account = (await store.keys.find(key))?.accountId ?? -1;
    expect(await store.credits.sumOfEntries(account)).toBe(30 - price);
  });

  it('an episode whose enclosure is gone fails, and its reservation comes back', { timeout: POLLED_JOB_GUARD_MS }, async () => {
    const { key } = await newKey('plus', 15);
    const submitted = await post(node(1), '/api/podcast/transcript', key, { url: episodeLink(PODCAST_IDS.show, PODCAST_IDS.failing, 'gone') });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(202);
    expect(await balanceAt(0, key)).toBe(5);
    const records = await pollJob(0, key, submitted.body.jobId as string);
    const failed = records.at(-1) as { status: string; error: { code: string; message: string } };
    expect(failed.status).toBe('failed');
    expect(failed.error.code).toBe('transcription_failed');
    expect(failed.error.message).toMatch(/could not be downloaded.*404/i);
    expect(await balanceAt(1, key)).toBe(15);
  });
});

describe('a clip without captions', () => {
  it("an X video's speech-to-text runs on a worker, not on the API node, and is charged once", { timeout: clipGuardMs() }, async () => {
    const { key } = await newKey('credits', 3);
    const before = team.workers.flatMap((w) => w.lines).filter((l) => l.event === 'media.done').length;
    const reply = await post(node(0), '/api/microblog/transcript', key, { url: `https://x.com/harborfilms/status/${X_IDS.video}` });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expectClipSpeech(reply.body.transcript);
    expect(team.workers.flatMap((w) => w.lines).filter((l) => l.event === 'media.done').length).toBe(before + 1);
    expect(await balanceAt(1, key)).toBe(2);
  });
});

describe('a node goes down', () => {
  it('SIGKILL of an API node: the other keeps answering, with the same balances', async () => {
    const { key } = await newKey('credits', 4);
    expect((await post(node(0), '/api/longform/transcript', key, { url: 'https://youtu.be/okTeamDown1' })).status).toBe(200);
    await team.nodes[0]?.kill();
    expect(await balanceAt(1, key)).toBe(3);
    const reply = await post(node(1), '/api/longform/transcript', key, { url: 'https://youtu.be/okTeamDown2' });
    expect(reply.status).toBe(200);
    expect(reply.body.credits).toBe(2);
    // The first node's transcript is in the shared cache: free on the other node.
    const cached = await post(node(1), '/api/longform/transcript', key, { url: 'https://youtu.be/okTeamDown1' });
    expect(cached.body).toMatchObject({ cached: true, credits: 2 });
  });
});

/** SIGSTOPs the speech engine process a worker runs for its chunk (waiting for it to appear): the chunk cannot finish. */
async function pauseEngine(worker: WorkerProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const engine = groupMembers(worker.pid).find((pid) => pid !== worker.pid && commandLine(pid).some((arg) => arg.includes('pocketsphinx')));
    if (engine !== undefined) {
      process.kill(engine, 'SIGSTOP');
      return;
    }
    if (Date.now() > deadline) throw new Error(`worker ${worker.name} ran no engine process within 10 s`);
    await sleep(10);
  }
}
