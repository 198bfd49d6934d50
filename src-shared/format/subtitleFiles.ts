// SubRip and WebVTT files written directly into one string, cue by cue as the cues are made (no
// cue list, no per-cue arrays joined): a few lines each, and every rule a reader relies on is here
// to see. What standard readers (the W3C parser, ffmpeg, players) need:
// - WebVTT cue text escaped: `&`, `<` and `>` as `&amp;`, `&lt;`, `&gt;`. Unescaped, "I <3 this"
//   reads as "I " (a tag starts at `<`), and a line holding "-->" ends the cue it is in (the W3C
//   parser takes it for the next timing line); escaped, it reads "--&gt;".
// - No blank line inside a cue: an empty line ends the cue in both formats, and the lines after it
//   are lost. Cue lines come from wrapWords (cues.ts), which never gives an empty one; blank
//   lines are dropped here all the same.
// - Times from whole milliseconds, hours never wrapped (`100:00:00.000` past 99 hours).
// SubRip has no escaping at all: its text is written as it is.
import type { Segment } from '../transcript';
import { forEachCue, type CueOptions } from './cues';

const two = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const three = (n: number) => (n < 10 ? `00${n}` : n < 100 ? `0${n}` : `${n}`);

/** `HH:MM:SS` + separator + `mmm`; negative times are 0. */
function clock(ms: number, separator: ',' | '.'): string {
  const total = Math.max(0, Math.round(ms));
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor(total / 60_000) % 60;
  const s = Math.floor(total / 1000) % 60;
  return `${two(h)}:${two(m)}:${two(s)}${separator}${three(total % 1000)}`;
}

/** A cue's start and end; an end before its start is moved to the start. */
const span = (startMs: number, endMs: number, separator: ',' | '.') => `${clock(startMs, separator)} --> ${clock(Math.max(startMs, endMs), separator)}`;

/** Text escaped for a WebVTT cue (the W3C cue-text rules). */
export const escapeVttText = (text: string) => (/[&<>]/.test(text) ? text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;') : text);

/** The cue's lines joined by line breaks, blank ones left out. */
function cueText(lines: readonly string[]): string {
  let text = '';
  let first = true;
  for (const line of lines) {
    if (line.trim() === '') continue;
    text = first ? line : `${text}\n${line}`;
    first = false;
  }
  return text;
}

/**
 * A cue's text, already escaped, with its speaker's voice span (speakers.ts says why VTT carries
 * speakers this way). The name is escaped like cue text, since `>` would end the tag early, and
 * its whitespace folded, since a line break would split the cue's first line.
 */
function withVoice(text: string, speaker: string | undefined): string {
  const name = escapeVttText((speaker ?? '').replace(/\s+/g, ' ').trim());
  return name === '' ? text : `<v ${name}>${text}`;
}

export function writeSrt(segments: readonly Segment[], options: Partial<CueOptions> = {}): string {
  let out = '';
  let index = 0;
  forEachCue(segments, options, (startMs, endMs, lines) => {
    out += `${++index}\n${span(startMs, endMs, ',')}\n${cueText(lines)}\n\n`;
  });
  return out;
}

/** Speakers as a voice span on each cue (speakers.ts); cue numbers as identifiers, as SRT has them. */
export function writeVtt(segments: readonly Segment[], options: Partial<CueOptions> = {}): string {
  let out = 'WEBVTT\n\n';
  let index = 0;
  forEachCue(segments, options, (startMs, endMs, lines, speaker) => {
    out += `${++index}\n${span(startMs, endMs, '.')}\n${withVoice(escapeVttText(cueText(lines)), speaker)}\n\n`;
  });
  return out;
}
