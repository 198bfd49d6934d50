// Subtitle cues from transcript segments. Users ask for a maximum line length per cue (Buzz,
// Vibe issues); long segments become several cues whose times are shared out by length.
import type { Segment } from '../transcript';

export interface CueOptions {
  /** Characters per subtitle line. */
  maxLineLength: number;
  /** Lines per cue before a new cue starts. */
  maxLines: number;
}

export const DEFAULT_CUE_OPTIONS: CueOptions = { maxLineLength: 42, maxLines: 2 };

export interface Cue {
  startMs: number;
  endMs: number;
  lines: string[];
  /** The segment's speaker, where the source named one. */
  speaker?: string;
}

/** Exactly the characters `\s` matches: words are split where the regular expression would split them. */
function isWhitespace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/**
 * Lines cut straight out of `text` when it is words joined by single spaces, none longer than a
 * line (what cleaned captions are): no word list, no joining. Undefined when it is anything else.
 */
function wrapPlainWords(text: string, width: number): string[] | undefined {
  if (!(width >= 1)) return undefined;
  const lines: string[] = [];
  let lineStart = 0;
  let wordStart = 0;
  for (let i = 0; i <= text.length; i++) {
    const end = i === text.length;
    const c = end ? 32 : text.charCodeAt(i);
    if (c !== 32) {
      if (isWhitespace(c)) return undefined;
      continue;
    }
    // A space that is not a single separator between two words: leading, trailing or doubled.
    if (i === wordStart) return undefined;
    if (i - wordStart > width) return undefined;
    if (i - lineStart > width) {
      lines.push(text.slice(lineStart, wordStart - 1));
      lineStart = wordStart;
    }
    wordStart = i + 1;
  }
  if (text.length > 0) lines.push(text.slice(lineStart));
  return lines;
}

/** Greedy word wrap; a word longer than a line is cut. */
export function wrapWords(text: string, width: number): string[] {
  const plain = wrapPlainWords(text, width);
  if (plain !== undefined) return plain;
  const lines: string[] = [];
  let line = '';
  for (let word of text.split(/\s+/).filter((w) => w !== '')) {
    while (word.length > width) {
      if (line !== '') lines.push(line);
      lines.push(word.slice(0, width));
      word = word.slice(width);
      line = '';
    }
    if (line === '') line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** Each cue of the segments in order, handed over as it is made (the subtitle writers build no list). */
export function forEachCue(segments: readonly Segment[], options: Partial<CueOptions>, visit: (startMs: number, endMs: number, lines: string[], speaker: string | undefined) => void): void {
  const { maxLineLength, maxLines } = { ...DEFAULT_CUE_OPTIONS, ...options };
  const width = Math.max(8, Math.floor(maxLineLength));
  const perCue = Math.max(1, Math.floor(maxLines));
  for (const segment of segments) {
    const lines = wrapWords(segment.text, width);
    if (lines.length === 0) continue;
    if (lines.length <= perCue) {
      visit(segment.startMs, Math.max(segment.startMs, segment.endMs), lines, segment.speaker);
      continue;
    }
    let totalChars = 0;
    for (const line of lines) totalChars += line.length;
    const span = Math.max(0, segment.endMs - segment.startMs);
    let start = segment.startMs;
    let charsSoFar = 0;
    for (let first = 0; first < lines.length; first += perCue) {
      const group = lines.slice(first, first + perCue);
      for (const line of group) charsSoFar += line.length;
      // Written as "not before the end" so that a NaN option still ends on the segment's end, as it always did.
      const end = !(first + perCue < lines.length) ? segment.endMs : segment.startMs + Math.round((span * charsSoFar) / totalChars);
      visit(start, Math.max(start, end), group, segment.speaker);
      start = end;
    }
  }
}

export function segmentsToCues(segments: readonly Segment[], options: Partial<CueOptions> = {}): Cue[] {
  const cues: Cue[] = [];
  forEachCue(segments, options, (startMs, endMs, lines, speaker) => cues.push({ startMs, endMs, lines, ...(speaker === undefined ? {} : { speaker }) }));
  return cues;
}
