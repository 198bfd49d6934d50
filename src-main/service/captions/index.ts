// One entry for every caption body an upstream hands us: the format is sniffed from the body, since
// URLs and Content-Types lie (YouTube's `fmt=` is a request, Facebook's captions_url has no extension).
import type { Segment } from '#shared/transcript';
import { toSegments } from './cues';
import { parseJson3 } from './json3';
import { parseSrt, parseWebVtt } from './subtitles';
import { parseTimedTextXml } from './timedtext';

export type CaptionFormat = 'srv1' | 'srv3' | 'json3' | 'webvtt' | 'srt';

/**
 * Why a body gave no captions. `empty` and `html` are what blocks look like (YouTube's PO-token gate
 * answers 200 with nothing; block pages are HTML), so callers report them as upstream failures,
 * never as "no captions".
 */
export type CaptionProblem = 'empty' | 'html' | 'malformed' | 'unknown_format';

export type CaptionParse = { ok: true; format: CaptionFormat; segments: Segment[] } | { ok: false; problem: CaptionProblem; detail: string };

const SRT_START = /^\d+[ \t]*\r?\n[ \t]*(?:\d+:)?\d{1,2}:\d{2}[,.]\d{1,3}[ \t]*-->/;

export function parseCaptions(raw: string): CaptionParse {
  const body = raw.replace(/^\ufeff/, '');
  const head = body.trimStart().slice(0, 200);
  if (head === '') return { ok: false, problem: 'empty', detail: 'the caption body is empty' };
  if (/^<!doctype html|^<html[\s>]|^<head[\s>]|^<body[\s>]/i.test(head)) return { ok: false, problem: 'html', detail: 'an HTML page came back instead of captions' };

  if (head.startsWith('WEBVTT')) return fromSubtitles('webvtt', parseWebVtt(body));
  if (SRT_START.test(head)) return fromSubtitles('srt', parseSrt(body));
  if (head.startsWith('<')) {
    const xml = parseTimedTextXml(body);
    return xml.ok ? { ok: true, format: xml.format, segments: toSegments(xml.cues) } : { ok: false, problem: 'malformed', detail: xml.detail };
  }
  if (head.startsWith('{')) {
    const json = parseJson3(body);
    return json.ok ? { ok: true, format: 'json3', segments: toSegments(json.cues) } : { ok: false, problem: 'malformed', detail: json.detail };
  }
  return { ok: false, problem: 'unknown_format', detail: `unrecognised caption format (starts with ${JSON.stringify(head.slice(0, 24))})` };
}

function fromSubtitles(format: 'webvtt' | 'srt', result: ReturnType<typeof parseWebVtt>): CaptionParse {
  return result.ok ? { ok: true, format, segments: result.segments } : { ok: false, problem: 'malformed', detail: result.detail };
}

/** Plain text of segments: the spec's newline-separated lines, or one flattened string. */
export function segmentsText(segments: readonly Segment[], separator: '\n' | ' '): string {
  return segments.map((s) => s.text).join(separator);
}
