// Joins the chunks' segments into one transcript. Where two chunks overlap (a cut inside speech),
// both heard the words around the cut; each such word must come out exactly once.
import type { Segment } from '#shared/transcript';
import { chunkEndMs, chunkStartMs, type Chunk } from './chunker';

export interface ChunkResult {
  chunk: Chunk;
  /** Absolute times. */
  segments: Segment[];
}

const normalize = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}' ]+/gu, ' ')
    .trim();
const words = (text: string) => normalize(text).split(/\s+/).filter((w) => w !== '');
const midpoint = (s: Segment) => (s.startMs + s.endMs) / 2;

/** Two recognitions of the same spoken word: same text, heard at nearly the same moment. */
const sameWord = (a: Segment, b: Segment) => Math.abs(midpoint(a) - midpoint(b)) < 250 && normalize(a.text) === normalize(b.text);

/**
 * Longest common subsequence of the few words inside an overlap, as index pairs: the words both
 * chunks heard.
 */
function commonWords(a: Segment[], b: Segment[]): [number, number][] {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  const at = (i: number, j: number) => (table[i] as number[])[j] as number;
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      (table[i] as number[])[j] = sameWord(a[i] as Segment, b[j] as Segment) ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
    }
  }
  const pairs: [number, number][] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length; ) {
    if (sameWord(a[i] as Segment, b[j] as Segment) && at(i, j) === at(i + 1, j + 1) + 1) pairs.push([i++, j++]);
    else if (at(i + 1, j) >= at(i, j + 1)) i++;
    else j++;
  }
  return pairs;
}

/** Drops from `right` the words at its start that repeat the last words of `left` (two or more). */
function stripRepeatedPrefix(left: Segment | undefined, right: Segment): Segment | undefined {
  if (left === undefined) return right;
  const tail = words(left.text).slice(-12);
  const head = right.text.split(/\s+/).filter((w) => w !== '');
  const headNorm = head.map((w) => normalize(w));
  for (let k = Math.min(tail.length, headNorm.length); k >= 2; k--) {
    if (tail.slice(-k).join(' ') === headNorm.slice(0, k).join(' ')) {
      const rest = head.slice(k).join(' ');
      return rest === '' ? undefined : { ...right, text: rest };
    }
  }
  return right;
}

/**
 * The segments both sides keep at one overlap. Word-level engines (one word per segment) are aligned
 * word by word: the split goes through the matched word nearest the cut, so a word heard by both is
 * kept once and a word heard by only one side is kept from that side. Otherwise (or when nothing
 * matches) each segment belongs to the chunk its midpoint falls in, and a repeated phrase at the
 * seam is removed from the right side.
 */
function joinAtOverlap(left: Segment[], right: Segment[], zoneStart: number, zoneEnd: number, cut: number, wordLevel: boolean): { left: Segment[]; right: Segment[] } {
  if (wordLevel) {
    const li = left.findIndex((s) => s.endMs > zoneStart);
    const ri = right.findLastIndex((s) => s.startMs < zoneEnd);
    const leftZone = li < 0 ? [] : left.slice(li);
    const rightZone = ri < 0 ? [] : right.slice(0, ri + 1);
    const pairs = commonWords(leftZone, rightZone);
    if (pairs.length > 0) {
      const [a, b] = pairs.reduce((best, p) => {
        const d = Math.abs(midpoint(leftZone[p[0]] as Segment) - cut);
        return d < Math.abs(midpoint(leftZone[best[0]] as Segment) - cut) ? p : best;
      });
      return { left: left.slice(0, li + a + 1), right: right.slice(b + 1) };
    }
  }
  const kept = { left: left.filter((s) => midpoint(s) < cut), right: right.filter((s) => midpoint(s) >= cut) };
  const first = kept.right[0];
  if (first !== undefined) {
    const stripped = stripRepeatedPrefix(kept.left.at(-1), first);
    kept.right = stripped === undefined ? kept.right.slice(1) : [stripped, ...kept.right.slice(1)];
  }
  return kept;
}

/** Segments of all chunks in time order, each spoken word once. */
export function mergeChunks(results: readonly ChunkResult[], wordLevel: boolean): Segment[] {
  const ordered = [...results].sort((a, b) => a.chunk.index - b.chunk.index);
  const merged: Segment[] = [];
  let pending: Segment[] = [];
  for (let i = 0; i < ordered.length; i++) {
    const current = ordered[i] as ChunkResult;
    let own = current.segments.filter((s) => s.text.trim() !== '');
    const previous = ordered[i - 1];
    if (previous !== undefined && chunkStartMs(current.chunk) < current.chunk.cutStartMs) {
      const joined = joinAtOverlap(pending, own, chunkStartMs(current.chunk), chunkEndMs(previous.chunk), current.chunk.cutStartMs, wordLevel);
      pending = joined.left;
      own = joined.right;
    }
    merged.push(...pending);
    pending = own;
  }
  merged.push(...pending);
  // Engines occasionally report a segment a few ms before the previous one ends; times stay monotonic.
  let floor = 0;
  return merged.map((s) => {
    const startMs = Math.max(floor, Math.round(s.startMs));
    const endMs = Math.max(startMs, Math.round(s.endMs));
    floor = startMs;
    // The loop guard's flag (pipeline.ts) survives the merge: the viewer shows it.
    return { text: s.text.trim(), startMs, endMs, ...(s.suspect === undefined ? {} : { suspect: s.suspect }) };
  });
}

/**
 * Word-level results grouped into readable lines for subtitles: a new line at a pause, or when a
 * line gets long.
 */
export function groupWords(segments: readonly Segment[], options = { pauseMs: 600, maxMs: 7000, maxChars: 84 }): Segment[] {
  const lines: Segment[] = [];
  let line: Segment | undefined;
  for (const w of segments) {
    if (line !== undefined && (w.startMs - line.endMs >= options.pauseMs || w.endMs - line.startMs > options.maxMs || line.text.length + 1 + w.text.length > options.maxChars)) {
      lines.push(line);
      line = undefined;
    }
    // A line holding a flagged word is flagged (the first reason met). Each word keeps its own
    // time in `words`: the word-timed exports (words JSON, highlighted WebVTT) read them.
    const suspect = line?.suspect ?? w.suspect;
    const word = { text: w.text, startMs: w.startMs, endMs: w.endMs };
    line =
      line === undefined
        ? { ...w, words: [word] }
        : { text: `${line.text} ${w.text}`, startMs: line.startMs, endMs: w.endMs, words: [...(line.words ?? []), word], ...(suspect === undefined ? {} : { suspect }) };
  }
  if (line !== undefined) lines.push(line);
  return lines;
}
