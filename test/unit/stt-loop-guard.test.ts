// The loop guard on loops whisper is known to write and on real speech that must stay clean: the
// recorded caption files (human and platform ASR, with their own repetitions) in test/fixtures.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Segment } from '#shared/transcript';
import { parseCaptions } from '#service/captions/index';
import { findLoops, flagLoops, loopedWords } from '#service/stt/loopGuard';

const seg = (text: string, i = 0): Segment => ({ text, startMs: i * 1000, endMs: i * 1000 + 900 });
const lines = (...texts: string[]) => texts.map(seg);

describe('findLoops', () => {
  it('finds one word written 40 times in a segment', () => {
    const [finding, ...rest] = findLoops(lines('So today we talk about', `the ${'the '.repeat(39)}`.trim(), 'and then we stop.'));
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ firstSegment: 1, lastSegment: 1, phrase: 'the', repeats: 40 });
    expect(finding?.reason).toMatch(/"the" repeats 40 times in a row/);
  });

  it('finds a sentence written again and again across segments', () => {
    const looped = Array.from({ length: 40 }, (_, i) => seg('Thank you for watching.', i + 1));
    const findings = findLoops([seg('That is all for today.'), ...looped]);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ firstSegment: 1, lastSegment: 40, phrase: 'thank you for watching', repeats: 40 });
  });

  it('finds a line longer than a phrase written three times', () => {
    const line = 'Please make sure to like and subscribe to the channel.';
    expect(findLoops(lines('Bye.', line, line, line))).toEqual([expect.objectContaining({ firstSegment: 1, lastSegment: 3, repeats: 3 })]);
  });

  it('finds a long line repeated word for word, even only twice', () => {
    const line = 'We will now go through every one of the settings in the panel on the left.';
    const findings = findLoops(lines('First things first.', line, line, 'Right.'));
    expect(findings).toEqual([expect.objectContaining({ firstSegment: 1, lastSegment: 2, repeats: 2 })]);
    expect(findings[0]?.reason).toMatch(/same 16-word line repeats 2 times/);
  });

  it('leaves people repeating themselves alone', () => {
    const speech = lines(
      'No, no, no, no, that is not what I said.',
      'Ha ha ha ha ha ha.',
      'Let it go, let it go, let it go.',
      'Yeah. Yeah. Yeah.',
      'Okay.',
      'Okay.',
      'The the problem is, is that we, we never checked.',
      'We will rock you.',
      'We will rock you.',
      'We will rock you.',
      'Ten green bottles hanging on the wall, ten green bottles.',
      'Ten green bottles hanging on the wall, ten green bottles.',
    );
    expect(findLoops(speech)).toEqual([]);
  });

  it('flags the looped segments with the reason and keeps their text', () => {
    const segments = lines('Hello.', 'go on go on go on go on go on go on go on go on go on', 'Bye.');
    const findings = findLoops(segments);
    expect(loopedWords(findings)).toBe(18);
    const flagged = flagLoops(segments, findings);
    expect(flagged[0]).toEqual(segments[0]);
    expect(flagged[1]?.text).toBe(segments[1]?.text);
    expect(flagged[1]?.suspect).toMatch(/"go on" repeats 9 times in a row/);
    expect(flagged[2]?.suspect).toBeUndefined();
  });
});

describe('no loops in recorded transcripts', () => {
  const dirs = ['captions', 'podcast', 'youtube'].map((d) => resolve(__dirname, '../fixtures', d));
  const files = dirs.flatMap((dir) => readdirSync(dir).filter((f) => /\.(vtt|srt|xml|json)$/.test(f)).map((f) => join(dir, f)));
  const parsed = files
    .map((file) => ({ file, result: parseCaptions(readFileSync(file, 'utf8')) }))
    .filter((p): p is { file: string; result: { ok: true; format: never; segments: Segment[] } } => p.result.ok && p.result.segments.length > 0);

  it('reads enough of them to mean something', () => {
    expect(parsed.length).toBeGreaterThanOrEqual(8);
  });

  it.each(parsed.map((p) => [p.file.split('/').slice(-2).join('/'), p.result.segments] as const))('%s', (_name, segments) => {
    expect(findLoops(segments)).toEqual([]);
  });
});
