// The browser build's export: the file or the zip as a stream for an HTTP response. Nothing is
// written on the server's disk: the browser saves it where its user keeps downloads.
import { Readable } from 'node:stream';
import { exportDownloadInputSchema, type ExportDownloadSummary } from '#shared/contract/exports';
import { DeskError, type DeskResult } from '#shared/contract/result';
import { EXPORT_FORMAT_EXTENSIONS, EXPORT_FORMAT_TYPES } from '#shared/format/exportFormats';
import type { DeskDeps } from '../deps';
import { collectExport, type ExportNaming, type ReadyFile } from './collect';
import { zipNameOf } from './exporter';
import { contentBytes, fileNames, zipStream } from './zip';

export interface ExportDownload {
  summary: ExportDownloadSummary;
  contentType: string;
  /** Null when nothing was exportable (the summary says why). */
  body: Readable | null;
}

/**
 * One transcript exported as "one file per transcript" is that file; anything more is one zip,
 * since a page cannot save a batch of separate files without asking once per file.
 */
export async function prepareDownload(deps: DeskDeps, payload: unknown, maxLineLength: number, defaults: ExportNaming = {}): Promise<DeskResult<ExportDownload>> {
  const parsed = exportDownloadInputSchema.safeParse(payload);
  if (!parsed.success) return { ok: false, error: { code: 'invalid_input', message: `export: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; ')}` } };
  const input = parsed.data;
  const naming: ExportNaming = { namePattern: input.namePattern ?? defaults.namePattern, folderPerSource: input.folderPerSource ?? defaults.folderPerSource };
  try {
    const { ready, skipped, folded, sourceTitle } = await collectExport(deps, input, input.maxLineLength ?? maxLineLength, naming);
    const names = fileNames(ready, EXPORT_FORMAT_EXTENSIONS[input.format]);
    const none = { files: [], skipped, folded, fileName: null };
    if (ready.length === 0) return { ok: true, value: { summary: none, contentType: 'application/octet-stream', body: null } };
    if (ready.length === 1 && input.target === 'folder') {
      // A lone file downloads without its sub-folder: a browser saves one name, no folders.
      const fileName = (names[0] as string).split('/').pop() as string;
      return { ok: true, value: { summary: { ...none, files: [fileName], fileName }, contentType: EXPORT_FORMAT_TYPES[input.format], body: Readable.from([Buffer.from(contentBytes((ready[0] as ReadyFile).content))]) } };
    }
    return { ok: true, value: { summary: { ...none, files: names, fileName: zipNameOf(input.format, new Date(), sourceTitle) }, contentType: 'application/zip', body: zipStream(ready, names) } };
  } catch (error) {
    if (error instanceof DeskError) return { ok: false, error: { code: error.code, message: error.message } };
    throw error;
  }
}
