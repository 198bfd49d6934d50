// A transcript as the model reads it, and in parts when it does not fit the model's context (the
// map step of map-reduce). Parts break only between segments (or paragraphs of a plain-text
// transcript), so no line is cut in half and every `[m:ss]` mark stays with its words; only a
// single line longer than a whole part is cut, at a space.
import type { Segment } from '#shared/transcript';
import { playerClock } from '#shared/format/markdown';

/** `[m:ss] text` lines: the timed rendering chapters are asked from (and summaries read, where there is timing). */
export function timedLines(segments: readonly Segment[]): string[] {
  return segments.filter((s) => s.text.trim() !== '').map((s) => `[${playerClock(s.startMs)}] ${s.text.replace(/\s+/g, ' ').trim()}`);
}

/** A plain-text transcript's paragraphs (or lines, where it has no blank lines). */
export function paragraphs(text: string): string[] {
  const byBlank = text.split(/\n\s*\n/);
  const units = byBlank.length > 1 ? byBlank : text.split('\n');
  return units.map((u) => u.replace(/\s+/g, ' ').trim()).filter((u) => u !== '');
}

/** `line` in pieces of at most `max` characters, cut at the last space before the limit where there is one. */
function cutLine(line: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = line;
  while (rest.length > max) {
    const space = rest.lastIndexOf(' ', max);
    const at = space > max / 2 ? space : max;
    pieces.push(rest.slice(0, at).trimEnd());
    rest = rest.slice(at).trimStart();
  }
  if (rest !== '') pieces.push(rest);
  return pieces;
}

/**
 * `units` joined by newlines into as few parts as possible, each at most `maxChars` characters,
 * in order. One part when everything fits.
 */
export function splitParts(units: readonly string[], maxChars: number): string[] {
  const max = Math.max(1, Math.floor(maxChars));
  const parts: string[] = [];
  let current = '';
  for (const unit of units.flatMap((u) => cutLine(u, max))) {
    if (current === '') current = unit;
    else if (current.length + 1 + unit.length <= max) current += `\n${unit}`;
    else {
      parts.push(current);
      current = unit;
    }
  }
  if (current !== '') parts.push(current);
  return parts;
}
