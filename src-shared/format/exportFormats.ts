// The export formats by name: on their own so the renderer can list them without bundling the
// formatters' libraries.
export const EXPORT_FORMATS = ['txt', 'srt', 'vtt', 'json', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export function isExportFormat(value: unknown): value is ExportFormat {
  return typeof value === 'string' && (EXPORT_FORMATS as readonly string[]).includes(value);
}

/** The Content-Type of a downloaded export file. */
export const EXPORT_FORMAT_TYPES: Record<ExportFormat, string> = {
  txt: 'text/plain; charset=utf-8',
  srt: 'application/x-subrip; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};
