import type Database from 'better-sqlite3';
import type { EpisodeRecord, PodcastJobSummary, PodcastJobView } from '../store/podcast';
import { episodeRecordOf, jobViewOf, type EpisodeRecordRow, type JobRow } from '../store/rows';

/** Read side of the podcast tables; the job runner of the podcast issue writes them. */
const SELECT_JOB = `SELECT j.id, j.account_id, j.status, j.reserved, j.created_at, j.completed_at, e.episode_key, e.title, e.show_title,
         e.artwork_url, e.duration_seconds, e.chunks_done, e.chunks_total, e.transcript, e.source,
         COALESCE(j.error_message, e.error_message) AS error_message, e.started_at,
         CASE WHEN e.status = 'processing' AND e.started_at IS NULL THEN
           (SELECT COUNT(*) FROM podcast_episodes o WHERE o.status = 'processing' AND (o.created_at < e.created_at OR (o.created_at = e.created_at AND o.rowid < e.rowid)))
         ELSE 0 END AS ahead
  FROM podcast_jobs j JOIN podcast_episodes e ON e.episode_key = j.episode_key`;

export class PodcastJobRecords {
  private readonly byId;
  private readonly ofAccount;
  private readonly episodeByKey;

  constructor(db: Database.Database) {
    this.byId = db.prepare<[string], JobRow>(`${SELECT_JOB} WHERE j.id = ?`);
    this.episodeByKey = db.prepare<[string], EpisodeRecordRow>(
      'SELECT episode_key, status, title, show_title, audio_url, transcript, segments, provenance, created_at, completed_at FROM podcast_episodes WHERE episode_key = ?',
    );
    // The cards never show a transcript: the list leaves it out (NULL) instead of reading 200 of them.
    this.ofAccount = db.prepare<[number, number], JobRow>(`${SELECT_JOB.replace('e.transcript,', 'NULL AS transcript,')} WHERE j.account_id = ? ORDER BY j.created_at DESC, j.rowid DESC LIMIT ?`);
  }

  /** A job of another account is reported as missing, never as forbidden: ids are not an oracle. */
  get(jobId: string, accountId: number): PodcastJobView | undefined {
    const r = this.byId.get(jobId);
    if (r === undefined || r.account_id !== accountId) return undefined;
    return jobViewOf(r);
  }

  episode(key: string): EpisodeRecord | undefined {
    const r = this.episodeByKey.get(key);
    return r && episodeRecordOf(r);
  }

  /** An account's jobs, newest first (the desk's job cards). */
  listForAccount(accountId: number, limit = 200): PodcastJobSummary[] {
    return this.ofAccount.all(accountId, limit).map((r) => {
      const { episode, ...job } = jobViewOf(r);
      const { transcript: _none, ...summary } = episode;
      return { ...job, episode: summary };
    });
  }
}
