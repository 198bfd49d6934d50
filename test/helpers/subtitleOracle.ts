// The subtitle writers as they were before they wrote into one string (git show dfa9c26:src-shared/format/):
// words split by a regular expression, a Cue list, each file a map-and-join. Kept only as the oracle
// test/unit/subtitle-writers.test.ts holds the new writers to: byte-identical files.
import type { Segment } from '#shared/transcript';
import { labelSpeakerChanges } from '#shared/format/speakers';

interface CueOptions {
  maxLineLength: number;
  maxLines: number;
}
const DEFAULT_CUE_OPTIONS: CueOptions = { maxLineLength: 42, maxLines: 2 };

interface Cue {
  startMs: number;
  endMs: number;
  lines: string[];
  /** The segment's speaker, where the source named one. */
  speaker?: string;
}

/** Greedy word wrap; a word longer than a line is cut. */
function wrapWords(text: string, width: number): string[] {
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

function segmentsToCues(segments: readonly Segment[], options: Partial<CueOptions> = {}): Cue[] {
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
/** `HH:MM:SS` + separator + `mmm`; negative times are 0. */
function clock(ms: number, separator: ',' | '.'): string {
  const total = Math.max(0, Math.round(ms));
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor(total / 60_000) % 60;
  const s = Math.floor(total / 1000) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(total % 1000, 3)}`;
}

/** A cue's start and end; an end before its start is moved to the start. */
function span(cue: Cue, separator: ',' | '.'): string {
  return `${clock(cue.startMs, separator)} --> ${clock(Math.max(cue.startMs, cue.endMs), separator)}`;
}

/** Text escaped for a WebVTT cue (the W3C cue-text rules). */
const escapeVttText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The speaker's voice span as main has it at 2ff2169 (there moved into subtitleFiles.ts). */
function withVoice(text: string, speaker: string | undefined): string {
  const name = escapeVttText((speaker ?? '').replace(/\s+/g, ' ').trim());
  return name === '' ? text : `<v ${name}>${text}`;
}

const textLines = (cue: Cue) => cue.lines.filter((line) => line.trim() !== '');

function writeSrt(cues: readonly Cue[]): string {
  return cues.map((cue, index) => `${index + 1}\n${span(cue, ',')}\n${textLines(cue).join('\n')}\n\n`).join('');
}

/** Speakers as a voice span on each cue (speakers.ts); cue numbers as identifiers, as SRT has them. */
function writeVtt(cues: readonly Cue[]): string {
  const body = cues.map((cue, index) => `${index + 1}\n${span(cue, '.')}\n${withVoice(escapeVttText(textLines(cue).join('\n')), cue.speaker)}\n\n`);
  return `WEBVTT\n\n${body.join('')}`;
}

export function oracleSubtitles(segments: readonly Segment[], format: 'srt' | 'vtt', options: Partial<CueOptions>): string {
  if (format === 'srt') return writeSrt(segmentsToCues(labelSpeakerChanges(segments), options));
  return writeVtt(segmentsToCues(segments, options));
}
