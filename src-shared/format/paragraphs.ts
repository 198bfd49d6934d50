// Paragraphs from timed lines, for the readable exports (TXT, Markdown, DOCX) and the viewer.
// Captions and speech-to-text come as short lines; a reader wants blocks of thought. A paragraph
// ends where the speaker changes, where someone pauses at the end of a sentence, and, when it has
// grown long, at the next sentence end. Automatic captions carry no punctuation at all, so for
// them pause length alone decides. The same input always gives the same paragraphs (exports
// are compared across runs and versions). Rolling-caption repeats are removed first (repeats.ts):
// paragraphs are for reading.
import type { Segment } from '../transcript';
import { collapseRepeatedLines, collapseWithIndex } from './repeats';

export interface Paragraph {
  /** Where the paragraph starts and ends in the media; null for a transcript without timing. */
  startMs: number | null;
  endMs: number | null;
  speaker?: string;
  text: string;
  /** Indexes of the first and last segment in it (timed transcripts), for links back to the lines. */
  first: number;
  last: number;
}

export interface ParagraphRules {
  /** A pause this long after a sentence end starts a new paragraph. */
  sentencePauseMs: number;
  /** A pause this long starts a new paragraph whatever the punctuation. */
  longPauseMs: number;
  /**
   * From this length a paragraph ends at the next sentence end (punctuated text), or at the next
   * line (unpunctuated): rolling auto-captions run cue into cue without a gap, so waiting for a
   * pause would make every paragraph `maxChars` long.
   */
  targetChars: number;
  /** No paragraph grows past this: it ends at the next line whatever comes. */
  maxChars: number;
  /** Unpunctuated text: the pause that ends a paragraph once it reaches `targetChars / 2`. */
  unpunctuatedPauseMs: number;
}

export const PARAGRAPH_RULES: ParagraphRules = {
  sentencePauseMs: 1200,
  longPauseMs: 3000,
  targetChars: 450,
  maxChars: 1200,
  unpunctuatedPauseMs: 700,
};

const SENTENCE_END = /[.!?…。！？]["'”’)\]]*$/u;
const SENTENCE_ENDS = /[.!?…。！？]["'”’)\]]*(?=\s|$)/gu;

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Whether a text is punctuated: at least one sentence end per 60 words. Automatic captions have
 * none; creator captions and speech-to-text have one every 10 to 20 words.
 */
export function isPunctuated(texts: readonly string[]): boolean {
  let words = 0;
  let ends = 0;
  for (const text of texts) {
    words += text.split(/\s+/).filter((w) => w !== '').length;
    ends += text.match(SENTENCE_ENDS)?.length ?? 0;
  }
  return words === 0 || ends * 60 >= words;
}

/**
 * Paragraphs of a timed transcript (segments in time order). `first` and `last` are indexes into
 * `segments` as given, though segments that only repeat the cue before them are left out.
 */
export function paragraphs(segments: readonly Segment[], rules: ParagraphRules = PARAGRAPH_RULES): Paragraph[] {
  // Skipping empty lines here keeps a caption file's blank cues from starting or ending anything.
  const lines = collapseWithIndex(segments).filter((c) => clean(c.segment.text) !== '');
  const punctuated = isPunctuated(lines.map((c) => c.segment.text));
  const out: Paragraph[] = [];
  let current: { parts: string[]; chars: number; first: number; last: number; start: Segment; end: Segment; speaker?: string } | undefined;

  const close = () => {
    if (current === undefined) return;
    const text = clean(current.parts.join(' '));
    if (text !== '') out.push({ startMs: current.start.startMs, endMs: current.end.endMs, ...(current.speaker !== undefined ? { speaker: current.speaker } : {}), text, first: current.first, last: current.last });
    current = undefined;
  };

  lines.forEach(({ segment, index }) => {
    const text = clean(segment.text);
    if (current !== undefined) {
      const previous = current.end;
      const pause = segment.startMs - previous.endMs;
      const endedSentence = SENTENCE_END.test(clean(previous.text));
      const speakerChanged = (segment.speaker ?? '') !== (current.speaker ?? '');
      const breakHere =
        speakerChanged ||
        pause >= rules.longPauseMs ||
        current.chars >= rules.maxChars ||
        (punctuated
          ? endedSentence && (pause >= rules.sentencePauseMs || current.chars >= rules.targetChars)
          : (pause >= rules.unpunctuatedPauseMs && current.chars >= rules.targetChars / 2) || current.chars >= rules.targetChars);
      if (breakHere) close();
    }
    if (current === undefined) current = { parts: [], chars: 0, first: index, last: index, start: segment, end: segment, ...(segment.speaker !== undefined && segment.speaker !== '' ? { speaker: segment.speaker } : {}) };
    current.parts.push(text);
    current.chars += text.length + 1;
    current.last = index;
    current.end = segment;
  });
  close();
  return out;
}

/**
 * Paragraphs of a transcript without timing (plain text from a publisher or a platform): its own
 * blank-line paragraphs when it has them, else its lines gathered up to `targetChars` and ended
 * at a sentence end.
 */
export function textParagraphs(text: string, rules: ParagraphRules = PARAGRAPH_RULES): Paragraph[] {
  const untimed = (body: string, index: number): Paragraph => ({ startMs: null, endMs: null, text: body, first: index, last: index });
  const normalized = text.replace(/\r\n?/g, '\n').trim();
  if (normalized === '') return [];
  if (/\n\s*\n/.test(normalized)) {
    return normalized
      .split(/\n\s*\n/)
      .map(clean)
      .filter((p) => p !== '')
      .map(untimed);
  }
  // A long line (a whole transcript on one line) is cut into its sentences first.
  const lines = collapseRepeatedLines(normalized.split('\n').map(clean))
    .flatMap((line) => (line.length > rules.targetChars ? line.split(/(?<=[.!?…。！？]["'”’)\]]*)\s+/u) : [line]))
    .filter((l) => l !== '');
  const out: Paragraph[] = [];
  let parts: string[] = [];
  let chars = 0;
  for (const line of lines) {
    parts.push(line);
    chars += line.length + 1;
    if (chars >= rules.maxChars || (chars >= rules.targetChars && SENTENCE_END.test(line))) {
      out.push(untimed(parts.join(' '), out.length));
      parts = [];
      chars = 0;
    }
  }
  if (parts.length > 0) out.push(untimed(parts.join(' '), out.length));
  return out;
}

/** The paragraphs of a document: from its timed lines when it has them, else from its text. */
export function documentParagraphs(doc: { text: string; segments: readonly Segment[] | null }, rules: ParagraphRules = PARAGRAPH_RULES): Paragraph[] {
  return doc.segments !== null && doc.segments.length > 0 ? paragraphs(doc.segments, rules) : textParagraphs(doc.text, rules);
}
