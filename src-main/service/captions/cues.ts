import type { Segment } from '#shared/transcript';
import { cleanCaptionLine } from './text';

/** A cue as a format gives it, before cleanup: start in ms, duration when the source states one. */
export interface RawCue {
  startMs: number;
  durationMs: number | undefined;
  text: string;
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
    if (text !== '') kept.push({ startMs: cue.startMs, durationMs: cue.durationMs, text });
  }
  const segments: Segment[] = new Array<Segment>(kept.length);
  for (let i = 0; i < kept.length; i++) {
    const cue = kept[i] as RawCue;
    const next = kept[i + 1];
    const untilNext = next !== undefined && next.startMs > cue.startMs ? Math.min(next.startMs, cue.startMs + UNSTATED_DURATION_CAP_MS) : cue.startMs;
    segments[i] = { text: cue.text, startMs: cue.startMs, endMs: cue.durationMs !== undefined ? cue.startMs + cue.durationMs : untilNext };
  }
  return segments;
}
