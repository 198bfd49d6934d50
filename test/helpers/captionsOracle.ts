// The caption reader as it was before the single-pass scanner: timedtext through fast-xml-parser's
// validator and ordered parser, the regular-expression cleanup of every line, and the segment
// builder, all as they stood (git show dfa9c26:src-main/service/captions/). Kept only as the oracle
// test/unit/captions-oracle.test.ts holds the new reader to: the same segments, the same refusals.
// WebVTT and SubRip cues come from the shared cue scanner, which did not change.
import { decodeHTMLStrict } from 'entities';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { scanCues, type CueDialect } from '#service/captions/cueScanner';
import { secondsToMs, UNSTATED_DURATION_CAP_MS, wholeMs, type RawCue } from '#service/captions/cues';
import type { CaptionParse } from '#service/captions/index';
import { dropRollingRepeats } from '#service/captions/rolling';
import type { Segment } from '#shared/transcript';

/** A node of fast-xml-parser's ordered output: `{ tag: children, ':@': attributes }` or `{ '#text': … }`. */
type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  // Text stays text ("007" is not 7), and the spaces that separate srv3 words stay.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // Entities stay as written: the cleanup decodes XML and HTML ones (and double escaping) in one
  // place, and leaving them out here makes parsing about 40% faster.
  processEntities: false,
  htmlEntities: false,
});

const tagOf = (node: XmlNode) => Object.keys(node).find((key) => key !== ':@');
const childrenOf = (node: XmlNode): XmlNode[] => {
  const tag = tagOf(node);
  const value = tag === undefined ? undefined : node[tag];
  return Array.isArray(value) ? (value as XmlNode[]) : [];
};
const attributesOf = (node: XmlNode) => (node[':@'] ?? {}) as Record<string, string | undefined>;

/** Text of a node and its descendants in order; `<br/>` is a line break. */
function textOf(nodes: readonly XmlNode[]): string {
  let text = '';
  for (const node of nodes) {
    const tag = tagOf(node);
    if (tag === '#text') text += String(node['#text']);
    else if (tag === 'br') text += '\n';
    else text += textOf(childrenOf(node));
  }
  return text;
}

type TimedTextResult = { ok: true; format: 'srv1' | 'srv3'; cues: RawCue[] } | { ok: false; detail: string };

export function oracleTimedTextXml(xml: string): TimedTextResult {
  // A body cut off mid-way is malformed, not a shorter transcript: validate before reading.
  const valid = XMLValidator.validate(xml);
  if (valid !== true) return { ok: false, detail: `not well-formed XML (${valid.err.msg}, line ${valid.err.line})` };
  let document: XmlNode[];
  try {
    document = parser.parse(xml) as XmlNode[];
  } catch (error) {
    return { ok: false, detail: `unreadable XML (${error instanceof Error ? error.message : String(error)})` };
  }
  const root = document.find((node) => tagOf(node) === 'transcript' || tagOf(node) === 'timedtext');
  if (root === undefined) return { ok: false, detail: `XML without a <transcript> or <timedtext> root` };

  if (tagOf(root) === 'transcript') {
    const cues: RawCue[] = [];
    for (const node of childrenOf(root)) {
      if (tagOf(node) !== 'text') continue;
      const { start, dur } = attributesOf(node);
      const startMs = secondsToMs(start);
      if (startMs !== undefined) cues.push({ startMs, durationMs: secondsToMs(dur), text: textOf(childrenOf(node)) });
    }
    return { ok: true, format: 'srv1', cues };
  }

  const body = childrenOf(root).find((node) => tagOf(node) === 'body');
  const cues: RawCue[] = [];
  for (const node of body === undefined ? [] : childrenOf(body)) {
    if (tagOf(node) !== 'p') continue;
    const { t, d } = attributesOf(node);
    const startMs = wholeMs(t);
    if (startMs !== undefined) cues.push({ startMs, durationMs: wholeMs(d), text: textOf(childrenOf(node)) });
  }
  return { ok: true, format: 'srv3', cues };
}

