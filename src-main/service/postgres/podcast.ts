// Podcast jobs and the shared work on each episode, on PostgreSQL (ledger/podcastJobRecords.ts and
// ledger/podcastWork.ts are the SQLite twins). Every step that moves credits is one transaction
// with the state change it pays for (a job is never done without its charge nor failed without its
// refund), under the store's lock so a submit's "does the episode exist?" holds until it writes.
import { provenanceColumn } from '../store/provenanceColumn';
import type { PodcastJobRecordStore, PodcastJobSummary, PodcastWorkStore } from '../store/podcast';
import { pgCredits } from './credits';
import { WORDS, wordsOf } from './library';
import { episodeRecordOf, episodeWorkOf, jobViewOf, newJobId, type EpisodeRecordRow, type EpisodeRow, type JobRow } from '../store/rows';
import type { Sql } from './sql';

const SELECT_JOB = `SELECT j.id, j.account_id, j.status, j.reserved, j.created_at, j.completed_at, e.episode_key, e.title, e.show_title,
         e.artwork_url, e.duration_seconds, e.chunks_done, e.chunks_total, e.transcript, e.source,
         COALESCE(j.error_message, e.error_message) AS error_message, e.started_at,
         CASE WHEN e.status = 'processing' AND e.started_at IS NULL THEN
           (SELECT COUNT(*) FROM podcast_episodes o WHERE o.status = 'processing' AND (o.created_at, o.seq) < (e.created_at, e.seq))
         ELSE 0 END AS ahead
  FROM podcast_jobs j JOIN podcast_episodes e ON e.episode_key = j.episode_key`;

export function pgPodcastJobs(sql: Sql): PodcastJobRecordStore {
  return {
    // A job of another account is missing, never forbidden: ids are not an oracle.
    async get(jobId, accountId) {
      const [row] = await sql.query<JobRow>(`${SELECT_JOB} WHERE j.id = $1`, [jobId]);
      return row === undefined || row.account_id !== accountId ? undefined : jobViewOf(row);
    },
    async episode(key) {
      const [r] = await sql.query<EpisodeRecordRow>('SELECT episode_key, status, title, show_title, audio_url, transcript, segments, provenance, created_at, completed_at FROM podcast_episodes WHERE episode_key = $1', [key]);
      return r && episodeRecordOf(r);
    },
    // The cards never show a transcript: the list leaves it out instead of reading 200 of them.
    async listForAccount(accountId, limit = 200) {
      const rows = await sql.query<JobRow>(`${SELECT_JOB.replace('e.transcript,', 'NULL AS transcript,')} WHERE j.account_id = $1 ORDER BY j.created_at DESC, j.seq DESC LIMIT $2`, [accountId, limit]);
      return rows.map((r): PodcastJobSummary => {
        const { episode, ...job } = jobViewOf(r);
        const { transcript: _none, ...summary } = episode;
        return { ...job, episode: summary };
      });
    },
  };
}

const waitingJobs = (s: Sql, key: string) =>
  s.query<{ id: string; account_id: number; reserved: number }>("SELECT id, account_id, reserved FROM podcast_jobs WHERE episode_key = $1 AND status = 'processing' ORDER BY seq FOR UPDATE", [key]);

const liveJobs = async (s: Sql, key: string) => (await s.query<{ n: number }>("SELECT COUNT(*) AS n FROM podcast_jobs WHERE episode_key = $1 AND status = 'processing'", [key]))[0]?.n ?? 0;

