// The TXT export: a transcript as text a person reads. Rolling-caption repeats are always removed
// (repeats.ts). Options: paragraphs instead of a line per caption, timestamps, speaker names.
// Runs in the browser too. The file format is in README, "Export files" → TXT.
import type { Segment } from '../transcript';
import { paragraphs as timedParagraphs, textParagraphs } from './paragraphs';
import { collapseRepeatedLines, collapseWithIndex } from './repeats';
import { speakerText } from './speakers';
import { DEFAULT_TXT_OPTIONS, TXT_EVERY_SECONDS, type TxtOptions } from './txtOptions';

export { DEFAULT_TXT_OPTIONS, DESK_TXT_OPTIONS, TXT_EVERY_SECONDS, TXT_TIMESTAMPS, type TxtOptions, type TxtTimestamps } from './txtOptions';

/** A run of words and when it starts (null without timing). */
interface Piece {
  startMs: number | null;
  text: string;
}

/** A paragraph, or a line when paragraphs are off. */
interface Block {
  speaker?: string;
  pieces: Piece[];
}

const HOUR_MS = 3_600_000;

/** `[mm:ss]`, or `[h:mm:ss]` in every mark of a transcript that reaches an hour (so marks line up). */
export function txtStamp(ms: number, withHours: boolean): string {
  const total = Math.floor(Math.max(0, ms) / 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return withHours ? `[${h}:${pad(m)}:${pad(s)}]` : `[${pad(m + h * 60)}:${pad(s)}]`;
}

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();
const named = (speaker: string | undefined) => (speaker !== undefined && speaker !== '' ? { speaker } : {});

function timedBlocks(segments: readonly Segment[], paragraphs: boolean): Block[] {
  const lines = collapseWithIndex(segments).filter((c) => clean(c.segment.text) !== '');
  if (!paragraphs) return lines.map(({ segment }) => ({ ...named(segment.speaker), pieces: [{ startMs: segment.startMs, text: clean(segment.text) }] }));
  // Each paragraph holds the collapsed lines from its first to its last segment index, in order.
  let at = 0;
  return timedParagraphs(segments).map((p) => {
    const pieces: Piece[] = [];
    while (at < lines.length && (lines[at]?.index ?? Infinity) < p.first) at++;
    for (; at < lines.length && (lines[at]?.index ?? Infinity) <= p.last; at++) {
      const segment = (lines[at] as { segment: Segment }).segment;
      pieces.push({ startMs: segment.startMs, text: clean(segment.text) });
    }
    return { ...named(p.speaker), pieces };
  });
}

function untimedBlocks(text: string, paragraphs: boolean): Block[] {
  if (paragraphs) return textParagraphs(text).map((p) => ({ pieces: [{ startMs: null, text: p.text }] }));
  return collapseRepeatedLines(text.replace(/\r\n?/g, '\n').split('\n'))
    .map(clean)
    .filter((line) => line !== '')
    .map((line) => ({ pieces: [{ startMs: null, text: line }] }));
}

function render(blocks: readonly Block[], options: TxtOptions, withHours: boolean): string {
  const everyMs = Math.max(TXT_EVERY_SECONDS.min, options.everySeconds) * 1000;
  let nextMark = 0;
  /** The `[mm:ss] ` before a piece, if one goes there. */
  const markBefore = (piece: Piece, first: boolean): string => {
    if (piece.startMs === null) return '';
    if (options.timestamps === 'paragraph') return first ? `${txtStamp(piece.startMs, withHours)} ` : '';
    if (options.timestamps !== 'every' || piece.startMs < nextMark) return '';
    nextMark = (Math.floor(piece.startMs / everyMs) + 1) * everyMs;
    return `${txtStamp(piece.startMs, withHours)} `;
  };
  let previousSpeaker: string | undefined;
  const out = blocks.map((block) => {
    const label = options.speakers && block.speaker !== undefined && block.speaker !== previousSpeaker ? `${block.speaker}: ` : '';
    previousSpeaker = block.speaker;
    // A mark at the block's start goes before the name: "[01:02] Ana: …" reads as when, then who.
    return block.pieces.map((piece, i) => `${markBefore(piece, i === 0)}${i === 0 ? label : ''}${piece.text}`).join(' ');
  });
  return out.length === 0 ? '' : `${out.join(options.paragraphs ? '\n\n' : '\n')}\n`;
}

/** The TXT of a transcript (segments in time order where it has timing). */
export function formatTxt(doc: { text: string; segments: readonly Segment[] | null }, given: Partial<TxtOptions> = {}): string {
  const options: TxtOptions = { ...DEFAULT_TXT_OPTIONS, ...given };
  const segments = doc.segments !== null && doc.segments.length > 0 ? doc.segments : null;
  const speakers = segments?.some((s) => s.speaker !== undefined && s.speaker !== '') ?? false;
  if (!options.paragraphs && options.timestamps === 'none') {
    // The line-per-caption TXT as it always was (the source's own text), less the rolling repeats.
    if (speakers && options.speakers && segments !== null) return speakerText(collapseWithIndex(segments).map((c) => c.segment));
    // Where the text is the captions a line each (YouTube, publisher captions), the timed rule
    // decides, which keeps what is said again after a pause; else the source's text, line by line.
    if (segments !== null && !speakers && doc.text === segments.map((s) => s.text).join('\n')) {
      const lines = collapseWithIndex(segments).map((c) => c.segment.text);
      return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
    }
    if (segments === null || !speakers) {
      const lines = collapseRepeatedLines(doc.text.split('\n')).join('\n');
      return lines.endsWith('\n') || lines === '' ? lines : `${lines}\n`;
    }
  }
  const withHours = segments?.some((s) => s.endMs >= HOUR_MS) ?? false;
  const blocks = segments !== null ? timedBlocks(segments, options.paragraphs) : untimedBlocks(doc.text, options.paragraphs);
  return render(blocks, options, withHours);
}
