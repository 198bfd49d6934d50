// The export formats by name: on their own so the renderer can list them without bundling the
// formatters' libraries (docx above all, which only the main process loads).
export const EXPORT_FORMATS = ['txt', 'srt', 'vtt', 'json', 'csv', 'md', 'docx', 'words', 'vtt-words', 'chapters'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/**
 * The formats a transcript alone can be written in: all but `chapters`, which lists the chapters
 * the desk stored for a library transcript (issue 19). What the CLI's `get` and `transcribe` offer,
 * since they write what a call returned, which has no stored chapters.
 */
export const TRANSCRIPT_FORMATS = EXPORT_FORMATS.filter((f): f is Exclude<ExportFormat, 'chapters'> => f !== 'chapters');

export function isExportFormat(value: unknown): value is ExportFormat {
  return typeof value === 'string' && (EXPORT_FORMATS as readonly string[]).includes(value);
}

/**
 * The file extension of each format. The word-timed ones get a double extension, so exporting a
 * talk as JSON and as words (or VTT and word-timed VTT) into one folder gives two files, not one
 * replacing the other.
 */
export const EXPORT_FORMAT_EXTENSIONS: Record<ExportFormat, string> = {
  txt: 'txt',
  srt: 'srt',
  vtt: 'vtt',
  json: 'json',
  csv: 'csv',
  md: 'md',
  docx: 'docx',
  words: 'words.json',
  'vtt-words': 'words.vtt',
  // YouTube's description box takes the list as plain text.
  chapters: 'chapters.txt',
};

/** The Content-Type of a downloaded export file. */
export const EXPORT_FORMAT_TYPES: Record<ExportFormat, string> = {
  txt: 'text/plain; charset=utf-8',
  srt: 'application/x-subrip; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  words: 'application/json; charset=utf-8',
  'vtt-words': 'text/vtt; charset=utf-8',
  chapters: 'text/plain; charset=utf-8',
};
