// Merging chunks at an overlap: a constructed case where both chunks heard the words around the
// cut, with the jitter real recognitions have. Every word must come out once, in order.
import { describe, expect, it } from 'vitest';
import type { Segment } from '#shared/transcript';
import type { Chunk } from '#service/stt/chunker';
import { groupWords, mergeChunks } from '#service/stt/merge';

const chunk = (index: number, startMs: number, endMs: number, cutStartMs: number, cutEndMs: number): Chunk => ({
  index,
  startSample: startMs * 16,
  endSample: endMs * 16,
  cutStartMs,
  cutEndMs,
});
const word = (text: string, startMs: number, endMs = startMs + 300): Segment => ({ text, startMs, endMs });
const text = (segments: Segment[]) => segments.map((s) => s.text).join(' ');

// "one two three … ten", a word every 400 ms from 0 ms; the cut is at 2000 ms (inside "six").
const SENTENCE = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const spoken = SENTENCE.map((w, i) => word(w, i * 400));
const first = chunk(0, 0, 3000, 0, 2000);
const second = chunk(1, 1000, 4000, 2000, 4000);

describe('mergeChunks, word level', () => {
  it('keeps each word heard by both chunks once', () => {
    const left = spoken.filter((w) => w.startMs < 3000).map((w) => ({ ...w, startMs: w.startMs + 20, endMs: w.endMs + 20 }));
    const right = spoken.filter((w) => w.endMs > 1000).map((w) => ({ ...w, startMs: w.startMs - 30, endMs: w.endMs - 30 }));
    const merged = mergeChunks([{ chunk: first, segments: left }, { chunk: second, segments: right }], true);
    expect(text(merged)).toBe(SENTENCE.join(' '));
  });

  it('keeps a word that only one side recognised, and drops a misheard fragment at the other edge', () => {
    // The left chunk ends mid-word and hears "sick" for the cut-off "seven"; the right misses "four".
    const left = [...spoken.slice(0, 7).map((w) => (w.text === 'seven' ? { ...w, text: 'sick' } : w))];
    const right = [word('the', 1010, 1100), ...spoken.slice(4)];
    const merged = mergeChunks([{ chunk: first, segments: left }, { chunk: second, segments: right }], true);
    expect(text(merged)).toBe(SENTENCE.join(' '));
  });

  it('is order-independent: results arriving out of order merge the same', () => {
    const left = spoken.filter((w) => w.startMs < 3000);
    const right = spoken.filter((w) => w.endMs > 1000);
    const a = mergeChunks([{ chunk: second, segments: right }, { chunk: first, segments: left }], true);
    expect(text(a)).toBe(SENTENCE.join(' '));
    for (let i = 1; i < a.length; i++) expect(a[i]!.startMs).toBeGreaterThanOrEqual(a[i - 1]!.startMs);
  });

  it('keeps a word said again and again as often as it was said', () => {
    const left = [word('no', 1200), word('no', 1600), word('no', 2200, 2400)];
    const right = [word('no', 1240), word('no', 1590), word('no', 2180, 2400), word('way', 2600)];
    expect(text(mergeChunks([{ chunk: first, segments: left }, { chunk: second, segments: right }], true))).toBe('no no no way');
  });
});

describe('mergeChunks, segment level', () => {
  it('gives each segment to the chunk its middle falls in and strips a phrase repeated at the seam', () => {
    const left = [{ text: 'The keeper climbed the stairs', startMs: 0, endMs: 1500 }, { text: 'and lit the lamp at the top.', startMs: 1500, endMs: 2600 }];
    const right = [{ text: 'lit the lamp at the top.', startMs: 1000, endMs: 1900 }, { text: 'Ships could see it.', startMs: 2100, endMs: 3800 }];
    const merged = mergeChunks([{ chunk: first, segments: left }, { chunk: second, segments: right }], false);
    expect(text(merged)).toBe('The keeper climbed the stairs Ships could see it.');
    const repeated = mergeChunks(
      [
        { chunk: first, segments: [{ text: 'and lit the lamp', startMs: 0, endMs: 1900 }] },
        { chunk: second, segments: [{ text: 'lit the lamp at the top', startMs: 2000, endMs: 3000 }] },
      ],
      false,
    );
    expect(text(repeated)).toBe('and lit the lamp at the top');
  });
});

describe('groupWords', () => {
  it('starts a new line at a pause and keeps lines short, each word with its own time', () => {
    const lines = groupWords([word('hello', 0), word('there', 400), word('friend', 2000)]);
    expect(lines).toEqual([
      { text: 'hello there', startMs: 0, endMs: 700, words: [word('hello', 0), word('there', 400)] },
      { text: 'friend', startMs: 2000, endMs: 2300, words: [word('friend', 2000)] },
    ]);
  });
});

describe('the loop guard’s flag', () => {
  const reason = '"the" repeats 20 times in a row: the engine may have looped';
  it('survives the merge, and a subtitle line holding a flagged word is flagged', () => {
    const looped = Array.from({ length: 3 }, (_, i) => ({ ...word('the', 4000 + i * 100, 4080 + i * 100), suspect: reason }));
    const merged = mergeChunks([{ chunk: chunk(0, 0, 6000, 0, 6000), segments: [word('so', 3500), ...looped, word('end', 5500)] }], true);
    expect(merged.filter((s) => s.suspect === reason).map((s) => s.text)).toEqual(['the', 'the', 'the']);
    const lines = groupWords(merged);
    expect(lines.map((l) => [l.text, l.suspect])).toEqual([
      ['so the the the', reason],
      ['end', undefined],
    ]);
  });
});
