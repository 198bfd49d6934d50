// One scanner for the cues of WebVTT and SubRip files, written after the W3C WebVTT parser's block
// algorithm so that we find the cues a standards-conformant reader (and ffmpeg) finds:
// - only an empty line ends a cue: a line of spaces is cue text (YouTube's rolling captions and
//   hand-made SRT files have them as a cue's first line);
// - a timing line ends the cue before it even without a blank line in between (in SRT the cue
//   number above that timing line belongs to the next cue, as ffmpeg reads it);
// - timings without hours (`MM:SS.mmm`) are read in both formats.
// WebVTT follows the W3C algorithm exactly (test/unit/caption-scanner.test.ts checks it against
// webvtt-parser, the W3C validator's parser): a line containing `-->` ends cue text, timestamps
// are `[HH:]MM:SS.mmm`, NOTE and STYLE blocks are skipped. SubRip is read leniently: a comma or a
// dot before the milliseconds, one to three digits of them, and only a line that is a real timing
// ends a cue, so "a --> b" in a caption stays words (SRT cannot escape it).
// Cue text is returned as written (tags and entities included); text.ts cleans it.

export type CueDialect = 'webvtt' | 'srt';

export interface ScannedCue {
  startMs: number;
  endMs: number;
  /** The cue's lines as written, joined with `\n`. */
  text: string;
}

export interface ScanResult {
  /** WebVTT: whether the first line is a valid `WEBVTT` signature. SubRip has none: always true. */
  signed: boolean;
  /** In the order a player shows them: by start, the longer cue first when two start together. */
  cues: ScannedCue[];
}

// W3C: digits, ':', two digits, optionally ':' and two more, '.', then digits (checked below).
const VTT_TIMESTAMP = /(\d+):(\d+)(?::(\d+))?\.(\d+)/y;
const SRT_TIMESTAMP = /(\d+):(\d{1,2})(?::(\d{1,2}))?[,.](\d{1,3})(?!\d)/y;
const SPACES = /[ \t\f]*/y;
const SIGNATURE = /^\ufeff?WEBVTT(?:$|[ \t])/;
const COMMENT_OR_STYLE = /^(?:NOTE|STYLE)(?:$|[ \t])/;
const CUE_NUMBER = /^\s*\d+\s*$/;

const ms = (h: number, m: number, s: number, frac: number) => ((h * 60 + m) * 60 + s) * 1000 + frac;

/** A WebVTT timestamp at `pos` (the W3C rules: hours only when the first part has 3+ digits or is over 59). */
function vttTimestamp(line: string, pos: number): { ms: number; end: number } | undefined {
  VTT_TIMESTAMP.lastIndex = pos;
  const m = VTT_TIMESTAMP.exec(line);
  if (m === null) return undefined;
  const [, a = '', b = '', c, frac = ''] = m;
  const hours = a.length > 2 || Number(a) > 59;
  if (b.length !== 2 || frac.length !== 3) return undefined;
  if (hours && c === undefined) return undefined;
  if (c !== undefined && c.length !== 2) return undefined;
  if (c === undefined && a.length !== 2) return undefined;
  const [h, min, s] = c === undefined ? [0, Number(a), Number(b)] : [Number(a), Number(b), Number(c)];
  if (min > 59 || s > 59) return undefined;
  return { ms: ms(h, min, s, Number(frac)), end: VTT_TIMESTAMP.lastIndex };
}

/** A SubRip timestamp at `pos`: hours optional, `,` or `.`, a fraction of one to three digits. */
function srtTimestamp(line: string, pos: number): { ms: number; end: number } | undefined {
  SRT_TIMESTAMP.lastIndex = pos;
  const m = SRT_TIMESTAMP.exec(line);
  if (m === null) return undefined;
  const [, a = '', b = '', c, frac = ''] = m;
  const [h, min, s] = c === undefined ? [0, Number(a), Number(b)] : [Number(a), Number(b), Number(c)];
  if (min > 59 || s > 59) return undefined;
  return { ms: ms(h, min, s, Number(frac.padEnd(3, '0'))), end: SRT_TIMESTAMP.lastIndex };
}

function skipSpaces(line: string, pos: number): number {
  SPACES.lastIndex = pos;
  SPACES.exec(line);
  return SPACES.lastIndex;
}

/** `start --> end` and whatever settings follow; undefined when the line is no valid timing. */
function timing(line: string, dialect: CueDialect): { startMs: number; endMs: number } | undefined {
  const read = dialect === 'webvtt' ? vttTimestamp : srtTimestamp;
  const start = read(line, skipSpaces(line, 0));
  if (start === undefined) return undefined;
  const arrow = skipSpaces(line, start.end);
  if (!line.startsWith('-->', arrow)) return undefined;
  const end = read(line, skipSpaces(line, arrow + 3));
  if (end === undefined) return undefined;
  return { startMs: start.ms, endMs: end.ms };
}

/** Scans a caption file's cues. Never throws: what is not a cue is skipped, as the W3C parser does. */
export function scanCues(body: string, dialect: CueDialect): ScanResult {
  const lines = body.replace(/\0/g, '\ufffd').split(/\r\n|\r|\n/);
  // What ends cue text and starts a block's timing: in WebVTT any "-->", in SubRip a real timing.
  const isTiming = dialect === 'webvtt' ? (line: string) => line.includes('-->') : (line: string) => timing(line, 'srt') !== undefined;
  const blank = (i: number) => lines[i] === undefined || lines[i] === '';
  const cues: ScannedCue[] = [];
  let i = 0;
  // Set when a timing line ended the previous block: it is already the current line.
  let collected = false;
  let signed = true;

  if (dialect === 'webvtt') {
    signed = SIGNATURE.test(lines[0] ?? '');
    // Header lines up to the first blank line; a timing line there is a cue without the blank line.
    for (i = 1; !blank(i); i++) {
      if (isTiming(lines[i] as string)) {
        collected = true;
        break;
      }
    }
  }

  while (i < lines.length) {
    if (!collected) {
      while (i < lines.length && lines[i] === '') i++;
      if (i >= lines.length) break;
    }
    collected = false;
    const first = lines[i] as string;
    if (!isTiming(first)) {
      if (dialect === 'webvtt' && COMMENT_OR_STYLE.test(first)) {
        while (!blank(++i));
        continue;
      }
      // An identifier (a cue number in SRT); alone, or above something that is not a timing, it starts no cue.
      i++;
      if (blank(i) || !isTiming(lines[i] as string)) continue;
    }
    const times = timing(lines[i] as string, dialect);
    i++;
    const text: string[] = [];
    for (; !blank(i); i++) {
      if (isTiming(lines[i] as string)) {
        collected = true;
        break;
      }
      if (times !== undefined) text.push(lines[i] as string);
    }
    if (times === undefined) continue;
    // SRT without a blank line between cues: the number above the next timing is that cue's.
    if (collected && dialect === 'srt' && text.length > 0 && CUE_NUMBER.test(text.at(-1) as string)) text.pop();
    cues.push({ startMs: times.startMs, endMs: times.endMs, text: text.join('\n') });
  }
  // Stable, so cues that start and end together keep the file's order.
  cues.sort((a, b) => a.startMs - b.startMs || b.endMs - a.endMs);
  return { signed, cues };
}
