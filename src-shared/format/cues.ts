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

/** Greedy word wrap; a word longer than a line is cut. */
export function wrapWords(text: string, width: number): string[] {
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

export function segmentsToCues(segments: readonly Segment[], options: Partial<CueOptions> = {}): Cue[] {
  const { maxLineLength, maxLines } = { ...DEFAULT_CUE_OPTIONS, ...options };
  const width = Math.max(8, Math.floor(maxLineLength));
  const perCue = Math.max(1, Math.floor(maxLines));
  const cues: Cue[] = [];
  for (const segment of segments) {
    const lines = wrapWords(segment.text, width);
    if (lines.length === 0) continue;
    const groups: string[][] = [];
    for (let i = 0; i < lines.length; i += perCue) groups.push(lines.slice(i, i + perCue));
    const totalChars = lines.reduce((n, l) => n + l.length, 0);
    const span = Math.max(0, segment.endMs - segment.startMs);
    let start = segment.startMs;
    let charsSoFar = 0;
    groups.forEach((group, index) => {
      charsSoFar += group.reduce((n, l) => n + l.length, 0);
      const end = index === groups.length - 1 ? segment.endMs : segment.startMs + Math.round((span * charsSoFar) / totalChars);
      cues.push({ startMs: start, endMs: Math.max(start, end), lines: group, ...(segment.speaker === undefined ? {} : { speaker: segment.speaker }) });
      start = end;
    });
  }
  return cues;
}
