// Exports of word timing, where the source gives it (YouTube automatic captions, whisper's word
// timestamps): `words`, JSON of the timed lines with their words; `vtt-words`, WebVTT whose cues
// carry an inline timestamp before each word (`<00:00:01.500><c>word</c>`), so players that
// support it (browsers' ::cue(:past) / ::cue(:future), most karaoke-style subtitle players)
// highlight each word as it is spoken.
import type { Segment, Word } from '../transcript';
import { escapeVttText } from './subtitleFiles';

export function hasWords(segments: readonly Segment[] | null): boolean {
  return segments?.some((s) => s.words !== undefined && s.words.length > 0) ?? false;
}

const two = (n: number) => String(n).padStart(2, '0');

/** WebVTT's `HH:MM:SS.mmm`, hours never wrapped. */
export function vttClock(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  return `${two(Math.floor(total / 3_600_000))}:${two(Math.floor(total / 60_000) % 60)}:${two(Math.floor(total / 1000) % 60)}.${String(total % 1000).padStart(3, '0')}`;
}

/**
 * A cue's text with a timestamp before each word. The WebVTT rules: a timestamp inside a cue must
 * lie after the cue's start and every earlier timestamp, and before its end; a word whose time breaks
 * that (the first word, which starts with the cue, or times a source rounded oddly) carries no
 * timestamp and is highlighted with the word before it.
 */
function karaokeText(words: readonly Word[], startMs: number, endMs: number): string {
  let last = startMs;
  return words
    .map((word) => {
      const tag = word.startMs > last && word.startMs < endMs ? `<${vttClock(word.startMs)}>` : '';
      if (tag !== '') last = word.startMs;
      return `${tag}<c>${escapeVttText(word.text.replace(/\s+/g, ' ').trim())}</c>`;
    })
    .join(' ');
}

/**
 * One cue per timed line (a line is what the source showed at once); a line without words is
 * written as plain cue text. A voice span names the speaker where the source does.
 */
export function writeWordVtt(segments: readonly Segment[]): string {
  let out = 'WEBVTT\n\n';
  let index = 0;
  for (const segment of segments) {
    const endMs = Math.max(segment.startMs, segment.endMs);
    const words = (segment.words ?? []).filter((w) => w.text.trim() !== '');
    const text = words.length > 0 ? karaokeText(words, segment.startMs, endMs) : escapeVttText(segment.text.replace(/\s+/g, ' ').trim());
    if (text === '') continue;
    const speaker = escapeVttText((segment.speaker ?? '').replace(/\s+/g, ' ').trim());
    out += `${++index}\n${vttClock(segment.startMs)} --> ${vttClock(endMs)}\n${speaker === '' ? '' : `<v ${speaker}>`}${text}\n\n`;
  }
  return out;
}

/** The `words` JSON: the document's facts and its timed lines, each with its words (`[]` where the source timed none). */
export function writeWordsJson(doc: { title?: string | null; sourceUrl?: string; platform?: string; language?: string | null; segments: readonly Segment[] | null }): string {
  const segments = (doc.segments ?? []).map((s) => ({
    text: s.text,
    startMs: s.startMs,
    endMs: s.endMs,
    ...(s.speaker === undefined ? {} : { speaker: s.speaker }),
    words: (s.words ?? []).map((w) => ({ text: w.text, startMs: w.startMs, endMs: w.endMs })),
  }));
  return `${JSON.stringify({ title: doc.title ?? null, sourceUrl: doc.sourceUrl ?? null, platform: doc.platform ?? null, language: doc.language ?? null, segments }, null, 2)}\n`;
}
