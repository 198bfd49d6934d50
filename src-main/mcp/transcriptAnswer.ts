// A transcript as a tool answer. An agent's context is small next to a two-hour podcast (tens of
// thousands of timed lines), so one answer carries a window: `segmentLimit` timed lines from
// `segmentOffset`, or for a transcript without timing `MAX_TEXT_CHARS` characters from `textOffset`,
// and says how to ask for the next window.
import type { TranscriptView } from '#shared/contract/transcript';
import { playerClock } from '#shared/format/markdown';
import { answer } from './answers';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export const DEFAULT_SEGMENT_LIMIT = 300;
export const MAX_SEGMENT_LIMIT = 2000;
/** About 12k tokens: fits any agent's context with room to spare. */
export const MAX_TEXT_CHARS = 50_000;

export interface TranscriptWindow {
  segmentOffset: number;
  segmentLimit: number;
  textOffset: number;
}

/** How an answer by URL came about: read from the library (`in-library`), or a queue row's outcome (`done`, `cached`, `empty`) and what it cost. */
export interface Fetched {
  queueRowId: string | null;
  status: string;
  credits: number;
}

function fetchedLine(fetched: Fetched): string {
  if (fetched.queueRowId === null) return 'Fetched: already in the library, free';
  const cost = fetched.status === 'cached' || fetched.credits === 0 ? 'from the cache, free' : `${fetched.credits} credit(s) charged`;
  return `Fetched: ${cost} (queue row ${fetched.queueRowId})`;
}

/** `[m:ss] text` per timed line: what a person reads and an agent quotes with its moment. */
export const timedLine = (segment: { startMs: number; text: string }) => `[${playerClock(segment.startMs)}] ${segment.text}`;

export function transcriptAnswer(view: TranscriptView, window: TranscriptWindow, libraryId: number | null, fetched?: Fetched): CallToolResult {
  const head = [
    `Title: ${view.title ?? '(untitled)'}`,
    `Source: ${view.sourceUrl ?? 'unknown'}`,
    `Platform: ${view.platform}`,
    `Provenance: ${view.provenance === null ? 'not recorded' : view.provenance.kind}`,
    ...(libraryId === null ? [] : [`Library id: ${libraryId}`]),
    ...(fetched === undefined ? [] : [fetchedLine(fetched)]),
  ];
  const base = { ref: view.ref, libraryId, title: view.title, platform: view.platform, sourceUrl: view.sourceUrl, language: view.language, provenance: view.provenance, ...(fetched === undefined ? {} : { fetched }) };
  const segments = view.segments ?? [];
  if (segments.length > 0) {
    const shown = segments.slice(window.segmentOffset, window.segmentOffset + window.segmentLimit);
    const end = window.segmentOffset + shown.length;
    const more = end < segments.length ? `; call get_transcript again with segmentOffset ${end} for the next lines` : '';
    const note = `Timed lines ${shown.length === 0 ? 'none' : `${window.segmentOffset + 1}–${end}`} of ${segments.length}${more}.`;
    const timed = shown.map((s) => ({ start: playerClock(s.startMs), startMs: s.startMs, endMs: s.endMs, text: s.text }));
    const text = shown.map((s) => s.text).join(' ');
    return answer([...head, note, '', ...shown.map(timedLine)].join('\n'), { ...base, text, segments: timed, window: { segmentOffset: window.segmentOffset, returned: shown.length, total: segments.length, nextSegmentOffset: end < segments.length ? end : null } });
  }
  const text = view.text.slice(window.textOffset, window.textOffset + MAX_TEXT_CHARS);
  const end = window.textOffset + text.length;
  const more = end < view.text.length ? `; call get_transcript again with textOffset ${end} for the rest` : '';
  const note = `No timing for this transcript. Characters ${text.length === 0 ? 'none' : `${window.textOffset + 1}–${end}`} of ${view.text.length}${more}.`;
  return answer([...head, note, '', text].join('\n'), { ...base, text, segments: [], window: { textOffset: window.textOffset, returned: text.length, total: view.text.length, nextTextOffset: end < view.text.length ? end : null } });
}
