// The rows both stores' tables share (the same columns in SQLite and PostgreSQL) and how each
// becomes the port's record: one mapping, so the two stores cannot drift apart in what they answer.
import { provenanceOfColumn } from './provenanceColumn';
import { randomUUID } from 'node:crypto';
import type { QueueItem, QueueStatus } from '#shared/contract/queue';
import type { PlatformToken } from '#shared/platforms';
import type { Segment } from '#shared/transcript';
import type { EpisodeRecord, EpisodeWork, JobStatus, PodcastJobView } from './podcast';

export const newJobId = () => `job_${randomUUID().replaceAll('-', '')}`;

export interface QueueRow {
  id: string;
  position: number;
  url: string;
  platform: PlatformToken | null;
  item_id: string | null;
  canonical_key: string | null;
  status: QueueStatus;
  error: string | null;
  message: string | null;
  http_status: number | null;
  title: string | null;
  credits: number;
  count: number;
  job_id: string | null;
  result_kind: 'transcript' | 'episode' | null;
  result_key: string | null;
  created_at: number;
  updated_at: number;
}

export function queueItemOf(r: QueueRow): QueueItem {
  const transcript =
    r.result_key === null || r.result_kind === null
      ? null
      : r.result_kind === 'episode'
        ? { kind: 'episode' as const, key: r.result_key }
        : r.platform === null
          ? null
          : { kind: 'transcript' as const, platform: r.platform, key: r.result_key };
  return {
    id: r.id,
    position: r.position,
    url: r.url,
    platform: r.platform,
    itemId: r.item_id,
    canonicalKey: r.canonical_key,
    status: r.status,
    error: r.error,
    message: r.message,
    httpStatus: r.http_status,
    title: r.title,
    credits: r.credits,
    count: r.count,
    jobId: r.job_id,
    transcript,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

export interface JobRow {
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

/** Stored segments; an empty list (a publisher's plain-text transcript) is no timing at all. */
export function timedLines(json: string | null): Segment[] | null {
  if (json === null) return null;
  const segments = JSON.parse(json) as Segment[];
  return segments.length > 0 ? segments : null;
}

export function jobViewOf(r: JobRow): PodcastJobView {
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

export interface EpisodeRow {
  episode_key: string;
  status: JobStatus;
  title: string;
  show_title: string;
  duration_seconds: number;
  audio_url: string | null;
  transcript_url: string | null;
  transcript_type: string | null;
  runner_pid: number | null;
  created_at: number;
}

export const episodeWorkOf = (r: EpisodeRow): EpisodeWork => ({
  key: r.episode_key,
  status: r.status,
  title: r.title,
  showTitle: r.show_title,
  durationSeconds: r.duration_seconds,
  audioUrl: r.audio_url,
  transcriptUrl: r.transcript_url,
  transcriptType: r.transcript_type,
  runnerPid: r.runner_pid,
  createdAt: r.created_at,
});

export interface EpisodeRecordRow {
  episode_key: string;
  status: JobStatus;
  title: string;
  show_title: string;
  audio_url: string | null;
  transcript: string | null;
  segments: string | null;
  /** JSON text (SQLite) or parsed JSONB (PostgreSQL). */
  provenance: unknown;
  created_at: number;
  completed_at: number | null;
}

export const episodeRecordOf = (r: EpisodeRecordRow): EpisodeRecord => ({
  key: r.episode_key,
  status: r.status,
  title: r.title,
  showTitle: r.show_title,
  audioUrl: r.audio_url,
  transcript: r.transcript,
  segments: timedLines(r.segments),
  provenance: provenanceOfColumn(r.provenance),
  createdAt: r.created_at,
  completedAt: r.completed_at,
});
