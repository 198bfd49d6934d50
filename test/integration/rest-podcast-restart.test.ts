// The server killed with SIGKILL in the middle of an episode (a crash, a power cut) and started
// again: the job finishes, the chunks finished before the kill are not transcribed again, the audio
// is fetched again because its scratch copy was lost too, and the credits move exactly once.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { ledgerFile } from '#service/home';
import { Ledger } from '#service/ledger/index';
import { podcastScratch } from '#service/podcast/runner';
import { speechGuardMs } from '../helpers/guards';
import { startHarness, type Harness } from '../helpers/harness';
import { balanceOf, getJob, pollJob, submitEpisode } from '../helpers/podcast';
import { wordErrorRate } from '../helpers/wer';
import { episodeLink, PODCAST_IDS } from '../upstream/hosts/podcasts';
import { EPISODE_SECONDS, episodeText, prepareMedia } from '../upstream/media';

let h: Harness;
const AUDIO = 'https://media.fixture.fm/episodes/main.mp3?source=rss&aid=fixture';

beforeAll(async () => {
  await prepareMedia(inject('speechCache'));
  h = await startHarness(100, { plan: 'plus', mediaDir: inject('speechCache') });
});
afterAll(async () => {
  await h.close();
});

function withLedger<T>(fn: (ledger: Ledger) => T): T {
  const ledger = Ledger.open(ledgerFile(h.home));
  try {
    return fn(ledger);
  } finally {
    ledger.close();
  }
}

// Hang guard: the episode once, and the chunk the kill interrupted again.
it('SIGKILL mid-job, restart: the job finishes from the chunks already done, charged once', { timeout: speechGuardMs(EPISODE_SECONDS, { passes: 2, engineRtf: inject('engineRtf') }) }, async () => {
  const submitted = await submitEpisode(h, h.key.key, episodeLink(PODCAST_IDS.show, PODCAST_IDS.main));
  expect(submitted.status).toBe(202);
  const jobId = submitted.body.jobId as string;
  const before = await pollJob(h, h.key.key, jobId, (r) => ((r.progress as { chunksDone: number } | undefined)?.chunksDone ?? 0) >= 1 || r.status !== 'processing');
  const seen = before.at(-1)?.progress as { chunksDone: number; chunksTotal: number };
  expect(before.at(-1)?.status).toBe('processing');
  expect(seen.chunksDone).toBeLessThan(seen.chunksTotal);
  await h.server.kill();

  const doneBeforeKill = withLedger((ledger) => ledger.sttTasks.get(`podcast:${PODCAST_IDS.main}`)?.chunks.size ?? 0);
  expect(doneBeforeKill).toBeGreaterThanOrEqual(1);
  expect(doneBeforeKill).toBeLessThan(seen.chunksTotal);
  // The scratch copy of the audio is lost as well (a cleaned temp folder): it must be fetched again.
  rmSync(podcastScratch(h.home, PODCAST_IDS.main), { recursive: true, force: true });

  const mark = h.mark();
  await h.restart();
  // The server prints this line right after `listening on`: 5 s only guards against its absence.
  await expect.poll(() => h.server.stdout(), { timeout: 5000 }).toContain(`podcast: resuming 1 episode(s) left processing: ${PODCAST_IDS.main}`);
  const after = await pollJob(h, h.key.key, jobId);
  // Progress never went back to zero: it resumed from the finished chunks.
  for (const record of after.filter((r) => r.status === 'processing')) expect((record.progress as { chunksDone: number }).chunksDone).toBeGreaterThanOrEqual(doneBeforeKill);
  const done = after.at(-1) as Record<string, unknown>;
  expect(done).toMatchObject({ jobId, status: 'done', source: 'ai', credits: 90 });
  expect(wordErrorRate(episodeText(), done.transcript as string)).toBeLessThan(0.45);
  // Printed as the job turns done, which the poll above has seen: 5 s only guards against its absence.
  await expect.poll(() => h.server.stdout(), { timeout: 5000 }).toMatch(new RegExp(`podcast ${PODCAST_IDS.main}: done \\(speech-to-text, \\d+ s, ${seen.chunksTotal} chunks, ${doneBeforeKill} reused from an earlier run\\)`));
  expect(h.requestsSince(mark).filter((u) => u === AUDIO)).toEqual([AUDIO]);

  expect(await balanceOf(h, h.key.key)).toBe(90);
  withLedger((ledger) => {
    const accountId = ledger.keys.list().find((k) => k.prefix === h.key.prefix)?.accountId as number;
    const moves = ledger.credits.entries(accountId).map((e) => ({ kind: e.kind, amount: e.amount, reference: e.reference }));
    expect(moves).toEqual([
      { kind: 'grant', amount: 100, reference: null },
      { kind: 'reserve', amount: -10, reference: jobId },
      { kind: 'settle', amount: 0, reference: jobId },
    ]);
    expect(ledger.sttTasks.get(`podcast:${PODCAST_IDS.main}`)).toBeUndefined();
  });
  expect((await getJob(h, h.key.key, jobId)).body.status).toBe('done');
});
