// Write side of the podcast tables: submits, the runner's progress, and the end of an episode's
// work with the credit moves that go with it (settle the payer, refund on failure), each in one
// transaction so a crash never leaves a job done without its charge or failed without its refund.
import { provenanceColumn } from '../store/provenanceColumn';
import type Database from 'better-sqlite3';
import type { EpisodeFacts, EpisodeWork, FinishedEpisode, JobStatus, StartResult } from '../store/podcast';
import { episodeWorkOf, newJobId, type EpisodeRow } from '../store/rows';
import type { CreditLedger } from './credits';

export class PodcastWork {
  constructor(
    private readonly db: Database.Database,
    private readonly credits: CreditLedger,
  ) {}

  episode(key: string): EpisodeWork | undefined {
    const r = this.db.prepare('SELECT * FROM podcast_episodes WHERE episode_key = ?').get(key) as EpisodeRow | undefined;
    return r && episodeWorkOf(r);
  }

  /** The account's newest job on the episode in this state, if any. */
  jobOf(accountId: number, key: string, status: JobStatus): string | undefined {
    const row = this.db.prepare('SELECT id FROM podcast_jobs WHERE account_id = ? AND episode_key = ? AND status = ? ORDER BY created_at DESC, rowid DESC LIMIT 1').get(accountId, key, status) as
      | { id: string }
      | undefined;
    return row?.id;
  }

  /** A job that reserves nothing: a deduped answer (done) or a submit that joins running work (processing). */
  addFreeJob(accountId: number, key: string, status: 'done' | 'processing'): string {
    const id = newJobId();
    const now = Date.now();
    this.db
      .prepare('INSERT INTO podcast_jobs (id, account_id, episode_key, reserved, status, created_at, completed_at) VALUES (?, ?, ?, 0, ?, ?, ?)')
      .run(id, accountId, key, status, now, status === 'done' ? now : null);
    return id;
  }

  /**
   * Reserves `price` and starts the work on an episode that is new or failed before, in one
   * transaction. Another submit may have started it meanwhile: then nothing is written.
   */
  start(accountId: number, facts: EpisodeFacts, price: number): StartResult {
    return this.db
      .transaction((): StartResult => {
        const existing = this.episode(facts.key);
        if (existing !== undefined && existing.status !== 'failed') return { ok: false, reason: 'exists', status: existing.status };
        const jobId = newJobId();
        const reserved = this.credits.reserve(accountId, price, jobId, `podcast ${facts.key}`);
        if (!reserved.ok) return { ok: false, reason: 'insufficient', balance: reserved.balance };
        const now = Date.now();
        this.db
          .prepare(
            `INSERT INTO podcast_episodes (episode_key, status, title, show_title, artwork_url, duration_seconds, audio_url, transcript_url, transcript_type, episode_url, created_at)
             VALUES (@key, 'processing', @title, @showTitle, @artworkUrl, @durationSeconds, @audioUrl, @transcriptUrl, @transcriptType, @episodeUrl, @now)
             ON CONFLICT (episode_key) DO UPDATE SET status = 'processing', title = excluded.title, show_title = excluded.show_title,
               artwork_url = excluded.artwork_url, duration_seconds = excluded.duration_seconds, audio_url = excluded.audio_url,
               transcript_url = excluded.transcript_url, transcript_type = excluded.transcript_type, episode_url = excluded.episode_url,
               chunks_done = 0, chunks_total = 0, chunks_reused = 0, transcript = NULL, segments = NULL, source = NULL, provenance = NULL,
               error_message = NULL, runner_pid = NULL, started_at = NULL, created_at = excluded.created_at, completed_at = NULL`,
          )
          .run({ ...facts, durationSeconds: Math.round(facts.durationSeconds), now });
        this.db.prepare("INSERT INTO podcast_jobs (id, account_id, episode_key, reserved, status, created_at) VALUES (?, ?, ?, ?, 'processing', ?)").run(jobId, accountId, facts.key, price, now);
        return { ok: true, jobId };
      })
      .immediate();
  }

  /** Episodes still being worked on, oldest first, with the process that last took each. */
  processing(): { key: string; runnerPid: number | null }[] {
    return (this.db.prepare("SELECT episode_key, runner_pid FROM podcast_episodes WHERE status = 'processing' ORDER BY created_at, rowid").all() as { episode_key: string; runner_pid: number | null }[]).map(
      (r) => ({ key: r.episode_key, runnerPid: r.runner_pid }),
    );
  }

  /** Takes the episode for process `pid` unless another live process has it (`alive` decides). */
  claim(key: string, pid: number, alive: (pid: number) => boolean): boolean {
    return this.db
      .transaction(() => {
        const episode = this.episode(key);
        if (episode?.status !== 'processing') return false;
        if (episode.runnerPid !== null && episode.runnerPid !== pid && alive(episode.runnerPid)) return false;
        // The first claim starts the clock; a resumed episode keeps its start.
        this.db.prepare('UPDATE podcast_episodes SET runner_pid = ?, started_at = COALESCE(started_at, ?) WHERE episode_key = ?').run(pid, Date.now(), key);
        return true;
      })
      .immediate();
  }

