// The SRT and VTT writers write into one string as the cues are made; the files must stay what
// they were byte for byte (test/helpers/subtitleOracle.ts is the writer they replaced): cleaned
// caption lines (the fast path), text with any whitespace, words longer than a line, speakers,
// times past the hour and out of order, every line-length and lines-per-cue option.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTranscript } from '#shared/format/formatters';
import type { Segment } from '#shared/transcript';
import { oracleSubtitles } from '../helpers/subtitleOracle';

const word = fc.oneof(fc.constantFrom('so', 'the', "it's", 'a', 'I <3 this', '-->', 'AT&T', 'naïve', '日本語', '😀'), fc.stringMatching(/^[a-z]{1,30}$/));
const separator = fc.oneof({ weight: 12, arbitrary: fc.constant(' ') }, { weight: 1, arbitrary: fc.constantFrom('  ', '\n', '\t', '\u00a0', '\u2009', '\u3000', '\u200b', '\ufeff') });
const text = fc.oneof(
  fc.array(word, { maxLength: 14 }).map((words) => words.join(' ')),
  fc.array(fc.tuple(separator, word), { maxLength: 10 }).map((parts) => parts.flat().join('')),
);
const segment: fc.Arbitrary<Segment> = fc
  .record({ text, startMs: fc.integer({ min: -5, max: 400_000_000 }), length: fc.integer({ min: -500, max: 20_000 }), speaker: fc.option(fc.constantFrom('Ann', 'Bob <host>', ' ', ''), { nil: undefined }) })
  .map(({ text, startMs, length, speaker }) => ({ text, startMs, endMs: startMs + length, ...(speaker === undefined ? {} : { speaker }) }));
const options = fc.record({ maxLineLength: fc.option(fc.oneof(fc.integer({ min: 1, max: 80 }), fc.constantFrom(42.7, 0)), { nil: undefined }), maxLines: fc.option(fc.integer({ min: 0, max: 4 }), { nil: undefined }) }, { requiredKeys: [] });

describe('SRT and VTT written into one string', () => {
  it('are byte-identical to the files the cue-list writer made', () => {
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 12 }), fc.constantFrom('srt' as const, 'vtt' as const), options, (segments, format, cueOptions) => {
        const result = formatTranscript({ text: segments.map((s) => s.text).join('\n'), segments }, format, cueOptions);
        expect(result.ok && result.content).toBe(oracleSubtitles(segments, format, cueOptions));
      }),
      { numRuns: 3000 },
    );
  });
});
