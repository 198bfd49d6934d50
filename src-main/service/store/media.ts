// Local media jobs (the desk's dropped audio and video files) as the store port keeps them: one
// record per file, so a restarted app shows its cards and resumes what was running. The chunks a
// job has finished are its speech-to-text task's (SttTaskStore, key `media:<id>`), not kept here.
import type { MediaJob } from '#shared/contract/media';

export type MediaJobChange = Partial<Omit<MediaJob, 'id' | 'createdAt'>>;

export interface MediaJobStore {
  add(job: MediaJob): Promise<void>;
  get(id: string): Promise<MediaJob | undefined>;
  /** Every job, oldest first (the order they run in). */
  list(): Promise<MediaJob[]>;
  /** Merges `change` into the job in one write; the job as it is now, or undefined when it is gone. */
  update(id: string, change: MediaJobChange): Promise<MediaJob | undefined>;
  remove(id: string): Promise<boolean>;
  /**
   * After a crash or a restart nothing runs: running jobs go back to queued, marked `interrupted`.
   * Returns them.
   */
  requeueRunning(): Promise<MediaJob[]>;
}

/** The merge both stores apply (they keep the record as JSON beside its id, status and creation time). */
export function mergeMediaJob(job: MediaJob, change: MediaJobChange): MediaJob {
  return { ...job, ...change };
}

/**
 * A running job as a restart finds it: queued again. Its run time was counted at its last write
 * (desk/media/runner.ts); the time the app was off is not run time.
 */
export function interruptedMediaJob(job: MediaJob): MediaJob {
  return { ...job, status: 'queued', stage: null, interrupted: true, runningSince: null };
}
