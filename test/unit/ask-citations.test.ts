// The citation check of ask-the-library: what a person sees as a link must point at words that are
// in the stored segments; everything else becomes a warning with its reason.
import { describe, expect, it } from 'vitest';
import { checkAnswer, MAX_CITATIONS } from '../../src-main/desk/ask/citations';
import { unitsOf, windowsOf, type AskSource, type Passage } from '../../src-main/desk/ask/passages';
import { questionWords, anyWordsQuery } from '../../src-main/desk/ask/question';
import { fitPassages, formatPassage } from '../../src-main/desk/ask/prompt';

const source = (libraryId: number, title: string | null, lines: string[]): AskSource => ({
  libraryId,
  ref: { kind: 'transcript', platform: 'longform', key: `key${libraryId}` },
  title,
  platform: 'longform',
  units: unitsOf({ text: lines.join('\n'), segments: lines.map((text, i) => ({ text, startMs: i * 5000, endMs: i * 5000 + 4000 })) }),
});

const surface = source(1, 'Surface Go review', ['Hey guys, so this is the Surface Go.', 'It’s Microsoft’s smallest & cheapest Surface.', 'The Type Cover is sold', 'separately.', 'And the price? Just $399.']);
const bread = source(2, 'Baking bread', ['Knead the dough for ten minutes.', 'Let it rest overnight in the fridge.']);
const sent: Passage[] = [
  { source: surface, from: 0, to: 5, text: 'x' },
  { source: bread, from: 0, to: 2, text: 'y' },
];

const cites = (answer: string) => checkAnswer(answer, sent).parts.filter((p) => p.kind === 'cite');
const textOf = (answer: string) =>
  checkAnswer(answer, sent)
    .parts.map((p) => (p.kind === 'text' ? p.text : `<${p.n}>`))
    .join('');

