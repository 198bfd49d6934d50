// Chapters: the creator's where a YouTube description has them (no model needed for those), else
// asked from the person's model over a timed rendering of the transcript (`[m:ss] text` lines).
// The model answers `m:ss Title` lines, not JSON: small local models keep that shape far more
// reliably, and a line-based answer is still usable when some lines are garbled (chapterList.ts
// keeps only chapters inside the transcript, ascending, snapped to segment starts, first at 0).
// Long transcripts: chapters per part (the marks are absolute, so no offsets), then merged; more
// than MERGED_LIMIT are thinned by keeping the longest spans, with no extra request.
import type { Chapter } from '#shared/contract/insights';
import { answerChapters, descriptionChapters, keepLongestChapters } from '#shared/format/chapterList';
import type { Segment } from '#shared/transcript';
import { LlmError, type LlmClient } from '#service/llm/index';
import type { VideoDescription } from '#service/platforms/youtube/description';
import { splitParts, timedLines } from './parts';
import { budgetFor } from './summarize';

const CHAPTER_TOKENS = 500;
/** Chapters kept when parts' chapters are merged: a table of contents, not an index. */
export const MERGED_LIMIT = 20;

const CHAPTER_INSTRUCTIONS =
  'You divide a transcript into chapters. Each transcript line starts with its time as [m:ss]. Answer ONLY with chapter lines, one per line, each "m:ss Title": the time of the line where the chapter starts (copied from the transcript) and a short title of at most 8 words in the transcript\'s language. The first chapter starts at 0:00. Make 3 to 10 chapters, in time order.';
const PART_CHAPTER_INSTRUCTIONS =
  'You divide one part of a longer transcript into chapters. Each line starts with its time as [m:ss]. Answer ONLY with chapter lines, one per line, each "m:ss Title": the time of the line where the chapter starts (copied from the part) and a short title of at most 8 words in the transcript\'s language. Make 1 to 4 chapters, in time order, the first at the part\'s first time.';

export interface ChapterRequest {
  llm: LlmClient;
  segments: readonly Segment[];
  sends: readonly string[];
}

export async function generatedChapters({ llm, segments, sends }: ChapterRequest): Promise<Chapter[]> {
  const lines = timedLines(segments);
  const starts = segments.map((s) => s.startMs / 1000);
  const end = segments.reduce((latest, s) => Math.max(latest, s.endMs / 1000, s.startMs / 1000), 0);
  const whole = lines.join('\n');
  const ask = (instructions: string, content: string) => llm.chat({ messages: [{ role: 'system', content: instructions }, { role: 'user', content }], sends, maxTokens: CHAPTER_TOKENS });

  let chapters: Chapter[];
  if (whole.length <= budgetFor(llm, CHAPTER_INSTRUCTIONS, CHAPTER_TOKENS)) {
    chapters = answerChapters(await ask(CHAPTER_INSTRUCTIONS, `Transcript:\n${whole}`), starts, end);
  } else {
    const parts = splitParts(lines, budgetFor(llm, PART_CHAPTER_INSTRUCTIONS, CHAPTER_TOKENS));
    const answers: string[] = [];
    for (const [i, part] of parts.entries()) answers.push(await ask(PART_CHAPTER_INSTRUCTIONS, `Part ${i + 1} of ${parts.length}:\n${part}`));
    chapters = keepLongestChapters(answerChapters(answers.join('\n'), starts, end), end, MERGED_LIMIT);
  }
  if (chapters.length === 0) throw new LlmError(`The language model at ${llm.config.endpoint} (${llm.config.model}) answered no usable chapters (lines "m:ss Title" inside the transcript); nothing was stored`);
  return chapters;
}

/** The creator's chapters in a description; empty when it has none (by YouTube's rule). */
export function creatorChapters(description: Extract<VideoDescription, { ok: true }>, segments: readonly Segment[]): Chapter[] {
  const transcriptEnd = segments.reduce((end, s) => Math.max(end, s.endMs / 1000), 0);
  return descriptionChapters(description.description, description.lengthSeconds ?? (transcriptEnd > 0 ? transcriptEnd : null));
}