export function pgPodcastWork(sql: Sql): PodcastWorkStore {
  const episode = async (s: Sql, key: string) => {
    const [row] = await s.query<EpisodeRow>('SELECT * FROM podcast_episodes WHERE episode_key = $1', [key]);
    return row && episodeWorkOf(row);
  };
  return {
    episode: (key) => episode(sql, key),
    async jobOf(accountId, key, status) {
      const [row] = await sql.query<{ id: string }>('SELECT id FROM podcast_jobs WHERE account_id = $1 AND episode_key = $2 AND status = $3 ORDER BY created_at DESC, seq DESC LIMIT 1', [accountId, key, status]);
      return row?.id;
    },
    async addFreeJob(accountId, key, status) {
      const id = newJobId();
      const now = Date.now();
      await sql.query('INSERT INTO podcast_jobs (id, account_id, episode_key, reserved, status, created_at, completed_at) VALUES ($1, $2, $3, 0, $4, $5, $6)', [id, accountId, key, status, now, status === 'done' ? now : null]);
      return id;
    },
    // New or failed before: reserve and (re)start in one transaction; another submit may have got
    // there first (`exists`, nothing written).
    start: (accountId, facts, price) =>
      sql.unit(async (s) => {
        const existing = await episode(s, facts.key);
        if (existing !== undefined && existing.status !== 'failed') return { ok: false, reason: 'exists', status: existing.status };
        const jobId = newJobId();
        const reserved = await pgCredits(s).reserve(accountId, price, jobId, `podcast ${facts.key}`);
        if (!reserved.ok) return { ok: false, reason: 'insufficient', balance: reserved.balance };
        const now = Date.now();
        await s.query(
          `INSERT INTO podcast_episodes (episode_key, status, title, show_title, artwork_url, duration_seconds, audio_url, transcript_url, transcript_type, episode_url, created_at)
           VALUES ($1, 'processing', $2, $3, $4, $5, $6, $7, $8, $9, $10)
           ON CONFLICT (episode_key) DO UPDATE SET status = 'processing', title = excluded.title, show_title = excluded.show_title,
             artwork_url = excluded.artwork_url, duration_seconds = excluded.duration_seconds, audio_url = excluded.audio_url,
             transcript_url = excluded.transcript_url, transcript_type = excluded.transcript_type, episode_url = excluded.episode_url,
             chunks_done = 0, chunks_total = 0, chunks_reused = 0, transcript = NULL, segments = NULL, source = NULL, provenance = NULL,
             error_message = NULL, runner_pid = NULL, started_at = NULL, created_at = excluded.created_at, completed_at = NULL`,
          [facts.key, facts.title, facts.showTitle, facts.artworkUrl, Math.round(facts.durationSeconds), facts.audioUrl, facts.transcriptUrl, facts.transcriptType, facts.episodeUrl, now],
        );
        await s.query("INSERT INTO podcast_jobs (id, account_id, episode_key, reserved, status, created_at) VALUES ($1, $2, $3, $4, 'processing', $5)", [jobId, accountId, facts.key, price, now]);
        return { ok: true, jobId };
      }, true),
    async processing() {
      const rows = await sql.query<{ episode_key: string; runner_pid: number | null }>("SELECT episode_key, runner_pid FROM podcast_episodes WHERE status = 'processing' ORDER BY created_at, seq");
      return rows.map((r) => ({ key: r.episode_key, runnerPid: r.runner_pid }));
    },
    // Compare-and-set in one statement: free, already this runner's, or held by the one the caller found gone.
    async claim(key, pid, staleRunner) {
      const rows = await sql.query(
        `UPDATE podcast_episodes SET runner_pid = $2, started_at = COALESCE(started_at, $4)
         WHERE episode_key = $1 AND status = 'processing' AND (runner_pid IS NULL OR runner_pid = $2 OR runner_pid = $3) RETURNING episode_key`,
        [key, pid, staleRunner, Date.now()],
      );
      return rows.length === 1;
    },
    async release(key, pid) {
      await sql.query('UPDATE podcast_episodes SET runner_pid = NULL WHERE episode_key = $1 AND runner_pid = $2', [key, pid]);
    },
    async setProgress(key, chunksDone, chunksTotal) {
      await sql.query("UPDATE podcast_episodes SET chunks_done = $2, chunks_total = $3 WHERE episode_key = $1 AND status = 'processing'", [key, chunksDone, chunksTotal]);
    },
    async setDuration(key, seconds) {
      await sql.query("UPDATE podcast_episodes SET duration_seconds = $2 WHERE episode_key = $1 AND status = 'processing'", [key, Math.round(seconds)]);
    },
    liveJobs: (key) => liveJobs(sql, key),
    finish: (key, result) =>
      sql.unit(async (s) => {
        const now = Date.now();
        const [done] = await s.query<{ title: string }>(
          `UPDATE podcast_episodes SET status = 'done', transcript = $2, segments = $3, source = $4, duration_seconds = $5, chunks_total = $6, chunks_done = $6,
             chunks_reused = $7, runner_pid = NULL, completed_at = $8, provenance = $9::jsonb WHERE episode_key = $1 AND status = 'processing' RETURNING title`,
          [key, result.transcript, JSON.stringify(result.segments), result.source, Math.round(result.durationSeconds), result.chunksTotal, result.chunksReused, now, provenanceColumn(result.provenance)],
        );
        // Finished or failed already (a second worker's late merge, a cancel that won): nothing to settle twice.
        if (done === undefined) return [];
        // In the library from now on, words indexed in this same write.
        await s.query(
          `INSERT INTO library_entries (kind, platform, ref_key, created_at, words) VALUES ('episode', 'podcast', $3, $4, ${WORDS})
           ON CONFLICT (kind, platform, ref_key) DO UPDATE SET created_at = excluded.created_at, words = excluded.words`,
          [...wordsOf(done.title, result.transcript), key, now],
        );
        const jobs = await waitingJobs(s, key);
        await s.query("UPDATE podcast_jobs SET status = 'done', completed_at = $2 WHERE episode_key = $1 AND status = 'processing'", [key, now]);
        const credits = pgCredits(s);
        const settled: { accountId: number; jobId: string; charged: number }[] = [];
        for (const job of jobs) if (job.reserved > 0) settled.push({ accountId: job.account_id, jobId: job.id, charged: (await credits.settle(job.account_id, job.id, result.price)).charged });
        return settled;
      }, true),
    fail: (key, message) =>
      sql.unit(async (s) => {
        const now = Date.now();
        // Only work still going fails: a done episode stays done (a dead-lettered copy of a job that already settled).
        const failed = await s.query("UPDATE podcast_episodes SET status = 'failed', error_message = $2, runner_pid = NULL, completed_at = $3 WHERE episode_key = $1 AND status = 'processing' RETURNING episode_key", [key, message, now]);
        if (failed.length === 0) return;
        const jobs = await waitingJobs(s, key);
        await s.query("UPDATE podcast_jobs SET status = 'failed', error_message = $2, completed_at = $3 WHERE episode_key = $1 AND status = 'processing'", [key, message, now]);
        const credits = pgCredits(s);
        for (const job of jobs) if (job.reserved > 0) await credits.refund(job.account_id, job.id, `podcast ${key} failed`);
      }, true),
    // One account gives up its job (refunded); the episode goes with it when nobody waits on it any more.
    cancel: (accountId, jobId) =>
      sql.unit(async (s) => {
        const [job] = await s.query<{ id: string; episode_key: string; reserved: number }>(
          "SELECT id, episode_key, reserved FROM podcast_jobs WHERE id = $1 AND account_id = $2 AND status = 'processing' FOR UPDATE",
          [jobId, accountId],
        );
        if (job === undefined) return { cancelled: false, abandonedEpisode: null };
        const now = Date.now();
        await s.query("UPDATE podcast_jobs SET status = 'failed', error_message = 'Cancelled', completed_at = $2 WHERE id = $1", [job.id, now]);
        if (job.reserved > 0) await pgCredits(s).refund(accountId, job.id, 'podcast job cancelled');
        if ((await liveJobs(s, job.episode_key)) > 0) return { cancelled: true, abandonedEpisode: null };
        await s.query("UPDATE podcast_episodes SET status = 'failed', error_message = 'Cancelled', runner_pid = NULL, completed_at = $2 WHERE episode_key = $1", [job.episode_key, now]);
        return { cancelled: true, abandonedEpisode: job.episode_key };
      }, true),
  };
}
