// A podcast job as its card shows it: the spec's §2.4 record plus what the card needs (credits).
import { z } from 'zod';

export const podcastJobSchema = z.object({
  jobId: z.string(),
  status: z.enum(['processing', 'done', 'failed']),
  progress: z.object({ chunksDone: z.number().int(), chunksTotal: z.number().int() }),
  episode: z.object({ key: z.string(), title: z.string(), showTitle: z.string(), artworkUrl: z.string(), durationSeconds: z.number().int() }),
  createdAt: z.number(),
  /** When the episode's own work began; null while it waits behind others. Elapsed time and estimates count from here. */
  startedAt: z.number().nullable(),
  /** Episodes worked on before this one (the runner takes one at a time); 0 once started. */
  episodesAhead: z.number().int(),
  completedAt: z.number().nullable(),
  /** Failed jobs: the record's `error`. */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  credits: z.object({
    /** Held at submit. */
    reserved: z.number().int(),
    /** Given back (a failed job: all of it; a finished one: what the audio did not use). */
    refunded: z.number().int(),
    /** What the job cost in the end (reserved − refunded, or more if the audio ran longer). */
    charged: z.number().int(),
  }),
});
export type PodcastJob = z.infer<typeof podcastJobSchema>;
