// THE map of events the main process sends the renderer: name → zod schema of the payload.
import { z } from 'zod';
import { balanceSchema } from './account';
import { APP_COMMANDS, importFilesOutputSchema } from './host';
import { mediaJobSchema } from './media';
import { modelDownloadSchema } from './models';
import { podcastJobSchema } from './podcast';
import { queueItemSchema, queueStateSchema } from './queue';
import { followsChangedSchema, followsLandedSchema } from './sources';

export const EVENTS = {
  /** Queue items added or changed, and ids removed; coalesced so a busy run sends a few events a second. */
  'queue.changed': z.object({ upserted: z.array(queueItemSchema), removed: z.array(z.string()) }),
  /** The runner's phase, concurrency, and the rate-limit countdown. */
  'queue.state': queueStateSchema,
  'job.progress': podcastJobSchema,
  /** Local media jobs added or changed (progress a few times a second at most), and ids dismissed. */
  'media.changed': z.object({ upserted: z.array(mediaJobSchema), removed: z.array(z.string()) }),
  /** Follows added, changed (a check began or ended) or removed. */
  'follows.changed': followsChangedSchema,
  /** New transcripts of a followed source landed in the library (the desktop app shows a notification). */
  'follows.landed': followsLandedSchema,
  /** Balance and plan from the last answer of the service. */
  balance: balanceSchema,
  'model.progress': modelDownloadSchema,
  /** Transcripts were added to or removed from the library. */
  'library.changed': z.object({}),
  /**
   * Files the desktop app was given outside the window (its command line, a second launch, "Open
   * with", macOS's open-file) and what became of each: the renderer shows it as it shows a drop's.
   */
  'files.opened': importFilesOutputSchema,
  /** A menu command of the desktop app for the renderer to carry out (open the export dialog …). */
  'app.command': z.object({ command: z.enum(APP_COMMANDS) }),
} as const satisfies Record<string, z.ZodType>;

export type EventName = keyof typeof EVENTS;
export type EventPayload<E extends EventName> = z.output<(typeof EVENTS)[E]>;
export const EVENT_NAMES = Object.keys(EVENTS) as EventName[];
export const isEventName = (name: string): name is EventName => Object.hasOwn(EVENTS, name);
