// One export file in any format: the text formats from formatters.ts, DOCX (binary) from docx.ts.
// Main process only (the CLI, the desk's export): importing it bundles the docx library.
import { EXPORT_FORMAT_EXTENSIONS, EXPORT_FORMAT_TYPES, type ExportFormat } from './exportFormats';
import { formatTranscript, type FormatOptions, type TranscriptDocument } from './formatters';

export type ExportFileResult = { ok: true; content: string | Uint8Array; extension: string; mimeType: string } | { ok: false; reason: string };

export async function formatExport(doc: TranscriptDocument, format: ExportFormat, options: FormatOptions = {}): Promise<ExportFileResult> {
  if (format !== 'docx') return formatTranscript(doc, format, options);
  // Loaded on the first DOCX only: requiring docx takes about 30 ms, which every CLI command and app start would pay.
  const { writeDocx } = await import('./docx');
  return { ok: true, content: await writeDocx(doc), extension: EXPORT_FORMAT_EXTENSIONS.docx, mimeType: EXPORT_FORMAT_TYPES.docx };
}
