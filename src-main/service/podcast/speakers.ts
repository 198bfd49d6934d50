// Speaker labels in publisher transcripts. WebVTT names a speaker with a voice span (`<v Name>` or
// `<v.class Name>`, closed by `</v>` or the end of the cue); the Podcast Index JSON format has a
// `speaker` field per segment; its HTML format a `<cite>Name:</cite>` before the paragraphs. SubRip
// has no way to name one, and a "Name:" at the start of an SRT line stays part of the words: we do
// not guess speakers from text.
import { WebVTTParser } from 'webvtt-parser';
import type { Segment } from '#shared/transcript';
import { cleanCaptionLine } from '../captions/text';
import { groupWords } from '../stt/merge';

const VOICE = /<v(?:\.[^\s>]*)?\s+([^>]+)>/g;

/** A voice span's name as people read it: entities decoded, spaces tidied. */
const speakerName = (raw: string) => cleanCaptionLine(raw);

interface Run {
  speaker: string | undefined;
  text: string;
}

/** The pieces of one cue's text by voice: a cue may hold two speakers (`<v A>Hi</v>\n<v B>Hello`). */
function voiceRuns(raw: string, carried: string | undefined): Run[] {
  const runs: Run[] = [];
  let speaker = carried;
  let from = 0;
  const push = (piece: string) => {
    const text = cleanCaptionLine(piece.replace(/\r?\n/g, ' '));
    if (text !== '') runs.push({ speaker, text });
  };
  for (const m of raw.matchAll(VOICE)) {
    push(raw.slice(from, m.index));
    speaker = speakerName(m[1] ?? '') || undefined;
    from = m.index + m[0].length;
  }
  push(raw.slice(from));
  return runs;
}

/** Shares a cue's time between its runs by their length, so each speaker keeps a plausible span. */
function timedRuns(runs: Run[], startMs: number, endMs: number): Segment[] {
  const total = runs.reduce((n, r) => n + r.text.length, 0);
  let at = startMs;
  let chars = 0;
  return runs.map((run, i) => {
    chars += run.text.length;
    const end = i === runs.length - 1 ? endMs : startMs + Math.round(((endMs - startMs) * chars) / total);
    const segment: Segment = { text: run.text, startMs: at, endMs: end, ...(run.speaker === undefined ? {} : { speaker: run.speaker }) };
    at = end;
    return segment;
  });
}

/**
 * A WebVTT body with voice spans as speaker-labelled segments; undefined when it names nobody (the
 * caption reader then handles it as any other captions file). A speaker named in one cue does not
 * carry into the next: a cue without a voice span has no speaker.
 */
export function vttWithSpeakers(body: string): Segment[] | undefined {
  if (!body.replace(/^\ufeff/, '').trimStart().startsWith('WEBVTT') || !/<v[\s.]/.test(body)) return undefined;
  const parsed = new WebVTTParser().parse(body.replace(/^\ufeff/, ''), 'metadata');
  const segments = parsed.cues.flatMap((cue) => timedRuns(voiceRuns(cue.text, undefined), Math.round(cue.startTime * 1000), Math.round(cue.endTime * 1000)));
  return segments.some((s) => s.speaker !== undefined) ? segments : undefined;
}

/**
 * Word-level segments (one word each, as many JSON transcripts are) grouped into readable lines; a
 * line never spans two speakers.
 */
export function groupBySpeaker(segments: readonly Segment[]): Segment[] {
  const lines: Segment[] = [];
  let run: Segment[] = [];
  const flush = () => {
    const speaker = run[0]?.speaker;
    lines.push(...groupWords(run).map((l) => (speaker === undefined ? { text: l.text, startMs: l.startMs, endMs: l.endMs } : { text: l.text, startMs: l.startMs, endMs: l.endMs, speaker })));
    run = [];
  };
  for (const s of segments) {
    if (run.length > 0 && run[0]?.speaker !== s.speaker) flush();
    run.push(s);
  }
  if (run.length > 0) flush();
  return lines;
}

/** `1:02:03`, `02:03`, `2:03.5` or `75` (seconds) as milliseconds; undefined when it is not a time. */
export function clockToMs(value: string): number | undefined {
  const m = /^\s*(?:(\d+):)?(?:(\d+):)?(\d+(?:[.,]\d+)?)\s*$/.exec(value);
  if (m === null) return undefined;
  const parts = [m[1], m[2]].filter((p): p is string => p !== undefined).map(Number);
  const seconds = Number((m[3] ?? '0').replace(',', '.'));
  const minutesAndHours = parts.reduce((total, p) => total * 60 + p, 0);
  return Math.round((minutesAndHours * 60 + seconds) * 1000);
}

/** How long a last paragraph with only a start time is taken to last: a slow reading pace. */
export const untimedEndMs = (startMs: number, text: string) => startMs + Math.max(2000, text.split(' ').length * 400);