describe('the citation check', () => {
  it('resolves a quote to the stored segment where it starts, whatever the case, punctuation and quotation marks', () => {
    const checked = checkAnswer('It is cheap [1] "its MICROSOFT\'S smallest, & cheapest surface" and dough rests [2]: “let it rest overnight”.', sent);
    expect(checked.flagged).toEqual([]);
    expect(checked.citations).toEqual([
      { n: 1, libraryId: 1, ref: surface.ref, title: 'Surface Go review', platform: 'longform', start: 5, end: 9, segmentIndex: 1, text: 'It’s Microsoft’s smallest & cheapest Surface.' },
      expect.objectContaining({ n: 2, libraryId: 2, segmentIndex: 1, start: 5, text: 'Let it rest overnight in the fridge.' }),
    ]);
    expect(checked.parts).toEqual([
      { kind: 'text', text: 'It is cheap ' },
      { kind: 'cite', n: 1, citation: 0 },
      { kind: 'text', text: ' "its MICROSOFT\'S smallest, & cheapest surface" and dough rests ' },
      { kind: 'cite', n: 2, citation: 1 },
      { kind: 'text', text: ' “let it rest overnight”.' },
    ]);
  });

  it('finds a quote that runs across adjacent segments, at the segment where it starts', () => {
    const checked = checkAnswer('[1] "the type cover is sold separately"', sent);
    expect(checked.citations[0]).toMatchObject({ segmentIndex: 2, start: 10, text: 'The Type Cover is sold' });
  });

  it('matches whole words only, and in order', () => {
    expect(checkAnswer('[1] "urface go"', sent).flagged).toHaveLength(1);
    expect(checkAnswer('[1] "cheapest smallest"', sent).flagged).toHaveLength(1);
  });

  it('flags a made-up quote and a passage that was not sent, and drops their markers (the words stay)', () => {
    const checked = checkAnswer('It costs $999 [1] "costs nine hundred dollars". See also [7] and [0].', sent);
    expect(checked.citations).toEqual([]);
    expect(checked.flagged).toEqual([
      { n: 1, quote: 'costs nine hundred dollars', reason: 'quotes text that is not in “Surface Go review”' },
      { n: 7, quote: null, reason: 'cites passage [7], which was not sent' },
      { n: 0, quote: null, reason: 'cites passage [0], which was not sent' },
    ]);
    expect(textOf('It costs $999 [1] "costs nine hundred dollars". See also [7] and [0].')).toBe('It costs $999 "costs nine hundred dollars". See also and .');
  });

  it('checks a quote against the whole stored transcript, not another one: a bread quote on passage 1 is flagged', () => {
    expect(checkAnswer('[1] "knead the dough"', sent).flagged[0]?.reason).toBe('quotes text that is not in “Surface Go review”');
    expect(checkAnswer('[2] "knead the dough"', sent).citations).toHaveLength(1);
  });

  it('points a citation without a quote at the passage’s first segment; one passage cited twice at one place is one citation', () => {
    const checked = checkAnswer('Yes [2]. Really [2].', sent);
    expect(checked.citations).toHaveLength(1);
    expect(checked.citations[0]).toMatchObject({ n: 2, segmentIndex: 0 });
    expect(cites('Yes [2]. Really [2].')).toEqual([
      { kind: 'cite', n: 2, citation: 0 },
      { kind: 'cite', n: 2, citation: 0 },
    ]);
  });

  it('reads hostile answers without throwing: no citations, nested brackets, huge numbers, empty quotes, a huge answer', () => {
    expect(checkAnswer('No idea.', sent)).toEqual({ parts: [{ kind: 'text', text: 'No idea.' }], citations: [], flagged: [] });
    expect(textOf('[[1]] "[2]"')).toBe('[<1>] "<2>"');
    expect(checkAnswer('[99999999999999999999] [999]', sent).flagged.map((f) => f.reason)).toEqual(['cites passage [999], which was not sent']);
    expect(checkAnswer('[1] ""', sent).citations).toHaveLength(1);
    const huge = `${'word [1] "surface go" '.repeat(20_000)}`;
    const started = Date.now();
    const checked = checkAnswer(huge, sent);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(checked.parts.filter((p) => p.kind === 'cite')).toHaveLength(MAX_CITATIONS);
    expect(checked.flagged.at(-1)?.reason).toMatch(/more citations were not checked \(more than 100 in one answer\)/);
  });

  it('gives an untimed transcript’s citation no time and no segment index', () => {
    const plain: AskSource = { ...bread, units: unitsOf({ text: 'First paragraph.\n\nSecond one here.', segments: null }) };
    const checked = checkAnswer('[1] "second one"', [{ source: plain, from: 0, to: 2, text: '' }]);
    expect(checked.citations[0]).toMatchObject({ start: null, end: null, segmentIndex: null, text: 'Second one here.' });
  });
});

describe('the question and the passages', () => {
  it('searches the content words of a question, any of them, each quoted', () => {
    expect(questionWords('What did they say about the price of the Surface Go?')).toEqual(['price', 'surface', 'go']);
    expect(anyWordsQuery(['price', 'surface'])).toBe('"price" OR "surface"');
    expect(questionWords('What is it?')).toEqual([]);
    expect(anyWordsQuery([])).toBeNull();
    expect(questionWords('"; DROP TABLE x; -- NEAR( OR')).toEqual(['drop', 'table', 'near']);
  });

  it('numbers passages as (Title, m:ss) and keeps what fits the context', () => {
    const [first] = windowsOf(surface);
    if (first === undefined) throw new Error('one window');
    expect(formatPassage(3, first)).toBe('[3] (Surface Go review, 0:00) Hey guys, so this is the Surface Go. It’s Microsoft’s smallest & cheapest Surface. The Type Cover is sold separately. And the price? Just $399.');
    const long = source(3, 'Long', Array.from({ length: 400 }, (_, i) => `Line ${i} says something about the topic at some length.`));
    const windows = windowsOf(long);
    const small = fitPassages(windows, 'topic?', 2048);
    const large = fitPassages(windows, 'topic?', 32_768);
    expect(small.length).toBeGreaterThan(0);
    expect(small.length).toBeLessThan(large.length);
    expect(small.reduce((n, p) => n + p.text.length, 0)).toBeLessThan(2048 * 4);
    expect(large.length).toBeLessThanOrEqual(12);
  });
});
