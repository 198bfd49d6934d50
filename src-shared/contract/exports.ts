// Export: what to write, in which format, where.
import { z } from 'zod';
import { EXPORT_FORMATS } from '../format/exportFormats';
import { TXT_EVERY_SECONDS, TXT_TIMESTAMPS, type TxtOptions } from '../format/txtOptions';
import { namePatternProblem } from '../format/fileNames';
import { transcriptRefSchema } from './transcript';

export const exportScopeSchema = z.discriminatedUnion('kind', [
  /** Queue items by id (one item, or a selection). */
  z.object({ kind: z.literal('items'), ids: z.array(z.string()).min(1).max(20_000) }),
  /** Every finished item of the queue: the batch. */
  z.object({ kind: z.literal('queue') }),
  /** Library entries by id. */
  z.object({ kind: z.literal('library'), ids: z.array(z.number().int()).min(1).max(20_000) }),
  /** Transcripts by reference (the viewer's open transcript). */
  z.object({ kind: z.literal('transcripts'), refs: z.array(transcriptRefSchema).min(1).max(1000) }),
  /**
   * Every library transcript of a source (a playlist, channel, show, feed, a channel's clips): a
   * follow's known items, else the source expanded now. Written into a folder (or a zip) named
   * after the source.
   */
  z.object({ kind: z.literal('source'), url: z.string().min(1).max(4096) }),
]);
export type ExportScope = z.infer<typeof exportScopeSchema>;

/**
 * TXT's options (format/txt.ts); each one left out is the plain TXT's: a line per caption, no
 * timestamps, speaker names on. Ignored by the other formats.
 */
export const txtOptionsSchema = z
  .object({
    paragraphs: z.boolean().default(false),
    timestamps: z.enum(TXT_TIMESTAMPS).default('none'),
    everySeconds: z.number().int().min(TXT_EVERY_SECONDS.min).max(TXT_EVERY_SECONDS.max).default(30),
    speakers: z.boolean().default(true),
  })
  .strict() satisfies z.ZodType<TxtOptions, unknown>;

export const exportInputSchema = z.object({
  scope: exportScopeSchema,
  format: z.enum(EXPORT_FORMATS),
  /** `folder`: one file per transcript; `zip`: one archive in that folder. */
  target: z.enum(['folder', 'zip']).default('folder'),
  /** An absolute folder on this machine; the export folder setting when absent. */
  folder: z.string().min(1).max(4096).optional(),
  /** Characters per subtitle line; the setting `desk.export.maxLineLength` when absent. */
  maxLineLength: z.number().int().min(10).max(200).optional(),
  /** TXT's paragraphs, timestamps and speaker names; the plain TXT when absent. */
  txt: txtOptionsSchema.optional(),
  /**
   * File names from a pattern of tokens {title} {id} {platform} {date} {source}, e.g. `{date} {title}`;
   * the setting `desk.export.namePattern` when absent.
   */
  namePattern: z
    .string()
    .max(200)
    .superRefine((pattern, ctx) => {
      const problem = namePatternProblem(pattern);
      if (problem !== null) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  /** Each transcript in a sub-folder named after its show, channel or source; the setting `desk.export.folderPerSource` when absent. */
  folderPerSource: z.boolean().optional(),
});
export type ExportInput = z.infer<typeof exportInputSchema>;

export const exportOutputSchema = z.object({
  folder: z.string(),
  /** The archive, for a zip export. */
  zipFile: z.string().nullable(),
  /** File names written (inside the zip for a zip export), in export order. */
  files: z.array(z.string()),
  /** Items that were not written, and why (no timing for SRT/VTT/CSV, not finished, gone from the cache). */
  skipped: z.array(z.object({ name: z.string(), reason: z.string() })),
  /** Items left out because another item of the export is the same transcript (two links to one video). */
  folded: z.number().int(),
  /** Files of the same name an earlier export had written, now replaced. */
  replaced: z.number().int(),
});
export type ExportOutput = z.infer<typeof exportOutputSchema>;

/**
 * The browser build's export (serve --ui): POST this path with an `exportDownloadInput` body and
 * the session header; the answer is the file itself (one transcript, "one file per transcript") or
 * one zip, streamed as an attachment, and nothing is written on the server. Its summary (files,
 * skipped, folded) travels in the EXPORT_SUMMARY_HEADER, URI-encoded JSON; 204 when nothing was
 * exportable. HTTP only: the desktop app writes to a folder through `export.run`.
 */
export const HTTP_EXPORT_DOWNLOAD_PATH = '/app/export/download';
export const EXPORT_SUMMARY_HEADER = 'x-export-summary';

export const exportDownloadInputSchema = exportInputSchema.omit({ folder: true });
export type ExportDownloadInput = z.input<typeof exportDownloadInputSchema>;

export const exportDownloadSummarySchema = exportOutputSchema.pick({ files: true, skipped: true, folded: true }).extend({
  /** The name the browser saves the download under; null when nothing was exportable. */
  fileName: z.string().nullable(),
});
export type ExportDownloadSummary = z.infer<typeof exportDownloadSummarySchema>;