  release(key: string, pid: number): void {
    this.db.prepare('UPDATE podcast_episodes SET runner_pid = NULL WHERE episode_key = ? AND runner_pid = ?').run(key, pid);
  }

  setProgress(key: string, chunksDone: number, chunksTotal: number): void {
    this.db.prepare("UPDATE podcast_episodes SET chunks_done = ?, chunks_total = ? WHERE episode_key = ? AND status = 'processing'").run(chunksDone, chunksTotal, key);
  }

  setDuration(key: string, seconds: number): void {
    this.db.prepare("UPDATE podcast_episodes SET duration_seconds = ? WHERE episode_key = ? AND status = 'processing'").run(Math.round(seconds), key);
  }

  /** Jobs still waiting on the episode. */
  liveJobs(key: string): number {
    return (this.db.prepare("SELECT COUNT(*) AS n FROM podcast_jobs WHERE episode_key = ? AND status = 'processing'").get(key) as { n: number }).n;
  }

  /** The episode is done: every waiting job with it; each payer settled at the real price. */
  finish(key: string, result: FinishedEpisode): { accountId: number; jobId: string; charged: number }[] {
    return this.db
      .transaction(() => {
        const now = Date.now();
        const { changes } = this.db
          .prepare(
            `UPDATE podcast_episodes SET status = 'done', transcript = ?, segments = ?, source = ?, duration_seconds = ?, chunks_total = ?, chunks_done = ?,
               chunks_reused = ?, runner_pid = NULL, completed_at = ?, provenance = ? WHERE episode_key = ? AND status = 'processing'`,
          )
          .run(result.transcript, JSON.stringify(result.segments), result.source, Math.round(result.durationSeconds), result.chunksTotal, result.chunksTotal, result.chunksReused, now, provenanceColumn(result.provenance), key);
        // Finished or failed already (a late second finish, a cancel that won): nothing to settle twice.
        if (changes === 0) return [];
        const jobs = this.waitingJobs(key);
        this.db.prepare("UPDATE podcast_jobs SET status = 'done', completed_at = ? WHERE episode_key = ? AND status = 'processing'").run(now, key);
        return jobs.filter((j) => j.reserved > 0).map((j) => ({ accountId: j.account_id, jobId: j.id, charged: this.credits.settle(j.account_id, j.id, result.price).charged }));
      })
      .immediate();
  }

  /** The episode failed: every waiting job fails with it, and every payer gets the reservation back. */
  fail(key: string, message: string): void {
    this.db
      .transaction(() => {
        const now = Date.now();
        // Only work still going fails: a done episode stays done.
        const { changes } = this.db.prepare("UPDATE podcast_episodes SET status = 'failed', error_message = ?, runner_pid = NULL, completed_at = ? WHERE episode_key = ? AND status = 'processing'").run(message, now, key);
        if (changes === 0) return;
        const jobs = this.waitingJobs(key);
        this.db.prepare("UPDATE podcast_jobs SET status = 'failed', error_message = ?, completed_at = ? WHERE episode_key = ? AND status = 'processing'").run(message, now, key);
        for (const job of jobs) if (job.reserved > 0) this.credits.refund(job.account_id, job.id, `podcast ${key} failed`);
      })
      .immediate();
  }

  /**
   * One account gives up its job: it fails with "Cancelled" and its reservation comes back. Returns
   * the episode when no job waits on it any more (the caller then stops its work), else null.
   */
  cancel(accountId: number, jobId: string): { cancelled: boolean; abandonedEpisode: string | null } {
    return this.db
      .transaction(() => {
        const job = this.db.prepare("SELECT id, episode_key, reserved FROM podcast_jobs WHERE id = ? AND account_id = ? AND status = 'processing'").get(jobId, accountId) as
          | { id: string; episode_key: string; reserved: number }
          | undefined;
        if (job === undefined) return { cancelled: false, abandonedEpisode: null };
        const now = Date.now();
        this.db.prepare("UPDATE podcast_jobs SET status = 'failed', error_message = 'Cancelled', completed_at = ? WHERE id = ?").run(now, job.id);
        if (job.reserved > 0) this.credits.refund(accountId, job.id, 'podcast job cancelled');
        if (this.liveJobs(job.episode_key) > 0) return { cancelled: true, abandonedEpisode: null };
        this.db.prepare("UPDATE podcast_episodes SET status = 'failed', error_message = 'Cancelled', runner_pid = NULL, completed_at = ? WHERE episode_key = ?").run(now, job.episode_key);
        return { cancelled: true, abandonedEpisode: job.episode_key };
      })
      .immediate();
  }

  private waitingJobs(key: string): { id: string; account_id: number; reserved: number }[] {
    return this.db.prepare("SELECT id, account_id, reserved FROM podcast_jobs WHERE episode_key = ? AND status = 'processing'").all(key) as { id: string; account_id: number; reserved: number }[];
  }
}
