import type { Segment, Word } from '#shared/transcript';
import { cleanCaptionLine } from './text';

/** A cue as a format gives it, before cleanup: start in ms, duration when the source states one. */
export interface RawCue {
  startMs: number;
  durationMs: number | undefined;
  text: string;
  /** Each word's text and start, where the format times words (json3 ASR); ends are set by toSegments. */
  words?: { text: string; startMs: number }[];
}

/** Seconds as written in timedtext (`"1.54"`) to integer ms; undefined when unreadable. */
export function secondsToMs(value: unknown): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 1000) : undefined;
}

export function wholeMs(value: unknown): number | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.round(n) : undefined;
}

/** Longest a cue without a stated duration is assumed to last: about two lines of speech. */
export const UNSTATED_DURATION_CAP_MS = 10_000;

/**
 * Cleans the text of each cue and drops the empty ones (`<text/>`, append-newline paragraphs).
 * A cue without a duration lasts until the next cue starts, at most UNSTATED_DURATION_CAP_MS (its
 * end stays at its start when it is the last one): a zero-length cue would vanish from a subtitle
 * export, and one stretched over a long silence would show stale words.
 */
export function toSegments(cues: readonly RawCue[]): Segment[] {
  const kept: RawCue[] = [];
  for (const cue of cues) {
    const text = cleanCaptionLine(cue.text);
    if (text !== '') kept.push({ startMs: cue.startMs, durationMs: cue.durationMs, text, ...(cue.words === undefined ? {} : { words: cue.words }) });
  }
  const segments: Segment[] = new Array<Segment>(kept.length);
  for (let i = 0; i < kept.length; i++) {
    const cue = kept[i] as RawCue;
    const next = kept[i + 1];
    const untilNext = next !== undefined && next.startMs > cue.startMs ? Math.min(next.startMs, cue.startMs + UNSTATED_DURATION_CAP_MS) : cue.startMs;
    const endMs = cue.durationMs !== undefined ? cue.startMs + cue.durationMs : untilNext;
    const words = cue.words === undefined ? [] : timedWords(cue.words, endMs);
    segments[i] = words.length > 0 ? { text: cue.text, startMs: cue.startMs, endMs, words } : { text: cue.text, startMs: cue.startMs, endMs };
  }
  return segments;
}

/**
 * Words with their ends: each lasts until the next one starts, the last until the line ends. Their
 * text is cleaned like the line's (entities decoded, spaces trimmed); empty ones are dropped.
 */
function timedWords(words: readonly { text: string; startMs: number }[], lineEndMs: number): Word[] {
  const kept = words.map((w) => ({ text: cleanCaptionLine(w.text), startMs: w.startMs })).filter((w) => w.text !== '');
  return kept.map((w, i) => ({ text: w.text, startMs: w.startMs, endMs: Math.max(w.startMs, kept[i + 1]?.startMs ?? lineEndMs) }));
}
