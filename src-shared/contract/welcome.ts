// What the empty queue tells a first-time user (issue 13 item 10): what a credit buys, and whether
// speech-to-text can run on this machine now. Which sites work comes from src-shared/platforms.ts.
import { z } from 'zod';

export const welcomeViewSchema = z.object({
  prices: z.object({
    /** Credits for one video or clip transcript, from captions or speech-to-text alike. */
    transcript: z.number().int(),
    /** Credits per started audio hour of a podcast episode, after the grace minutes (at least one hour's). */
    podcastPerHour: z.number().int(),
    podcastGraceMinutes: z.number().int(),
  }),
  speech: z.object({
    /** The engine that would transcribe now (the setting, or the first ready one in the fallback order); null when none can. */
    engine: z.string().nullable(),
    /** What is missing, one sentence per engine tried; empty when an engine is ready and ffmpeg is there. */
    problems: z.array(z.string()),
  }),
});
export type WelcomeView = z.infer<typeof welcomeViewSchema>;
