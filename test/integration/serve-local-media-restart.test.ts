// Issue 23: a long local file uploaded to the browser build, the server killed after some of its
// chunks (SIGKILL: no goodbye, as a crash or a pulled plug), started again on the same data home:
// the job is queued again by itself, says it was interrupted, and goes on from the chunks it had,
// without transcribing them again. Nothing is charged at any point.
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, expect, inject, it, vi } from 'vitest';
import { HTTP_RPC_PREFIX, HTTP_SESSION_HEADER, HTTP_SESSION_PATH } from '#shared/contract/desk';
import { HTTP_UPLOAD_PATH, type MediaIntake, type MediaJob } from '#shared/contract/media';
import { startRestartableDesk, type RestartableDesk } from '../e2e/restartableDesk';
import { runCli } from '../helpers/cli';
import { speechGuardMs } from '../helpers/guards';
import { concat, opening, speak } from '../helpers/speech';

/** Two voices reading four sentences each: about 42 s, two pocketsphinx chunks. */
const TWO_VOICES_SECONDS = 45;
const twoVoices = (dir: string) => concat(dir, 'two-voices-opening', (['rms', 'slt'] as const).map((voice) => speak(dir, voice, opening(voice, 4), `${voice}-opening`)));

let desk: RestartableDesk;
beforeEach(async () => {
  desk = await startRestartableDesk();
});
afterEach(() => desk.stop());

async function signIn(): Promise<string> {
  const answer = await fetch(`${desk.url}${HTTP_SESSION_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: desk.url }, body: JSON.stringify({ key: desk.ownerKey }) });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { value: { token: string } }).value.token;
}

async function rpc<T>(session: string, operation: string, input: unknown = {}): Promise<T> {
  const answer = await fetch(`${desk.url}${HTTP_RPC_PREFIX}${operation}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: desk.url, [HTTP_SESSION_HEADER]: session }, body: JSON.stringify(input) });
  const result = (await answer.json()) as { ok: boolean; value: T; error?: { message: string } };
  if (!result.ok) throw new Error(`${operation}: ${result.error?.message}`);
  return result.value;
}

const theJob = async (session: string): Promise<MediaJob> => {
  const { jobs } = await rpc<{ jobs: MediaJob[] }>(session, 'media.list');
  expect(jobs).toHaveLength(1);
  return jobs[0]!;
};

it('goes on from the finished chunks after the server was killed mid-file, and charges nothing', { timeout: speechGuardMs(TWO_VOICES_SECONDS, { engineRtf: inject('engineRtf'), passes: 2, overheadMs: 60_000 }) }, async () => {
  // One chunk at a time, so the kill falls between the two chunks.
  for (const setting of [['stt.engine', 'pocketsphinx'], ['stt.workers', '1']]) expect((await runCli(desk.home, ['settings', 'set', ...setting])).code).toBe(0);
  let session = await signIn();
  const before = await rpc<{ credits: number }>(session, 'balance.get');

  const audio = readFileSync(twoVoices(inject('speechCache')));
  const upload = await fetch(`${desk.url}${HTTP_UPLOAD_PATH}?name=${encodeURIComponent('lecture.wav')}`, { method: 'POST', headers: { origin: desk.url, [HTTP_SESSION_HEADER]: session, 'content-type': 'application/octet-stream' }, body: audio });
  expect(upload.status).toBe(200);
  const intake = (await upload.json()) as MediaIntake;
  expect(intake.files).toEqual([{ name: 'lecture.wav', jobId: expect.any(String) as string, error: null }]);

  const guard = speechGuardMs(TWO_VOICES_SECONDS, { engineRtf: inject('engineRtf') });
  const atKill = await vi.waitFor(
    async () => {
      const job = await theJob(session);
      expect(job.progress.chunksDone).toBeGreaterThanOrEqual(1);
      return job;
    },
    { timeout: guard, interval: 50 },
  );
  expect(atKill.progress.chunksDone).toBeLessThan(atKill.progress.chunksTotal);
  await desk.kill();
  await desk.start();
  session = await signIn();

  const again = await theJob(session);
  expect(again).toMatchObject({ id: atKill.id, interrupted: true, name: 'lecture.wav', uploaded: true });
  const done = await vi.waitFor(
    async () => {
      const job = await theJob(session);
      expect(job.status).toBe('done');
      return job;
    },
    { timeout: guard, interval: 200 },
  );
  // The chunks finished before the kill were taken from the store, not transcribed again.
  expect(done.chunksKept).toBeGreaterThanOrEqual(atKill.progress.chunksDone);
  expect(done.chunksKept).toBeLessThan(done.progress.chunksTotal);
  expect(done.interrupted).toBe(true);
  expect((await rpc<{ credits: number }>(session, 'balance.get')).credits).toBe(before.credits);
  const found = await rpc<{ entries: { title: string; platform: string }[] }>(session, 'library.search', { query: '', platform: 'local' });
  expect(found.entries).toEqual([expect.objectContaining({ title: 'lecture', platform: 'local' })]);
});
