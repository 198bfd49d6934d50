import type Database from 'better-sqlite3';
import type { Segment } from '#shared/transcript';
import type { EpisodeRecord, JobStatus, PodcastJobSummary, PodcastJobView } from '../store/podcast';


interface Row {
  id: string;
  account_id: number;
  status: JobStatus;
  reserved: number;
  created_at: number;
  completed_at: number | null;
  episode_key: string;
  title: string;
  show_title: string;
  artwork_url: string;
  duration_seconds: number;
  chunks_done: number;
  chunks_total: number;
  transcript: string | null;
  source: 'publisher' | 'ai' | null;
  error_message: string | null;
  started_at: number | null;
  ahead: number;
}


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
    this.byId = db.prepare<[string], Row>(`${SELECT_JOB} WHERE j.id = ?`);
    this.episodeByKey = db.prepare<[string], { episode_key: string; status: JobStatus; title: string; show_title: string; audio_url: string | null; transcript: string | null; segments: string | null; created_at: number; completed_at: number | null }>(
      'SELECT episode_key, status, title, show_title, audio_url, transcript, segments, created_at, completed_at FROM podcast_episodes WHERE episode_key = ?',
    );
    // The cards never show a transcript: the list leaves it out (NULL) instead of reading 200 of them.
    this.ofAccount = db.prepare<[number, number], Row>(`${SELECT_JOB.replace('e.transcript,', 'NULL AS transcript,')} WHERE j.account_id = ? ORDER BY j.created_at DESC, j.rowid DESC LIMIT ?`);
  }

  /** A job of another account is reported as missing, never as forbidden: ids are not an oracle. */
  get(jobId: string, accountId: number): PodcastJobView | undefined {
    const r = this.byId.get(jobId);
    if (r === undefined || r.account_id !== accountId) return undefined;
    return toView(r);
  }

  episode(key: string): EpisodeRecord | undefined {
    const r = this.episodeByKey.get(key);
    return r && { key: r.episode_key, status: r.status, title: r.title, showTitle: r.show_title, audioUrl: r.audio_url, transcript: r.transcript, segments: timedLines(r.segments), createdAt: r.created_at, completedAt: r.completed_at };
  }

  /** An account's jobs, newest first (the desk's job cards). */
  listForAccount(accountId: number, limit = 200): PodcastJobSummary[] {
    return this.ofAccount.all(accountId, limit).map((r) => {
      const { episode, ...job } = toView(r);
      const { transcript: _none, ...summary } = episode;
      return { ...job, episode: summary };
    });
  }
}

/** Stored segments; an empty list (a publisher's plain-text transcript) is no timing at all. */
function timedLines(json: string | null): Segment[] | null {
  if (json === null) return null;
  const segments = JSON.parse(json) as Segment[];
  return segments.length > 0 ? segments : null;
}

function toView(r: Row): PodcastJobView {
  return {
    jobId: r.id,
    accountId: r.account_id,
    status: r.status,
    reserved: r.reserved,
    createdAt: r.created_at,
    completedAt: r.completed_at,
    episode: {
      key: r.episode_key,
      title: r.title,
      showTitle: r.show_title,
      artworkUrl: r.artwork_url,
      durationSeconds: r.duration_seconds,
      chunksDone: r.chunks_done,
      chunksTotal: r.chunks_total,
      transcript: r.transcript,
      source: r.source,
      errorMessage: r.error_message,
      startedAt: r.started_at,
      ahead: r.ahead,
    },
  };
}
