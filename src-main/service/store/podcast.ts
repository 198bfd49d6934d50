// Podcast jobs (one per submit) and the shared work on each episode, as the store port offers them.
import type { Provenance } from '#shared/contract/provenance';
import type { Segment } from '#shared/transcript';

export type JobStatus = 'processing' | 'done' | 'failed';
export type TranscriptSource = 'publisher' | 'ai';

/** A podcast job as one account sees it: its own submit joined with the shared episode work. */
export interface PodcastJobView {
  jobId: string;
  accountId: number;
  status: JobStatus;
  reserved: number;
  createdAt: number;
  completedAt: number | null;
  episode: {
    key: string;
    title: string;
    showTitle: string;
    artworkUrl: string;
    durationSeconds: number;
    chunksDone: number;
    chunksTotal: number;
    transcript: string | null;
    source: TranscriptSource | null;
    errorMessage: string | null;
    /** When the runner first took the episode; null while it waits its turn. */
    startedAt: number | null;
    /** Episodes the runner works on before this one (one at a time, in submit order); 0 once it has started. */
    ahead: number;
  };
}

/**
 * A job as its card shows it: the view without the transcript. A list of these is read each time
 * the desk's job watcher reads, and 200 finished transcripts would be most of that read.
 */
export type PodcastJobSummary = Omit<PodcastJobView, 'episode'> & { episode: Omit<PodcastJobView['episode'], 'transcript'> };

/** A finished (or not) episode's own record: the library and the viewer read its transcript. */
export interface EpisodeRecord {
  key: string;
  status: JobStatus;
  title: string;
  showTitle: string;
  audioUrl: string | null;
  transcript: string | null;
  /** The finished transcript's timed lines; null when it has none. */
  segments: Segment[] | null;
  /** Where the finished transcript came from; null while unfinished, or finished before that was recorded. */
  provenance: Provenance | null;
  createdAt: number;
  completedAt: number | null;
}

/** The shared work on one episode, as the runner sees it. */
export interface EpisodeWork {
  key: string;
  status: JobStatus;
  title: string;
  showTitle: string;
  durationSeconds: number;
  audioUrl: string | null;
  transcriptUrl: string | null;
  transcriptType: string | null;
  runnerPid: number | null;
  createdAt: number;
}

/** What a submit resolved about an episode before its work starts. */
export interface EpisodeFacts {
  key: string;
  episodeUrl: string;
  title: string;
  showTitle: string;
  artworkUrl: string;
  /** Best known length before the audio is decoded; 0 when unknown. */
  durationSeconds: number;
  audioUrl: string | null;
  transcriptUrl: string | null;
  transcriptType: string | null;
}

export interface FinishedEpisode {
  transcript: string;
  segments: Segment[];
  source: TranscriptSource;
  /** The publisher's file (its format) or our speech-to-text (engine, model), in detail. */
  provenance: Provenance;
  durationSeconds: number;
  chunksTotal: number;
  chunksReused: number;
  /** The price of the episode: what its payer is settled at. */
  price: number;
}

export type StartResult = { ok: true; jobId: string } | { ok: false; reason: 'insufficient'; balance: number } | { ok: false; reason: 'exists'; status: JobStatus };

/** Read side: what a job's poll, the desk's job cards and the viewer read. */
export interface PodcastJobRecordStore {
  /** A job of another account is missing, never forbidden: ids are not an oracle. */
  get(jobId: string, accountId: number): Promise<PodcastJobView | undefined>;
  episode(key: string): Promise<EpisodeRecord | undefined>;
  /** An account's jobs, newest first, without their transcripts. */
  listForAccount(accountId: number, limit?: number): Promise<PodcastJobSummary[]>;
}

/**
 * Write side: submits, the runner's progress, and the end of an episode's work with its credit
 * moves (settle every payer, refund on failure or cancel), each atomic: a job is never done
 * without its charge nor failed without its refund.
 */
export interface PodcastWorkStore {
  episode(key: string): Promise<EpisodeWork | undefined>;
  /** The account's newest job on the episode in this state, if any. */
  jobOf(accountId: number, key: string, status: JobStatus): Promise<string | undefined>;
  /** A job that reserves nothing: a deduped answer (done) or a submit that joins running work (processing). */
  addFreeJob(accountId: number, key: string, status: 'done' | 'processing'): Promise<string>;
  /** Reserves `price` and starts work on an episode that is new or failed before, atomically; `exists` when another submit got there first. */
  start(accountId: number, facts: EpisodeFacts, price: number): Promise<StartResult>;
  /** Episodes still being worked on, oldest first, with the process that last took each. */
  processing(): Promise<{ key: string; runnerPid: number | null }[]>;
  /**
   * Takes a processing episode for runner `pid` if nobody holds it, `pid` already does, or it is
   * held by `staleRunner` (a runner the caller found gone); false otherwise (compare-and-set).
   */
  claim(key: string, pid: number, staleRunner: number | null): Promise<boolean>;
  release(key: string, pid: number): Promise<void>;
  setProgress(key: string, chunksDone: number, chunksTotal: number): Promise<void>;
  setDuration(key: string, seconds: number): Promise<void>;
  /** Jobs still waiting on the episode. */
  liveJobs(key: string): Promise<number>;
  /** The episode is done: every waiting job with it; each payer settled at the real price. */
  finish(key: string, result: FinishedEpisode): Promise<{ accountId: number; jobId: string; charged: number }[]>;
  /** The episode failed: every waiting job fails with it, and every payer gets the reservation back. */
  fail(key: string, message: string): Promise<void>;
  /** One account gives up its job (refunded); names the episode when nobody waits on it any more. */
  cancel(accountId: number, jobId: string): Promise<{ cancelled: boolean; abandonedEpisode: string | null }>;
}