const TAG = /<\/?[A-Za-z][^<>]*>|<(?:\d+:)?\d{2}:\d{2}[.,]\d{3}>/g;
const ENTITY_LEFT = /&(?:#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i;
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060\ufeff]/g;

function decodeEntities(text: string): string {
  const once = decodeHTMLStrict(text);
  return ENTITY_LEFT.test(once) ? decodeHTMLStrict(once) : once;
}

export function oracleCleanCaptionLine(raw: string): string {
  const decoded = decodeEntities(raw.replace(TAG, ''));
  return decoded.replace(TAG, '').replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}

function toSegments(cues: readonly RawCue[]): Segment[] {
  const kept = cues.map((cue) => ({ ...cue, text: oracleCleanCaptionLine(cue.text) })).filter((cue) => cue.text !== '');
  return kept.map((cue, i) => {
    const next = kept[i + 1];
    const untilNext = next !== undefined && next.startMs > cue.startMs ? Math.min(next.startMs, cue.startMs + UNSTATED_DURATION_CAP_MS) : cue.startMs;
    const endMs = cue.durationMs !== undefined ? cue.startMs + cue.durationMs : untilNext;
    return { text: cue.text, startMs: cue.startMs, endMs };
  });
}

function subtitles(body: string, dialect: CueDialect): CaptionParse {
  const { signed, cues } = scanCues(body, dialect);
  if (cues.length === 0 && !signed) return { ok: false, problem: 'malformed', detail: 'no WEBVTT signature' };
  const lines = cues.map((cue) => ({
    startMs: cue.startMs,
    endMs: cue.endMs,
    lines: cue.text
      .split(/\r\n|\r|\n/)
      .map(oracleCleanCaptionLine)
      .filter((line) => line !== ''),
  }));
  return { ok: true, format: dialect === 'srt' ? 'srt' : 'webvtt', segments: dropRollingRepeats(lines) };
}

function json3(body: string): CaptionParse {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return { ok: false, problem: 'malformed', detail: 'not valid JSON' };
  }
  const events = (data as { events?: unknown } | null)?.events;
  if (!Array.isArray(events)) return { ok: false, problem: 'malformed', detail: 'JSON without an "events" list' };
  const cues: RawCue[] = [];
  for (const event of events as { tStartMs?: unknown; dDurationMs?: unknown; segs?: unknown }[]) {
    if (typeof event !== 'object' || event === null || !Array.isArray(event.segs)) continue;
    const startMs = wholeMs(event.tStartMs);
    if (startMs === undefined) continue;
    const text = (event.segs as { utf8?: unknown }[]).map((seg) => (typeof seg?.utf8 === 'string' ? seg.utf8 : '')).join('');
    cues.push({ startMs, durationMs: wholeMs(event.dDurationMs), text });
  }
  return { ok: true, format: 'json3', segments: toSegments(cues) };
}

const SRT_START = /^\d+[ \t]*\r?\n[ \t]*(?:\d+:)?\d{1,2}:\d{2}[,.]\d{1,3}[ \t]*-->/;

/** parseCaptions as it was: the same sniffing, the old readers behind it. */
export function oracleParseCaptions(raw: string): CaptionParse {
  const body = raw.replace(/^\ufeff/, '');
  const head = body.trimStart().slice(0, 200);
  if (head === '') return { ok: false, problem: 'empty', detail: 'the caption body is empty' };
  if (/^<!doctype html|^<html[\s>]|^<head[\s>]|^<body[\s>]/i.test(head)) return { ok: false, problem: 'html', detail: 'an HTML page came back instead of captions' };
  if (head.startsWith('WEBVTT')) return subtitles(body, 'webvtt');
  if (SRT_START.test(head)) return subtitles(body, 'srt');
  if (head.startsWith('<')) {
    const xml = oracleTimedTextXml(body);
    return xml.ok ? { ok: true, format: xml.format, segments: toSegments(xml.cues) } : { ok: false, problem: 'malformed', detail: xml.detail };
  }
  if (head.startsWith('{')) return json3(body);
  return { ok: false, problem: 'unknown_format', detail: 'unrecognised caption format' };
}
