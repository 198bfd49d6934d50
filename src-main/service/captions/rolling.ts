import type { Segment } from '#shared/transcript';

/** A displayed cue: its cleaned lines and when it is on screen. */
export interface CueLines {
  startMs: number;
  endMs: number;
  lines: string[];
}

/** Cues this close together (or overlapping) can be a roll-up; a real pause between them is not. */
const ROLL_UP_GAP_MS = 50;

/** Largest k with the last k lines of `before` equal to the first k lines of `after`. */
function carriedOver(before: readonly string[], after: readonly string[]): number {
  for (let k = Math.min(before.length, after.length); k > 0; k--) {
    let same = true;
    for (let i = 0; i < k && same; i++) same = before[before.length - k + i] === after[i];
    if (same) return k;
  }
  return 0;
}

/**
 * Auto-captions roll up: each cue repeats the line(s) still on screen from the cue before and
 * adds a new one, and YouTube puts a 10 ms cue between them that repeats only the old line. Read
 * naively every sentence appears two or three times. A line counts as a repeat only when the cue
 * follows on without a pause and the line was at the bottom of the previous cue, so a speaker
 * who really says "No." twice after a pause keeps both.
 */
export function dropRollingRepeats(cues: readonly CueLines[]): Segment[] {
  const segments: Segment[] = [];
  let previous: CueLines | undefined;
  for (const cue of cues) {
    const follows = previous !== undefined && cue.startMs <= previous.endMs + ROLL_UP_GAP_MS;
    const fresh = follows && previous !== undefined ? cue.lines.slice(carriedOver(previous.lines, cue.lines)) : cue.lines;
    if (fresh.length > 0) segments.push({ text: fresh.join(' '), startMs: cue.startMs, endMs: cue.endMs });
    if (cue.lines.length > 0) previous = cue;
  }
  return segments;
}
