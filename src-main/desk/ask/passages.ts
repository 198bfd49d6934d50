// What the ask feature reads of a transcript: its stored lines ("units") as the viewer shows them
// (the export version's segments, or the text's lines for a transcript without timing), and the
// passages it sends: windows of consecutive units.
import type { TranscriptRef, TranscriptView } from '#shared/contract/transcript';
import type { LibraryPlatform } from '#shared/platforms';

/** One stored line: a segment (with its index and times in seconds) or, untimed, a line of text. */
export interface StoredUnit {
  text: string;
  /** The segment's index as the viewer shows it; null for a transcript without segments. */
  index: number | null;
  start: number | null;
  end: number | null;
}

/** A transcript the question matched, with every stored unit (quotes are checked against all of them). */
export interface AskSource {
  libraryId: number;
  ref: TranscriptRef;
  title: string | null;
  platform: LibraryPlatform;
  units: StoredUnit[];
}

/** Consecutive units `from` … `to - 1` of a source. */
export interface Passage {
  source: AskSource;
  from: number;
  to: number;
  text: string;
}

export function unitsOf(view: Pick<TranscriptView, 'segments' | 'text'>): StoredUnit[] {
  if (view.segments !== null && view.segments.length > 0) {
    return view.segments.map((s, index) => ({ text: s.text, index, start: s.startMs / 1000, end: s.endMs / 1000 }));
  }
  return view.text
    .split(/\n+/)
    .filter((line) => line.trim() !== '')
    .map((text) => ({ text, index: null, start: null, end: null }));
}

/** A passage's text is about this long: a few sentences, enough context for one point. */
export const PASSAGE_CHARS = 600;
/** …and at most this many units, so a run of one-word captions does not become a page. */
export const PASSAGE_UNITS = 8;

/** The source cut into windows of consecutive units, none overlapping, in order. */
export function windowsOf(source: AskSource): Passage[] {
  const windows: Passage[] = [];
  let from = 0;
  while (from < source.units.length) {
    let to = from;
    let length = 0;
    while (to < source.units.length && to - from < PASSAGE_UNITS && (length < PASSAGE_CHARS || to === from)) {
      length += (source.units[to]?.text.length ?? 0) + 1;
      to += 1;
    }
    const text = source.units
      .slice(from, to)
      .map((u) => u.text.trim())
      .filter((t) => t !== '')
      .join(' ');
    // A single unit longer than a passage (an untimed transcript's paragraph) is cut, not sent whole.
    if (text !== '') windows.push({ source, from, to, text: text.length > PASSAGE_CHARS * 2 ? `${text.slice(0, PASSAGE_CHARS * 2)}…` : text });
    from = to;
  }
  return windows;
}
