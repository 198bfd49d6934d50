// Export formats shared by the CLI and the desk: TXT, SRT, VTT, JSON, CSV, Markdown and the
// word-timed ones, as text. Runs in the browser too. DOCX, which is binary and needs a large
// library, is written by exportFile.ts in the main process.
// What each file guarantees to the programs that open it: README, "Export files".
import Papa from 'papaparse';
import type { Chapters, Summary } from '../contract/insights';
import type { Provenance } from '../contract/provenance';
import type { LibraryPlatform } from '../platforms';
import type { Segment } from '../transcript';
import type { CueOptions } from './cues';
import { hasSpeakers, labelSpeakerChanges } from './speakers';
import { writeSrt, writeVtt } from './subtitleFiles';
import { formatTxt, type TxtOptions } from './txt';

import { EXPORT_FORMAT_EXTENSIONS, EXPORT_FORMAT_TYPES, type ExportFormat } from './exportFormats';
import { writeChapterList } from './chapterExport';
import { writeMarkdown } from './markdown';
import { hasWords, writeWordVtt, writeWordsJson } from './wordTiming';

export { EXPORT_FORMATS, isExportFormat, type ExportFormat } from './exportFormats';

/** What an export needs to know about one transcript. */
export interface TranscriptDocument {
  title?: string | null;
  sourceUrl?: string;
  platform?: LibraryPlatform;
  language?: string | null;
  /** Where the text came from (JSON carries it as recorded, Markdown says it with provenanceLabel); null: unknown. */
  provenance?: Provenance | null;
  text: string;
  segments: readonly Segment[] | null;
  /** The item's own id (video id, episode key …): the `{id}` of file-name patterns. */
  itemId?: string | null;
  /** The show, channel or source the item belongs to, where known. */
  source?: string | null;
  /** When the transcript was made (ms since the epoch): the `date` of Markdown and DOCX. */
  createdAt?: number | null;
  /** The media's length where known better than the last line's end (a local file's duration). */
  durationMs?: number | null;
  /**
   * The summary and chapters the desk stored for the transcript (issue 19), with who wrote them:
   * Markdown and JSON carry them, the `chapters` format is the chapters. Exports never ask the
   * model; absent or null: none stored (and the CLI's `get`, which has none).
   */
  summary?: DocumentSummary | null;
  chapters?: DocumentChapters | null;
}

export type DocumentSummary = Pick<Summary, 'text' | 'provenance'>;
export type DocumentChapters = Pick<Chapters, 'chapters' | 'provenance'>;

/** The formats written as text (all but DOCX). */
export type TextFormat = Exclude<ExportFormat, 'docx'>;

export type FormatResult = { ok: true; content: string; extension: string; mimeType: string } | { ok: false; reason: string };

/** Formats that need timing, which only some sources have. */
export const TIMED_FORMATS: ReadonlySet<ExportFormat> = new Set(['srt', 'vtt', 'csv']);
/** Formats that need word timing, which fewer sources have (YouTube automatic captions, whisper). */
export const WORD_TIMED_FORMATS: ReadonlySet<ExportFormat> = new Set(['words', 'vtt-words']);

export function hasTiming(doc: TranscriptDocument): boolean {
  return doc.segments !== null && doc.segments.length > 0;
}

/** `HH:MM:SS.mmm`, the CSV's readable time column. */
export function clockTime(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor((total % 3_600_000) / 60_000);
  const s = Math.floor((total % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(total % 1000, 3)}`;
}

function subtitles(doc: TranscriptDocument, format: 'srt' | 'vtt', options: Partial<CueOptions>): string {
  // Speakers (speakers.ts): SRT shows the name in the words, VTT in a voice span on each cue.
  if (format === 'srt') return writeSrt(labelSpeakerChanges(doc.segments ?? []), options);
  return writeVtt(doc.segments ?? [], options);
}

/** Options of an export: the subtitle formats' line length, TXT's paragraphs, timestamps and speakers. */
export type FormatOptions = Partial<CueOptions> & { txt?: Partial<TxtOptions> | undefined };

export function formatTranscript(doc: TranscriptDocument, format: TextFormat, options: FormatOptions = {}): FormatResult {
  const done = (content: string): FormatResult => ({ ok: true, content, extension: EXPORT_FORMAT_EXTENSIONS[format], mimeType: EXPORT_FORMAT_TYPES[format] });
  if (TIMED_FORMATS.has(format) && !hasTiming(doc)) {
    return { ok: false, reason: `${format.toUpperCase()} needs timed segments, and this transcript has none (its source gives plain text only); use TXT or JSON` };
  }
  if (WORD_TIMED_FORMATS.has(format) && !hasWords(doc.segments)) {
    return { ok: false, reason: `${format === 'words' ? 'Words' : 'Word-timed VTT'} needs word timing, and this transcript has none (YouTube automatic captions and whisper give it); use VTT or JSON` };
  }
  switch (format) {
    case 'txt':
      return done(formatTxt(doc, options.txt));
    case 'srt':
    case 'vtt':
      return done(subtitles(doc, format, options));
    case 'json': {
      const summary = doc.summary == null ? null : { text: doc.summary.text, provenance: doc.summary.provenance };
      const chapters = doc.chapters == null ? null : { chapters: doc.chapters.chapters.map((c) => ({ start: c.start, title: c.title })), provenance: doc.chapters.provenance };
      return done(
        `${JSON.stringify({ title: doc.title ?? null, sourceUrl: doc.sourceUrl ?? null, platform: doc.platform ?? null, language: doc.language ?? null, provenance: doc.provenance ?? null, summary, chapters, text: doc.text, segments: doc.segments }, null, 2)}\n`,
      );
    }
    case 'csv': {
      const speakers = hasSpeakers(doc.segments);
      const table = {
        fields: ['start_ms', 'end_ms', 'start', 'end', ...(speakers ? ['speaker'] : []), 'text'],
        data: (doc.segments ?? []).map((s) => [s.startMs, s.endMs, clockTime(s.startMs), clockTime(s.endMs), ...(speakers ? [s.speaker ?? ''] : []), s.text]),
      };
      // Caption text and speaker names come from strangers: a cell starting with =, +, -, @, a tab
      // or a carriage return would be a live formula in a spreadsheet (=HYPERLINK(…)). papaparse
      // puts a ' before such a cell, which spreadsheets read as "this is text"; numbers stay numbers.
      return done(`${Papa.unparse(table, { escapeFormulae: true })}\n`);
    }
    case 'md':
      return done(writeMarkdown(doc));
    case 'words':
      return done(writeWordsJson(doc));
    case 'vtt-words':
      return done(writeWordVtt(doc.segments ?? []));
    case 'chapters':
      if (doc.chapters == null || doc.chapters.chapters.length === 0) return { ok: false, reason: 'Chapters (YouTube) needs chapters, and none are stored for this transcript; make them in the viewer first (exports never call the language model)' };
      return done(writeChapterList(doc.chapters.chapters));
  }
}
