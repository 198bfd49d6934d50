// What the host of the desk can do beyond the handler table: the desktop app has system dialogs,
// sign-in windows and a keychain; the browser build (serve --ui) has none of these. The renderer
// shows a control only where its host can carry it out.
import { z } from 'zod';
import { mediaIntakeSchema } from './media';
import { platformSchema } from './transcript';

export const SECRET_BACKENDS = ['keychain', 'safeStorage', 'none'] as const;
export type SecretBackend = (typeof SECRET_BACKENDS)[number];

export const hostInfoSchema = z.object({
  kind: z.enum(['desktop', 'browser']),
  /** System open/folder dialogs (`dialog.chooseFolder`, `queue.importFiles` without paths). */
  dialogs: z.boolean(),
  /** `platform.signIn` opens the platform's login page in a window of its own. */
  signIn: z.boolean(),
  /** Where secrets (owner key, speech-to-text keys, platform cookies) are kept. */
  secrets: z.object({
    backend: z.enum(SECRET_BACKENDS),
    /** Why secrets cannot be stored, or what the fallback means; null when all is well. */
    problem: z.string().nullable(),
  }),
});
export type HostInfo = z.infer<typeof hostInfoSchema>;

/** The browser build's host: nothing beyond the handler table. */
export const BROWSER_HOST: HostInfo = { kind: 'browser', dialogs: false, signIn: false, secrets: { backend: 'none', problem: 'The browser build keeps speech-to-text keys in the ledger, as the CLI does' } };

export const platformCookiesSchema = z.object({
  platform: platformSchema,
  /** Cookies imported from a cookies.txt and still stored. */
  cookies: z.number().int(),
  importedAt: z.number().nullable(),
  /** Whether this host can open the platform's login page (`platform.signIn`). */
  signIn: z.boolean(),
});
export type PlatformCookies = z.infer<typeof platformCookiesSchema>;

/** A cookies.txt is a few KB; a megabyte is a wrong file. */
export const MAX_COOKIES_TXT = 1024 * 1024;

export const importFilesInputSchema = z.object({
  /**
   * Absolute paths of dropped or opened files (a second launch's arguments, "Open with"); the
   * host's open dialog when absent. URL-list files (.txt .csv .md .html) give their links; any other
   * file is probed as audio or video (a local media job); a folder is counted, not started.
   */
  paths: z.array(z.string().min(1).max(4096)).min(1).max(100).optional(),
});

export const importFilesOutputSchema = z.object({
  /** Per file: how many links it held, or why it was not read. */
  files: z.array(z.object({ name: z.string(), links: z.number().int(), error: z.string().nullable() })),
  links: z.number().int(),
  added: z.number().int(),
  invalid: z.number().int(),
  folded: z.number().int(),
  /** Tokens that look like links but are not http(s) (`htps://…`), each once: reported, not queued. */
  malformed: z.array(z.string()).optional(),
  /** The paths that were not URL lists: media jobs started, refusals with their reason, folders counted. */
  media: mediaIntakeSchema.optional(),
  /** Sources among the links (a playlist, a channel …), canonical, each once: not queued; the renderer opens their pickers. */
  sources: z.array(z.string()).optional(),
});
export type ImportFilesOutput = z.infer<typeof importFilesOutputSchema>;

/** Commands the desktop app's menu sends the renderer. */
export const APP_COMMANDS = ['import-urls', 'export', 'settings'] as const;
export type AppCommand = (typeof APP_COMMANDS)[number];
