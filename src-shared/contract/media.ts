// Local media: audio and video files on the person's own machine (dropped on the desk, opened with
// the app, uploaded to the browser build), transcribed by our own speech-to-text, free of credits.
// One job per file, shown as a card like a podcast episode's (src-main/desk/media).
import { z } from 'zod';

export const MEDIA_JOB_STATUSES = ['queued', 'running', 'paused', 'done', 'failed', 'cancelled'] as const;
export type MediaJobStatus = (typeof MEDIA_JOB_STATUSES)[number];
/** Statuses a job does not leave by itself: its card can be dismissed. */
export const ENDED_MEDIA_STATUSES: ReadonlySet<MediaJobStatus> = new Set(['done', 'failed', 'cancelled']);

export const mediaJobSchema = z.object({
  id: z.string(),
  /** The file's name as the person knows it (an upload's original name). */
  name: z.string(),
  /** Where the service reads it: the file itself, or an upload's copy in the data home. */
  path: z.string(),
  /** It came through the browser build's upload: `path` is the service's copy. */
  uploaded: z.boolean(),
  /** The file's title tag, or its name without the extension. */
  title: z.string(),
  sizeBytes: z.number().int(),
  /** As the file declares it (ffprobe); null when it does not (some raw streams). */
  durationSeconds: z.number().nullable(),
  /** It has a picture: the desk's player is a <video>. */
  video: z.boolean(),
  status: z.enum(MEDIA_JOB_STATUSES),
  /** While running: what it is doing. */
  stage: z.enum(['decoding', 'transcribing']).nullable(),
  progress: z.object({ chunksDone: z.number().int(), chunksTotal: z.number().int() }),
  /** The engine in use (or last used); before the first start, the one the settings picked when the file came (null when none was ready). */
  engine: z.string().nullable(),
  /**
   * Where the audio goes when the engine is a remote OpenAI-compatible endpoint (its host), said on
   * the card before the job starts; null when the audio never leaves this machine.
   */
  sendsTo: z.string().nullable(),
  /** Chunks taken from an interrupted run (a pause, a restart) instead of being transcribed again. */
  chunksKept: z.number().int(),
  /** The app stopped while this job ran: it was queued again and goes on from its finished chunks. */
  interrupted: z.boolean(),
  createdAt: z.number(),
  /** The first start; null while it waits. */
  startedAt: z.number().nullable(),
  finishedAt: z.number().nullable(),
  /** Time spent running, over every run (a pause or a restart does not count). */
  runMs: z.number(),
  /** When the current run began (elapsed and the estimate count from here); null when not running. */
  runningSince: z.number().nullable(),
  error: z.string().nullable(),
  /** The library transcript's key (platform `local`) once done. */
  transcriptKey: z.string().nullable(),
});
export type MediaJob = z.infer<typeof mediaJobSchema>;

/** What happened to each file handed to the desk: a job, or why not. */
export const mediaIntakeSchema = z.object({
  files: z.array(z.object({ name: z.string(), jobId: z.string().nullable(), error: z.string().nullable() })),
  /** Folders among the paths: how many media files each offers (one level); nothing of them started (`media.addFolders`). */
  folders: z.array(z.object({ name: z.string(), path: z.string(), mediaFiles: z.number().int(), skipped: z.number().int() })),
});
export type MediaIntake = z.infer<typeof mediaIntakeSchema>;

const jobId = z.object({ id: z.string().min(1).max(100) });

export const MEDIA_OPERATIONS = {
  'media.list': { input: z.object({}).strict(), output: z.object({ jobs: z.array(mediaJobSchema) }) },
  /** Desktop app: the media files (one level) of folders the person confirmed after seeing their count. */
  'media.addFolders': { input: z.object({ paths: z.array(z.string().min(1).max(4096)).min(1).max(20) }), output: mediaIntakeSchema },
  /** Stops a running or queued job and keeps its finished chunks; Resume goes on from them. */
  'media.pause': { input: jobId, output: z.object({ job: mediaJobSchema }) },
  /** A paused or failed job back in line. */
  'media.resume': { input: jobId, output: z.object({ job: mediaJobSchema }) },
  /** Stops the job and drops its finished chunks. */
  'media.cancel': { input: jobId, output: z.object({ job: mediaJobSchema }) },
  /** Removes an ended job's card (its transcript stays in the library). */
  'media.dismiss': { input: jobId, output: z.object({ dismissed: z.boolean() }) },
} as const;

/** Largest upload the browser build takes by default (`serve --max-upload-mb`). */
export const DEFAULT_MAX_UPLOAD_BYTES = 2 * 1024 ** 3;
/** The browser build's upload route: POST the file's bytes, its name in the `name` query parameter; answers a MediaIntake with one file. */
export const HTTP_UPLOAD_PATH = '/app/upload';
/** The browser build's player route: `/app/media/<token>`, the token minted by `transcript.get` (no session header: a media element cannot send one). */
export const HTTP_MEDIA_PREFIX = '/app/media/';
