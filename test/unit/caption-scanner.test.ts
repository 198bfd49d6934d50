// SubRip and WebVTT input: the cues a standard reader finds are the cues we find. The three lost-cue
// cases come from the libraries audit (shared/research/libraries-2026-11.md §4), where the old
// reader (subsrt-ts) dropped or merged them.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WebVTTParser } from 'webvtt-parser';
import { scanCues } from '#service/captions/cueScanner';
import { parseCaptions, type CaptionParse } from '#service/captions/index';
import type { Segment } from '#shared/transcript';

function segmentsOf(result: CaptionParse): Segment[] {
  if (!result.ok) throw new Error(`expected captions, got ${result.problem}: ${result.detail}`);
  return result.segments;
}

const HELLO_WORLD: Segment[] = [
  { text: 'hello', startMs: 0, endMs: 2000 },
  { text: 'world', startMs: 2000, endMs: 4000 },
];

describe('SubRip cues the old reader lost', () => {
  it('keeps a cue whose first text line is only whitespace (only an empty line ends a cue)', () => {
    const srt = '1\n00:00:00,000 --> 00:00:02,000\n \nhello\n\n2\n00:00:02,000 --> 00:00:04,000\nworld\n';
    expect(segmentsOf(parseCaptions(srt))).toEqual(HELLO_WORLD);
  });

  it('reads MM:SS.mmm timings without hours', () => {
    const srt = '1\n00:00.000 --> 00:02.000\nhello\n\n2\n00:02.000 --> 00:04.000\nworld\n';
    expect(segmentsOf(parseCaptions(srt))).toEqual(HELLO_WORLD);
  });

  it('separates two cues with no blank line between them, the next cue number not part of the words', () => {
    const srt = '1\n00:00:00,000 --> 00:00:02,000\nhello\n2\n00:00:02,000 --> 00:00:04,000\nworld\n';
    expect(segmentsOf(parseCaptions(srt))).toEqual(HELLO_WORLD);
  });
});

describe('WebVTT cues the old reader lost', () => {
  it('keeps a cue whose first text line is only whitespace', () => {
    const vtt = 'WEBVTT\n\n00:00.000 --> 00:02.000\n \nhello\n\n00:02.000 --> 00:04.000\nworld\n';
    expect(segmentsOf(parseCaptions(vtt))).toEqual(HELLO_WORLD);
  });

  it('recovers a cue after a missing blank line, as the W3C parser does', () => {
    const vtt = 'WEBVTT\n\n00:00.000 --> 00:02.000\nhello\n00:02.000 --> 00:04.000\nworld\n';
    expect(segmentsOf(parseCaptions(vtt))).toEqual(HELLO_WORLD);
  });
});

describe('the cue scanner against webvtt-parser (the W3C validator’s parser) as an oracle', () => {
  const pad = (n: number, width: number) => String(n).padStart(width, '0');
  // Mostly valid timestamps, with the mistakes real files make: no hours, one-digit parts,
  // minutes or seconds past 59, a comma, four-digit milliseconds.
  const timestamp = fc
    .record({
      hours: fc.option(fc.oneof(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 120 })), { nil: undefined }),
      hourWidth: fc.constantFrom(1, 2, 3),
      minutes: fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 0, max: 59 }) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 99 }) }),
      seconds: fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 0, max: 59 }) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 99 }) }),
      partWidth: fc.constantFrom(2, 2, 2, 2, 1),
      ms: fc.integer({ min: 0, max: 999 }),
      msWidth: fc.constantFrom(3, 3, 3, 3, 2, 4),
      dot: fc.constantFrom('.', '.', '.', '.', ','),
    })
    .map((t) => `${t.hours === undefined ? '' : `${pad(t.hours, t.hourWidth)}:`}${pad(t.minutes, t.partWidth)}:${pad(t.seconds, 2)}${t.dot}${String(t.ms).padStart(t.msWidth, '0').slice(0, t.msWidth)}`);
  const space = fc.constantFrom(' ', ' ', ' ', '', '\t', '  ');
  const timingLine = fc
    .tuple(space, timestamp, space, fc.constantFrom('-->', '-->', '-->', '->', '--> '), space, timestamp, fc.constantFrom('', '', ' align:start position:0%', ' line:90%'))
    .map((parts) => parts.join(''));
  // Cue text with everything that trips readers: markup-looking text, entities, arrows, digits
  // that look like cue numbers, whitespace-only lines.
  const textLine = fc.oneof(
    fc.stringMatching(/^[a-z <>&;#0-9:.\-'"]{1,24}$/),
    fc.constantFrom('I <3 this', 'a --> b', ' ', '\t', '2', 'x &amp; y', '<v Ann>hi</v>', '&lt;i&gt;', 'NOTE not a note here', '00:01.000'),
  );
  const cue = fc.record({
    id: fc.option(fc.constantFrom('1', '42', 'intro', 'a-b', 'NOTE', 'STYLE x', ' '), { nil: undefined }),
    timing: timingLine,
    text: fc.array(textLine, { minLength: 0, maxLength: 3 }),
  });
  const block = fc.oneof(
    { weight: 6, arbitrary: cue.map((c) => [...(c.id === undefined ? [] : [c.id]), c.timing, ...c.text].join('\n')) },
    { weight: 1, arbitrary: fc.constantFrom('NOTE a comment', 'NOTE\nspanning\nlines', 'STYLE\n::cue { color: red }', 'REGION\nid:fred') },
  );
  const separator = fc.constantFrom('\n\n', '\n\n', '\n\n', '\n', '\n\n\n', '\n \n');
  const file = fc
    .record({
      signature: fc.constantFrom('WEBVTT', 'WEBVTT', '\ufeffWEBVTT', 'WEBVTT - a title', 'WEBVTTX', ''),
      header: fc.array(fc.constantFrom('Kind: captions', 'Language: en'), { maxLength: 2 }),
      blocks: fc.array(fc.tuple(block, separator), { maxLength: 8 }),
      newline: fc.constantFrom('\n', '\n', '\r\n', '\r'),
    })
    .map(({ signature, header, blocks, newline }) => [signature, ...header].join('\n').concat('\n\n', blocks.map(([b, s]) => b + s).join('')).replace(/\n/g, newline));

  it('finds the same cues, times and text in generated files', () => {
    fc.assert(
      fc.property(file, (body) => {
        const oracle = new WebVTTParser().parse(body, 'metadata');
        const ours = scanCues(body, 'webvtt');
        expect(ours.cues).toEqual(oracle.cues.map((c) => ({ startMs: Math.round(c.startTime * 1000), endMs: Math.round(c.endTime * 1000), text: c.text })));
        expect(ours.signed).toBe(!oracle.errors.some((e) => e.message.startsWith('No valid signature')));
      }),
      { numRuns: 3000 },
    );
  });

  it('reads the recorded WebVTT fixtures cue for cue like the oracle', () => {
    for (const name of ['youtube-asr.vtt', 'rumble-captions.vtt', 'tiktok-asr.vtt', 'linkedin-captions.vtt', 'facebook-captions.vtt']) {
      const body = readFileSync(resolve(__dirname, '../fixtures/captions', name), 'utf8');
      const oracle = new WebVTTParser().parse(body, 'metadata').cues;
      expect(oracle.length).toBeGreaterThan(0);
      expect(scanCues(body, 'webvtt').cues).toEqual(oracle.map((c) => ({ startMs: Math.round(c.startTime * 1000), endMs: Math.round(c.endTime * 1000), text: c.text })));
    }
  });
});
