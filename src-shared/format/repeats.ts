// Rolling-caption repeats, removed for reading. Auto-captions (YouTube's rolling WebVTT, many
// creator SRTs from TikTok, Facebook, LinkedIn and Rumble tools) show speech as it grows: a cue
// repeats the line still on screen and adds one ("hello there" / "there friend how are you"), or
// repeats the whole previous cue and adds a few words ("hello" → "hello there" → "hello there
// friend"). Read as text, every sentence appears two or three times.
//
// Where this runs, and why here: at reading time (TXT, and the paragraphs that Markdown, DOCX and
// the viewer's reading view are made of), never when a transcript is fetched. The cached REST body
// is the spec's `transcript` as we built it on the day it was fetched, and it stays byte for byte
// the same for every later call and app version; the heuristic below can drop a word a speaker
// really said twice, so the data exports (JSON, CSV, SRT, VTT) and the REST body keep everything.
// Transcripts cached before this existed read clean as well. (The WebVTT/SRT parser's line-level
// `dropRollingRepeats` at fetch time predates this and stays: it only removes whole lines at the
// bottom of the previous cue, which is how those files draw a roll-up, never a spoken word.)
import type { Segment } from '../transcript';

/** A cue that starts this soon after the previous one ends (or overlaps it) can be a roll-up; after a real pause a repeat is speech. */
export const ROLL_GAP_MS = 100;

/**
 * A cue that starts with ALL of the previous cue and goes on is a growing line even after a pause
 * this long: the screen keeps the line while the speaker pauses, then it grows. People rarely say
 * a whole caption again and carry on; one-word cues ("no" … "no I don't") are the risk, and lose a word.
 */
export const GROW_GAP_MS = 3000;

/**
 * Fewest words of the previous cue's end that the next cue must repeat for them to count as a
 * carried-over line. One or two words ("you know", "no no") are often really said twice; three in
 * the same order across a cue boundary, without a pause, are a roll-up. A cue that repeats ALL of
 * the previous cue (the growing form, or YouTube's 10 ms flash cue) counts whatever its length.
 */
export const MIN_CARRIED_WORDS = 3;

const words = (text: string) => text.split(/\s+/).filter((w) => w !== '');
const key = (word: string) => word.toLocaleLowerCase('en');

/** How many words at the start of `after` repeat the end of `before` (0 when it is not a roll-up). */
export function repeatedWords(before: readonly string[], after: readonly string[]): number {
  for (let k = Math.min(before.length, after.length); k > 0; k--) {
    if (k < MIN_CARRIED_WORDS && k < before.length) return 0;
    let same = true;
    for (let i = 0; i < k && same; i++) same = key(before[before.length - k + i] as string) === key(after[i] as string);
    if (same) return k;
  }
  return 0;
}

/** A segment of the collapsed list and the index of the segment it comes from. */
export interface Collapsed {
  segment: Segment;
  index: number;
}

/**
 * The segments with what each repeats of the cue before it removed: a segment that only repeats
 * is dropped (the one before it then lasts until it ends), one that grows keeps its new words.
 * Compared with the previous cue as it was sent, so "hello" → "hello there" → "hello there
 * friend" reads "hello there friend". Only the same speaker, and only without a pause (a growing
 * line: GROW_GAP_MS).
 */
export function collapseWithIndex(segments: readonly Segment[]): Collapsed[] {
  const out: Collapsed[] = [];
  let previous: { segment: Segment; words: string[] } | undefined;
  segments.forEach((segment, index) => {
    const own = words(segment.text);
    let k = 0;
    if (previous !== undefined && (segment.speaker ?? '') === (previous.segment.speaker ?? '')) {
      const gap = segment.startMs - previous.segment.endMs;
      k = gap <= GROW_GAP_MS ? repeatedWords(previous.words, own) : 0;
      const grows = k === previous.words.length && k < own.length;
      if (gap > ROLL_GAP_MS && !grows) k = 0;
    }
    if (k === 0) out.push({ segment, index });
    else if (k < own.length) out.push({ segment: trimmed(segment, own, k), index });
    else {
      const last = out[out.length - 1];
      if (last !== undefined && segment.endMs > last.segment.endMs) last.segment = { ...last.segment, endMs: segment.endMs };
    }
    if (own.length > 0) previous = { segment, words: own };
  });
  return out;
}

/** The segment without its first `k` words (its word timings too, when they line up with its text). */
function trimmed(segment: Segment, own: readonly string[], k: number): Segment {
  const { words: timed, ...rest } = segment;
  const text = own.slice(k).join(' ');
  return timed !== undefined && timed.length === own.length ? { ...rest, text, words: timed.slice(k) } : { ...rest, text };
}

/** The segments with rolling repeats removed (see collapseWithIndex). */
export function collapseRepeats(segments: readonly Segment[]): Segment[] {
  return collapseWithIndex(segments).map((c) => c.segment);
}

/**
 * Lines of an untimed transcript (TikTok, Facebook, LinkedIn and Rumble captions arrive as text,
 * a line per cue) with the same repeats removed. Without timing there is no pause to tell speech
 * from a roll-up, so only the same rule on words: all of the previous line, or three words or more.
 */
export function collapseRepeatedLines(lines: readonly string[]): string[] {
  const out: string[] = [];
  let previous: string[] = [];
  for (const line of lines) {
    const own = words(line);
    if (own.length === 0) {
      // A blank line is a break the source made: what follows is not a roll-up of what came before.
      out.push(line);
      previous = [];
      continue;
    }
    const k = repeatedWords(previous, own);
    if (k < own.length) out.push(k === 0 ? line : own.slice(k).join(' '));
    previous = own;
  }
  return out;
}
