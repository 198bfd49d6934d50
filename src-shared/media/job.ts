// A new local media job: what the file is, and everything else at its start (queued, nothing run).
import type { MediaJob } from '../contract/media';

/** What the file is, and the engine expected to transcribe it (the card names it before it starts). */
export type MediaFileFacts = Pick<MediaJob, 'id' | 'name' | 'path' | 'uploaded' | 'title' | 'sizeBytes' | 'durationSeconds' | 'video' | 'engine' | 'sendsTo' | 'createdAt'>;

export function newMediaJob(facts: MediaFileFacts): MediaJob {
  return {
    ...facts,
    status: 'queued',
    stage: null,
    progress: { chunksDone: 0, chunksTotal: 0 },
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
