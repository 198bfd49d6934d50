// Podcast job records as the podcast runner writes them: rows in podcast_episodes and podcast_jobs
// (migration 001) and the reservation in the credit ledger. The desk's unit tests use them to put
// a job in an exact state (a chunk count, a settle price, a failure text) in milliseconds, without
// speech-to-text; the Playwright tests and the demo run real jobs through the podcast runner.
import type { Ledger } from '#service/ledger/index';

export interface EpisodeFixture {
  jobId: string;
  accountId: number;
  episodeKey: string;
  title: string;
  showTitle: string;
  artworkUrl?: string;
  durationSeconds: number;
  chunksTotal: number;
  reserved: number;
  createdAt?: number;
}

export function insertProcessingJob(ledger: Ledger, job: EpisodeFixture): void {
  const created = job.createdAt ?? Date.now();
  ledger.transaction(() => {
    ledger.db
      .prepare(
        `INSERT INTO podcast_episodes (episode_key, status, title, show_title, artwork_url, duration_seconds, audio_url, chunks_done, chunks_total, created_at)
         VALUES (?, 'processing', ?, ?, ?, ?, ?, 0, ?, ?)`,
      )
      .run(job.episodeKey, job.title, job.showTitle, job.artworkUrl ?? 'https://is1-ssl.mzstatic.com/image/thumb/Podcasts/fixture/600x600bb.jpg', job.durationSeconds, `https://traffic.example-podcasts.com/${job.episodeKey}.mp3`, job.chunksTotal, created);
    ledger.db.prepare(`INSERT INTO podcast_jobs (id, account_id, episode_key, reserved, status, created_at) VALUES (?, ?, ?, ?, 'processing', ?)`).run(job.jobId, job.accountId, job.episodeKey, job.reserved, created);
    ledger.credits.reserve(job.accountId, job.reserved, job.jobId, 'podcast job (fixture)');
  });
}

export function advanceJob(ledger: Ledger, episodeKey: string, chunksDone: number): void {
  ledger.db.prepare('UPDATE podcast_episodes SET chunks_done = ? WHERE episode_key = ?').run(chunksDone, episodeKey);
}

/** Done: the transcript is stored and the reservation settles at `price`. */
export function finishJob(ledger: Ledger, job: Pick<EpisodeFixture, 'jobId' | 'accountId' | 'episodeKey'>, transcript: string, price: number): void {
  ledger.transaction(() => {
    const now = Date.now();
    ledger.db.prepare("UPDATE podcast_episodes SET status = 'done', chunks_done = chunks_total, transcript = ?, source = 'ai', completed_at = ? WHERE episode_key = ?").run(transcript, now, job.episodeKey);
    ledger.db.prepare("UPDATE podcast_jobs SET status = 'done', completed_at = ? WHERE id = ?").run(now, job.jobId);
    ledger.credits.settle(job.accountId, job.jobId, price);
  });
}

/** Failed: the error is stored and the whole reservation refunded. */
export function failJob(ledger: Ledger, job: Pick<EpisodeFixture, 'jobId' | 'accountId' | 'episodeKey'>, message: string): void {
  ledger.transaction(() => {
    ledger.db.prepare("UPDATE podcast_episodes SET status = 'failed', error_message = ? WHERE episode_key = ?").run(message, job.episodeKey);
    ledger.db.prepare("UPDATE podcast_jobs SET status = 'failed' WHERE id = ?").run(job.jobId);
    ledger.credits.refund(job.accountId, job.jobId, 'podcast job failed (fixture)');
  });
}
