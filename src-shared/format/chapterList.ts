// Chapters read from text nobody here controls: a video's description (the creator's chapters) and
// a language model's answer. Both are lines with a timestamp and a title; everything else in them
// is ignored, and nothing they hold can make a chapter start outside the transcript or go back in
// time. Pure, so the same rules hold wherever chapters are read.
import type { Chapter } from '../contract/insights';

/** What one stored list of chapters may hold (contract/insights.ts: a title is at most 300 characters). */
export const MAX_CHAPTERS = 200;
export const MAX_TITLE_CHARS = 300;
/** YouTube's description limit is 5,000 characters; anything past this much is not a description. */
const MAX_SCANNED_CHARS = 50_000;
/** A line longer than this is prose, not a chapter line (and the regexes below never see it). */
const MAX_LINE_CHARS = 500;
/** YouTube shows description chapters only when each lasts at least ten seconds. */
const MIN_CREATOR_CHAPTER_SECONDS = 10;

/** `1:05`, `01:05`, `1:02:03` → seconds; anything else (`1:5`, `1:75`, `99:99:99`) → null. */
export function timestampSeconds(stamp: string): number | null {
  const match = /^(?:(\d{1,2}):)?(\d{1,3}):(\d{2})$/.exec(stamp);
  if (match === null) return null;
  const [, h, m, s] = match;
  const hours = h === undefined ? 0 : Number(h);
  const minutes = Number(m);
  const seconds = Number(s);
  if (seconds > 59 || (h !== undefined && minutes > 59)) return null;
  return hours * 3600 + minutes * 60 + seconds;
}

const STAMP = String.raw`\d{1,2}(?::\d{1,3})?:\d{2}`;
/** A timestamp first (`0:00 Intro`, `- [1:20] - Setup`, `**2:05** Q&A`, `3. 4:10 End`). */
const STAMP_FIRST = new RegExp(String.raw`^[\s\-–—•*>#▶►]*(?:\d{1,3}[.)]\s+)?[[(*]*(${STAMP})[\])*]*\s*[-–—:|.)]?\s*(.*)$`, 'u');
/** A timestamp last (`Intro - 0:00`, `Intro (0:00)`), as descriptions also write them. */
const STAMP_LAST = new RegExp(String.raw`^[\s\-–—•*>#]*(.*?)\s*[-–—:|]?\s*[[(]?(${STAMP})[\])]?\s*$`, 'u');

/** A line's timestamp (seconds) and title, or null when the line is not a chapter line. */
export function chapterLine(line: string): { start: number; title: string } | null {
  if (line.length > MAX_LINE_CHARS) return null;
  const first = STAMP_FIRST.exec(line);
  const last = first === null ? STAMP_LAST.exec(line) : null;
  const stamp = first?.[1] ?? last?.[2];
  const rawTitle = first?.[2] ?? last?.[1] ?? '';
  if (stamp === undefined) return null;
  const start = timestampSeconds(stamp);
  const title = cleanTitle(rawTitle);
  if (start === null || title === '') return null;
  return { start, title };
}

/** Markdown emphasis, quotes and separators off the ends; at most MAX_TITLE_CHARS. */
function cleanTitle(raw: string): string {
  const title = raw
    .replace(/[\p{Cc}\p{Cf}]/gu, ' ')
    .replace(/^[\s\-–—:|*_"'`]+|[\s\-–—:|*_"'`]+$/gu, '')
    .replace(/\s+/g, ' ');
  return [...title].slice(0, MAX_TITLE_CHARS).join('').trim();
}

function linesOf(text: string): string[] {
  return text.slice(0, MAX_SCANNED_CHARS).split(/\r\n|\r|\n/);
}

/**
 * The creator's chapters in a video description, by YouTube's own rule for showing them: the
 * timestamped lines, the first at 0:00, at least three, in ascending order, each at least ten
 * seconds long. A description that breaks the rule has no chapters (YouTube shows none either).
 * Chapters past the video's end (`durationSeconds`, when known) are dropped first: a description
 * copied from a longer cut should not send the viewer beyond the transcript.
 */
export function descriptionChapters(description: string, durationSeconds: number | null): Chapter[] {
  const found = linesOf(description)
    .map(chapterLine)
    .filter((c): c is Chapter => c !== null);
  const within = durationSeconds === null ? found : found.filter((c) => c.start < durationSeconds);
  if (within.length < 3 || within.length > MAX_CHAPTERS || within[0]?.start !== 0) return [];
  for (let i = 1; i < within.length; i++) {
    const previous = within[i - 1];
    const current = within[i];
    if (previous === undefined || current === undefined || current.start - previous.start < MIN_CREATOR_CHAPTER_SECONDS) return [];
  }
  return within;
}

/**
 * Chapters from a model's answer (`m:ss Title` lines), made safe: only starts inside the
 * transcript (`segmentStarts`, seconds, ascending), each moved back to the start of the segment it
 * falls in, ascending (a line going back in time is dropped, not reordered: the model lost its
 * place), one chapter per segment, and the first at 0. Empty when nothing usable was said.
 */
export function answerChapters(answer: string, segmentStarts: readonly number[], endSeconds: number): Chapter[] {
  const chapters: Chapter[] = [];
  if (segmentStarts.length === 0) return chapters;
  for (const line of linesOf(answer)) {
    const parsed = chapterLine(line);
    if (parsed === null || parsed.start > endSeconds) continue;
    const start = snapToSegment(parsed.start, segmentStarts);
    const previous = chapters[chapters.length - 1];
    if (previous !== undefined && start <= previous.start) continue;
    chapters.push({ start, title: parsed.title });
    if (chapters.length === MAX_CHAPTERS) break;
  }
  const first = chapters[0];
  if (first !== undefined) first.start = 0;
  return chapters;
}

/** The start of the segment `t` falls in (the last start at or before it; the first segment before any). */
export function snapToSegment(t: number, segmentStarts: readonly number[]): number {
  let lo = 0;
  let hi = segmentStarts.length - 1;
  let found = segmentStarts[0] ?? 0;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const start = segmentStarts[mid] ?? 0;
    if (start <= t) {
      found = start;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * At most `limit` chapters, keeping the longest: the shortest chapter is folded into the one before
 * it (its span joins that chapter) until few enough are left. The first chapter always stays.
 */
export function keepLongestChapters(chapters: readonly Chapter[], endSeconds: number, limit: number): Chapter[] {
  const kept = [...chapters];
  while (kept.length > Math.max(1, limit)) {
    let shortest = 1;
    let shortestSpan = Infinity;
    for (let i = 1; i < kept.length; i++) {
      const span = (kept[i + 1]?.start ?? endSeconds) - (kept[i]?.start ?? 0);
      if (span < shortestSpan) {
        shortestSpan = span;
        shortest = i;
      }
    }
    kept.splice(shortest, 1);
  }
  return kept;
}
