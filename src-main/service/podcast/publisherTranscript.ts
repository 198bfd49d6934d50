// Transcripts publishers link from their feeds (`<podcast:transcript>`, Podcast Index namespace):
// WebVTT, SubRip, the Podcast Index JSON format, HTML or plain text. Timed formats give timed lines
// (with speakers where the format names them: speakers.ts); HTML gives timed lines when every
// paragraph has its <time>, the words only otherwise; plain text gives the words only.
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Segment } from '#shared/transcript';
import { parseCaptions } from '../captions/index';
import { cleanCaptionLine } from '../captions/text';
import { asArray, asNumber, asString, at, parseJson } from '../platforms/json';
import type { FeedTranscript } from './feed';
import { clockToMs, groupBySpeaker, untimedEndMs, vttWithSpeakers } from './speakers';

// The brief's order: timed and standard first; plain text last.
const TYPE_RANK: readonly (readonly string[])[] = [['text/vtt'], ['application/x-subrip', 'application/srt', 'text/srt'], ['application/json'], ['text/html'], ['text/plain']];

const rankOf = (type: string) => TYPE_RANK.findIndex((types) => types.includes(type.split(';')[0]?.trim() ?? ''));
const baseLanguage = (code: string | undefined) => code?.split(/[-_]/)[0];

/**
 * The transcript to use: one in the feed's language (or with none given) before a translation,
 * then VTT > SRT > JSON > HTML > plain text. Types we cannot read are skipped.
 */
export function chooseTranscript(transcripts: readonly FeedTranscript[], feedLanguage: string | undefined): FeedTranscript | undefined {
  const readable = transcripts.filter((t) => rankOf(t.type) >= 0);
  const sameLanguage = (t: FeedTranscript) => t.language === undefined || feedLanguage === undefined || baseLanguage(t.language) === baseLanguage(feedLanguage);
  return [...readable].sort((a, b) => Number(!sameLanguage(a)) - Number(!sameLanguage(b)) || rankOf(a.type) - rankOf(b.type))[0];
}

export type PublisherTranscript = { ok: true; text: string; segments: Segment[] } | { ok: false; problem: string };

const seconds = (value: unknown) => {
  const n = asNumber(value) ?? Number(asString(value));
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 1000) : undefined;
};

/** Podcast Index JSON: `{ segments: [{ startTime, endTime, body, speaker }] }`, often one word per segment. */
function fromJson(body: string): PublisherTranscript {
  const parsed = parseJson(body);
  if (!parsed.ok) return { ok: false, problem: 'the JSON transcript is not valid JSON' };
  const segments = asArray(at(parsed.value, 'segments')).flatMap((s): Segment[] => {
    const text = cleanCaptionLine(asString(at(s, 'body')) ?? '');
    const startMs = seconds(at(s, 'startTime'));
    if (text === '' || startMs === undefined) return [];
    const speaker = cleanCaptionLine(asString(at(s, 'speaker')) ?? '');
    return [{ text, startMs, endMs: Math.max(startMs, seconds(at(s, 'endTime')) ?? startMs), ...(speaker === '' ? {} : { speaker }) }];
  });
  if (segments.length === 0) return { ok: false, problem: 'the JSON transcript has no segments' };
  const words = segments.reduce((n, s) => n + s.text.split(' ').length, 0);
  // Word-level files become readable lines, as speech-to-text output does, one speaker a line.
  const lines = words / segments.length < 2 ? groupBySpeaker(segments) : segments;
  return { ok: true, text: lines.map((s) => s.text).join('\n'), segments: lines };
}

interface Paragraph {
  text: string;
  speaker: string | undefined;
  startMs: number | undefined;
}

/**
 * Podcast Index HTML: `<cite>Speaker:</cite> <time>0:00</time> <p>words</p>`; the paragraphs are the
 * text. A speaker holds until the next <cite>. Timed lines only when every paragraph has a <time> and
 * the times run forward (a paragraph ends where the next begins); otherwise the words only.
 */
function fromHtml(body: string): PublisherTranscript {
  const document = parseDocument(body);
  const marks = DomUtils.findAll((el) => el.name === 'p' || el.name === 'cite' || el.name === 'time', document.children);
  const paragraphs: Paragraph[] = [];
  let speaker: string | undefined;
  let startMs: number | undefined;
  for (const el of marks) {
    const text = cleanCaptionLine(DomUtils.textContent(el));
    if (el.name === 'cite') speaker = text.replace(/\s*:\s*$/, '') || undefined;
    else if (el.name === 'time') startMs = clockToMs(text);
    else if (text !== '') {
      paragraphs.push({ text, speaker, startMs });
      startMs = undefined;
    }
  }
  const lines = paragraphs.length > 0 ? paragraphs.map((p) => p.text) : DomUtils.textContent(document).split(/\r?\n/).map(cleanCaptionLine).filter((l) => l !== '');
  if (lines.length === 0) return { ok: false, problem: 'the HTML transcript has no text' };
  return { ok: true, text: lines.join('\n'), segments: timedParagraphs(paragraphs) };
}

function timedParagraphs(paragraphs: readonly Paragraph[]): Segment[] {
  const starts = paragraphs.map((p) => p.startMs);
  if (starts.length === 0 || starts.some((ms, i) => ms === undefined || (i > 0 && ms < (starts[i - 1] as number)))) return [];
  return paragraphs.map((p, i) => {
    const start = p.startMs as number;
    const next = paragraphs[i + 1]?.startMs;
    return { text: p.text, startMs: start, endMs: next ?? untimedEndMs(start, p.text), ...(p.speaker === undefined ? {} : { speaker: p.speaker }) };
  });
}

function fromPlainText(body: string): PublisherTranscript {
  const lines = body.split(/\r?\n/).map((l) => l.replace(/\s+/g, ' ').trim()).filter((l) => l !== '');
  return lines.length === 0 ? { ok: false, problem: 'the text transcript is empty' } : { ok: true, text: lines.join('\n'), segments: [] };
}

/** Reads a transcript body by its declared type; captions files are also sniffed, since types lie. */
export function readPublisherTranscript(body: string, type: string): PublisherTranscript {
  const kind = type.split(';')[0]?.trim() ?? '';
  const voiced = vttWithSpeakers(body);
  if (voiced !== undefined && voiced.length > 0) return { ok: true, text: voiced.map((s) => s.text).join('\n'), segments: voiced };
  const captions = parseCaptions(body);
  if (captions.ok && (captions.format === 'webvtt' || captions.format === 'srt')) {
    if (captions.segments.length === 0) return { ok: false, problem: 'the captions file has no cues' };
    return { ok: true, text: captions.segments.map((s) => s.text).join('\n'), segments: captions.segments };
  }
  if (kind === 'application/json' || body.trimStart().startsWith('{')) return fromJson(body);
  if (kind === 'text/html' || /^\s*</.test(body)) return fromHtml(body);
  if (kind === 'text/vtt' || TYPE_RANK[1]?.includes(kind)) return { ok: false, problem: `the ${kind} transcript is unreadable${captions.ok ? '' : ` (${captions.detail})`}` };
  return fromPlainText(body);
}
