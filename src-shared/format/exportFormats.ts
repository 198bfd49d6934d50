// The export formats by name: on their own so the renderer can list them without bundling the
// formatters' libraries.
export const EXPORT_FORMATS = ['txt', 'srt', 'vtt', 'json', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export function isExportFormat(value: unknown): value is ExportFormat {
  return typeof value === 'string' && (EXPORT_FORMATS as readonly string[]).includes(value);
}
