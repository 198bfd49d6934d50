// THE map of app operations: name → zod schema of its input and of its output. Every transport
// (Electron IPC, the browser build's HTTP RPC) carries exactly these, and the handler table in
// src-main/desk implements exactly these.
import { z } from 'zod';
import { balanceSchema, createdKeySchema, createKeyInputSchema, keyListingSchema } from './account';
import { exportInputSchema, exportOutputSchema } from './exports';
import { INSIGHT_OPERATIONS } from './insights';
import { importFilesInputSchema, importFilesOutputSchema, MAX_COOKIES_TXT, platformCookiesSchema } from './host';
import { libraryEntrySchema, librarySearchInputSchema, librarySearchOutputSchema } from './library';
import { MEDIA_OPERATIONS } from './media';
import { SOURCE_OPERATIONS } from './sources';
import { modelsViewSchema } from './models';
import { podcastJobSchema } from './podcast';
import { PERMANENT_REASONS } from '../queue/permanence';
import { enqueueInputSchema, MAX_ENQUEUE, queueItemSchema, queueStateSchema } from './queue';
import { settingsUpdateInputSchema, settingsViewSchema } from './settings';
import { platformSchema, switchTrackInputSchema, switchTrackOutputSchema, transcriptRefSchema, transcriptViewSchema } from './transcript';
import { VERSION_OPERATIONS } from './versions';
import { upstreamProfileViewSchema, upstreamResetInputSchema, upstreamSetInputSchema } from './upstream';
import { welcomeViewSchema } from './welcome';

const none = z.object({}).strict();
/** One top-up at most: a typo of a few extra zeros should not pass silently. */
export const MAX_OWNER_TOP_UP = 1_000_000;
const ids = z.array(z.string().max(100)).max(20_000);
const removedSchema = z.object({ removed: z.number().int(), items: z.array(queueItemSchema).optional() });

