// The batch queue: what an item is, what the runner is doing.
import { z } from 'zod';
import { platformSchema, transcriptRefSchema } from './transcript';

/**
 * `invalid`: refused by the URL rules before anything was sent. `queued` → `running` → one of
 * `done` (fetched and charged), `cached` (from the shared cache, free), `empty` (the platform has
 * the video but no speech captions: charged, as the spec says), `failed` (the spec's error text),
 * or for podcasts `submitted` (a job runs; its progress is on the job card) and then done/failed.
 */
export const QUEUE_STATUSES = ['invalid', 'queued', 'running', 'done', 'cached', 'empty', 'failed', 'submitted'] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

/** Statuses after which an item is not touched again unless the user retries it. */
export const FINISHED_STATUSES: ReadonlySet<QueueStatus> = new Set(['invalid', 'done', 'cached', 'empty', 'failed']);

/** Finished with a transcript (`empty` too: the site answered, and it was charged): what "Clear done" removes. */
export const SUCCEEDED_STATUSES: readonly QueueStatus[] = ['done', 'cached', 'empty'];

export const queueItemSchema = z.object({
  id: z.string(),
  /** Order in the queue (ascending). */
  position: z.number().int(),
  /** The URL as it was dropped or pasted. */
  url: z.string(),
  platform: platformSchema.nullable(),
  itemId: z.string().nullable(),
  /** Identity of the item: two forms of one video share it, and are folded into one queue item. */
  canonicalKey: z.string().nullable(),
  status: z.enum(QUEUE_STATUSES),
  /** invalid: the spec's 400 text; failed: the spec's error text (`No transcript available`, `Upstream error` …). */
  error: z.string().nullable(),
  /** Why, in words: the URL rule that refused it, or the service's `message`. */
  message: z.string().nullable(),
  /** The HTTP status the same request gets over REST (failed items). */
  httpStatus: z.number().int().nullable(),
  title: z.string().nullable(),
  /** Credits this item cost (0 when cached, failed or refunded; a podcast's reservation while it runs). */
  credits: z.number().int(),
  /** How many times this item was dropped (duplicates fold into one item). */
  count: z.number().int().min(1),
  jobId: z.string().nullable(),
  transcript: transcriptRefSchema.nullable(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

export const rateLimitSchema = z.object({
  limit: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
  /** When the current window ends (ms since epoch), from `X-RateLimit-Reset`. */
  resetAt: z.number().nullable(),
  /** Set while the runner waits for the window or a `Retry-After`: the countdown's end (ms since epoch). */
  waitUntil: z.number().nullable(),
  /** Why it waits: the service's rate limit, or speech-to-text with every place taken (a 503 with Retry-After). */
  waitReason: z.enum(['rate-limit', 'busy']).nullable(),
});

/**
 * One site that rate-limits this machine (a 502 `upstream_rate_limited` with its Retry-After): its
 * queued rows wait until `until` and then run again, while other sites' rows go on.
 */
export const siteWaitSchema = z.object({
  platform: platformSchema,
  /** ms since epoch */
  until: z.number(),
  /** The service's message of the refusal that started the wait. */
  message: z.string().nullable(),
});
export type SiteWait = z.infer<typeof siteWaitSchema>;

export const queueStateSchema = z.object({
  /** `running` while there is work and the user pressed run; `idle` when there is nothing to do. */
  phase: z.enum(['idle', 'running', 'paused']),
  /**
   * Why a paused queue is paused: the user pressed Pause, or the owner account ran out of credits
   * (an item was refused `no_credits`, uncharged, and went back to queued). Absent from older runners.
   */
  pausedFor: z.enum(['user', 'no-credits']).nullable().optional(),
  concurrency: z.number().int(),
  /** Items being fetched right now. */
  active: z.number().int(),
  rateLimit: rateLimitSchema,
  /** Sites whose rows wait for their rate limit to pass; absent or empty when none does. */
  siteWaits: z.array(siteWaitSchema).optional(),
  /** Which runner this state comes from (one per start of the app or server) … */
  runner: z.string(),
  /** … and which of its changes: replies and events travel on different connections, so an older state may arrive last. */
  revision: z.number().int(),
});
export type QueueState = z.infer<typeof queueStateSchema>;

/** The state a client should show: `incoming` unless it is an older change of the same runner. */
export function newerQueueState(current: QueueState, incoming: QueueState): QueueState {
  return incoming.runner === current.runner && incoming.revision < current.revision ? current : incoming;
}

export const MAX_ENQUEUE = 20_000;

export const enqueueInputSchema = z.object({
  entries: z
    .array(
      z.object({
        /** The renderer proposes ids so the rows it shows at once keep their identity; a taken id is replaced. */
        id: z.uuid().optional(),
        url: z.string().max(10_000),
      }),
    )
    .min(1)
    .max(MAX_ENQUEUE),
});
