// A new local media job: what the file is, and everything else at its start (queued, nothing run).
import type { MediaJob } from '../contract/media';

export type MediaFileFacts = Pick<MediaJob, 'id' | 'name' | 'path' | 'uploaded' | 'title' | 'sizeBytes' | 'durationSeconds' | 'video' | 'sendsTo' | 'createdAt'>;

export function newMediaJob(facts: MediaFileFacts): MediaJob {
  return {
    ...facts,
    status: 'queued',
    stage: null,
    progress: { chunksDone: 0, chunksTotal: 0 },
    engine: null,
    chunksKept: 0,
    interrupted: false,
    startedAt: null,
    finishedAt: null,
    runMs: 0,
    runningSince: null,
    error: null,
    transcriptKey: null,
  };
}