export const OPERATIONS = {
  'queue.enqueue': { input: enqueueInputSchema, output: z.object({ items: z.array(queueItemSchema), folded: z.number().int() }) },
  'queue.list': { input: none, output: z.object({ items: z.array(queueItemSchema), state: queueStateSchema }) },
  'queue.run': { input: none, output: queueStateSchema },
  /** What the queued rows will cost (see src-main/desk/queue/estimate.ts) and the owner's balance, for "about N credits; you have M". */
  'queue.estimate': { input: none, output: z.object({ credits: z.number().int(), runnable: z.number().int(), cached: z.number().int(), podcasts: z.number().int(), balance: z.number().int() }) },
  'queue.pause': { input: none, output: queueStateSchema },
  'queue.resume': { input: none, output: queueStateSchema },
  /**
   * Failed items back to queued: these ids, or every failed item when none are given. Without ids,
   * failures retrying cannot change are skipped and counted by reason (src-shared/queue/permanence.ts).
   */
  'queue.retry': { input: z.object({ ids: ids.optional() }), output: z.object({ retried: z.number().int(), skipped: z.array(z.object({ reason: z.enum(PERMANENT_REASONS), count: z.number().int() })).optional() }) },
  /** `items`: the removed rows as they were, for Undo (`queue.restore`). */
  'queue.remove': { input: z.object({ ids: ids.min(1) }), output: removedSchema },
  /** Undo of a removal or clear: the rows come back with their outcome (running ones queued). */
  'queue.restore': { input: z.object({ items: z.array(queueItemSchema).min(1).max(MAX_ENQUEUE) }), output: z.object({ restored: z.number().int() }) },
  /** "Transcribe the audio" of an `empty` TikTok/Facebook row: started; the row shows the outcome (desk/queue/transcribeAudio.ts). */
  'queue.transcribeAudio': { input: z.object({ id: z.string().min(1).max(100) }), output: z.object({ started: z.boolean() }) },
  /** Reads URL-list files on this machine (.txt .csv .md .html …) in the main process and queues their links. */
  'queue.importFiles': { input: importFilesInputSchema, output: importFilesOutputSchema },
  /**
   * `succeeded`: done, cached and no-speech rows (the desk's "Clear done"); `finished`: everything
   * that will not run again; `all`: the whole queue (running items are stopped).
   */
  'queue.clear': { input: z.object({ which: z.enum(['succeeded', 'finished', 'all']) }), output: removedSchema },
  'podcast.list': { input: none, output: z.object({ jobs: z.array(podcastJobSchema) }) },
  'podcast.cancel': { input: z.object({ jobId: z.string().min(1).max(200) }), output: z.object({ cancelled: z.boolean() }) },
  /** Episode artwork fetched through the upstream client (the renderer loads nothing from the internet itself). */
  'podcast.artwork': { input: z.object({ url: z.url({ protocol: /^https?$/ }).max(4096) }), output: z.object({ dataUrl: z.string().nullable() }) },
  'transcript.get': { input: z.object({ ref: transcriptRefSchema }), output: transcriptViewSchema },
  /** A YouTube video's other caption track, or its machine translation, in the viewer (src-main/desk/captionTrack.ts). */
  'transcript.switchTrack': { input: switchTrackInputSchema, output: switchTrackOutputSchema },
  'export.run': { input: exportInputSchema, output: exportOutputSchema },
  /** Desktop app: shows a folder an export of this session wrote into in the system's file manager. */
  'export.openFolder': { input: z.object({ folder: z.string().min(1).max(4096) }), output: z.object({}) },
  'library.search': { input: librarySearchInputSchema, output: librarySearchOutputSchema },
  /** One library entry by its id (what `library.search` lists): its ref, for `transcript.get`. Agents (MCP) name transcripts by it. */
  'library.get': { input: z.object({ id: z.number().int().min(1) }), output: libraryEntrySchema },
  'library.delete': { input: z.object({ ids: z.array(z.number().int()).min(1).max(20_000) }), output: z.object({ deleted: z.number().int() }) },
  'balance.get': { input: none, output: balanceSchema },
  /** Prices and speech-to-text readiness, for the empty queue's first-run guide. */
  'welcome.get': { input: none, output: welcomeViewSchema },
  /** Adds credits to the OWNER account (the app's own ledger); other accounts' keys are managed in the keys table. */
  'credits.add': { input: z.object({ credits: z.number().int().min(1).max(MAX_OWNER_TOP_UP) }), output: balanceSchema },
  'keys.list': { input: none, output: z.object({ keys: z.array(keyListingSchema) }) },
  'keys.create': { input: createKeyInputSchema, output: createdKeySchema },
  'keys.revoke': { input: z.object({ prefix: z.string().min(8).max(64) }), output: z.object({ revoked: z.boolean() }) },
  'settings.get': { input: none, output: settingsViewSchema },
  'settings.update': { input: settingsUpdateInputSchema, output: settingsViewSchema },
  /**
   * Settings ▸ Team server's "Test connection": the balance and plan the URL and key get there, or
   * why not. The form's values where given (before saving), else the saved ones; the key is never echoed.
   */
  'teamServer.test': {
    input: z.strictObject({ url: z.string().max(2048).optional(), key: z.string().max(256).optional() }),
    output: z.object({ ok: z.boolean(), server: z.string(), credits: z.number().int().nullable(), plan: z.string().nullable(), message: z.string() }),
  },
  /** The upstream profile: every rotating value with its compiled default and whether it is overridden. */
  'upstream.get': { input: none, output: upstreamProfileViewSchema },
  /** Overrides one value after the service checked its shape (a refusal is `invalid_input` naming the key). */
  'upstream.set': { input: upstreamSetInputSchema, output: upstreamProfileViewSchema },
  'upstream.reset': { input: upstreamResetInputSchema, output: upstreamProfileViewSchema },
  /** Per platform: imported cookies and whether a sign-in window can be opened. */
  'cookies.list': { input: none, output: z.object({ platforms: z.array(platformCookiesSchema) }) },
  /** A Netscape cookies.txt for one platform (kept in the keychain, used for its requests). */
  'cookies.import': { input: z.object({ platform: platformSchema, text: z.string().min(1).max(MAX_COOKIES_TXT) }), output: z.object({ imported: z.number().int(), skipped: z.number().int() }) },
  /** Forgets the platform's imported cookies and its sign-in session. */
  'cookies.clear': { input: z.object({ platform: platformSchema }), output: z.object({ cleared: z.boolean() }) },
  /** Opens the platform's login page in a window of its own (desktop app only). */
  'platform.signIn': { input: z.object({ platform: platformSchema }), output: z.object({ opened: z.boolean() }) },
  /** The system folder picker (desktop app only); null when the user cancelled. */
  'dialog.chooseFolder': { input: z.object({ title: z.string().max(200).optional(), defaultPath: z.string().max(4096).optional() }), output: z.object({ folder: z.string().nullable() }) },
  'models.list': { input: none, output: modelsViewSchema },
  'models.download': { input: z.object({ name: z.string().min(1).max(100) }), output: z.object({ started: z.boolean() }) },
  'models.cancel': { input: z.object({ name: z.string().min(1).max(100) }), output: z.object({ cancelled: z.boolean() }) },
  ...MEDIA_OPERATIONS,
  ...SOURCE_OPERATIONS,
  ...VERSION_OPERATIONS,
  ...INSIGHT_OPERATIONS,
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;

export type OperationName = keyof typeof OPERATIONS;
/** What a caller passes (defaults may be left out). */
export type OperationInput<N extends OperationName> = z.input<(typeof OPERATIONS)[N]['input']>;
/** What a handler receives after parsing (defaults filled in). */
export type ParsedInput<N extends OperationName> = z.output<(typeof OPERATIONS)[N]['input']>;
export type OperationOutput<N extends OperationName> = z.output<(typeof OPERATIONS)[N]['output']>;

export const OPERATION_NAMES = Object.keys(OPERATIONS) as OperationName[];
export const isOperationName = (name: string): name is OperationName => Object.hasOwn(OPERATIONS, name);
