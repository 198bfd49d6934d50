// The spec's §2.4 podcast job record and the answers of §4.2's submit. A failed record shows only
// `jobId`, `status` and `error`; `transcript` and `credits` appear once done; `source` (publisher
// or ai) is our addition, present once known.
import { z } from 'zod';

const isoTimestamp = z.iso.datetime({ precision: 3 });

const progressSchema = z.strictObject({ chunksDone: z.number().int(), chunksTotal: z.number().int() });
const episodeSchema = z.strictObject({ title: z.string(), showTitle: z.string(), artworkUrl: z.string(), durationSeconds: z.number().int() });

export const processingJobRecordSchema = z.strictObject({
  jobId: z.string(),
  status: z.literal('processing'),
  progress: progressSchema,
  episode: episodeSchema,
  createdAt: isoTimestamp,
  completedAt: z.null(),
});

export const doneJobRecordSchema = z.strictObject({
  jobId: z.string(),
  status: z.literal('done'),
  progress: progressSchema,
  episode: episodeSchema,
  transcript: z.string(),
  credits: z.number().int(),
  source: z.enum(['publisher', 'ai']).optional(),
  createdAt: isoTimestamp,
  completedAt: isoTimestamp,
});

export const failedJobRecordSchema = z.strictObject({
  jobId: z.string(),
  status: z.literal('failed'),
  error: z.strictObject({ code: z.string(), message: z.string() }),
});

export const jobRecordSchema = z.discriminatedUnion('status', [processingJobRecordSchema, doneJobRecordSchema, failedJobRecordSchema]);
export type JobRecord = z.infer<typeof jobRecordSchema>;

/** 202 to a submit: a job runs (or joins the work already running on that episode). */
export const jobAcceptedSchema = z.strictObject({ jobId: z.string(), status: z.literal('processing') });
export type JobAccepted = z.infer<typeof jobAcceptedSchema>;

/** 200 to a submit of an episode transcribed before: its record, and `deduped`. */
export const dedupedJobSchema = doneJobRecordSchema.extend({ deduped: z.literal(true) });
