// SubRip and WebVTT files written directly: a few lines each, and every rule a reader relies on is
// here to see. What standard readers (the W3C parser, ffmpeg, players) need:
// - WebVTT cue text escaped: `&`, `<` and `>` as `&amp;`, `&lt;`, `&gt;`. Unescaped, "I <3 this"
//   reads as "I " (a tag starts at `<`), and a line holding "-->" ends the cue it is in (the W3C
//   parser takes it for the next timing line); escaped, it reads "--&gt;".
// - No blank line inside a cue: an empty line ends the cue in both formats, and the lines after it
//   are lost. Cue lines come from wrapWords (cues.ts), which never gives an empty one; blank
//   lines are dropped here all the same.
// - Times from whole milliseconds, hours never wrapped (`100:00:00.000` past 99 hours).
// SubRip has no escaping at all: its text is written as it is.
import type { Cue } from './cues';

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
export const escapeVttText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A cue's text, already escaped, with its speaker's voice span (speakers.ts says why VTT carries
 * speakers this way). The name is escaped like cue text, since `>` would end the tag early, and
 * its whitespace folded, since a line break would split the cue's first line.
 */
function withVoice(text: string, speaker: string | undefined): string {
  const name = escapeVttText((speaker ?? '').replace(/\s+/g, ' ').trim());
  return name === '' ? text : `<v ${name}>${text}`;
}

const textLines = (cue: Cue) => cue.lines.filter((line) => line.trim() !== '');

export function writeSrt(cues: readonly Cue[]): string {
  return cues.map((cue, index) => `${index + 1}\n${span(cue, ',')}\n${textLines(cue).join('\n')}\n\n`).join('');
}

/** Speakers as a voice span on each cue (speakers.ts); cue numbers as identifiers, as SRT has them. */
export function writeVtt(cues: readonly Cue[]): string {
  const body = cues.map((cue, index) => `${index + 1}\n${span(cue, '.')}\n${withVoice(escapeVttText(textLines(cue).join('\n')), cue.speaker)}\n\n`);
  return `WEBVTT\n\n${body.join('')}`;
}
