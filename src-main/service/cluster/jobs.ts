// What the team server's jobs carry (pg-boss stores it as JSON): only keys and URLs, never audio
// (chunk audio goes through the store's hand-over table) nor anything a log must not show.
import type { Segment } from '#shared/transcript';
import type { SttErrorCode } from '../stt/errors';

/** prepare, merge and the dead-letter copies of either. */
export interface EpisodeJob {
  episode: string;
  /** The speech-to-text task that holds the episode's plan and finished chunks. */
  taskKey: string;
}

export interface ChunkJob extends EpisodeJob {
  index: number;
}

export const episodeTaskKey = (episode: string) => `podcast:${episode}`;

/** A synchronous clip's transcription (platforms/speech.ts), which an API node waits on. */
export interface MediaJob {
  url: string;
  taskKey: string;
  maxDurationSeconds?: number;
  maxDownloadBytes?: number;
  headers?: Record<string, string>;
  language?: string;
}

/**
 * A media job's output. A failure that another try would not change (too long, no sound, a URL
 * that cannot be had) completes the job with it: the API node answers at once, nothing retried.
 */
export type MediaOutput =
  | { ok: true; text: string; segments: Segment[]; durationSeconds: number; engine: string; chunksTotal: number }
  | { ok: false; code: SttErrorCode; message: string };
