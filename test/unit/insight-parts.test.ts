// The map step's splitter: parts that fit the model's budget, broken only between lines.
import { describe, expect, it } from 'vitest';
import { paragraphs, splitParts, timedLines } from '../../src-main/desk/insights/parts';

describe('splitting a transcript into parts', () => {
  it('keeps everything in one part when it fits', () => {
    expect(splitParts(['a', 'b', 'c'], 100)).toEqual(['a\nb\nc']);
  });

  it('breaks between lines, every part within the budget, nothing lost or reordered', () => {
    const lines = Array.from({ length: 200 }, (_, i) => `[${i}:00] line number ${i} with some words`);
    const parts = splitParts(lines, 300);
    expect(parts.length).toBeGreaterThan(10);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(300);
    expect(parts.join('\n')).toBe(lines.join('\n'));
  });

  it('cuts only a line longer than a whole part, at a space', () => {
    const long = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ');
    const parts = splitParts(['short', long], 120);
    for (const part of parts) expect(part.length).toBeLessThanOrEqual(120);
    expect(parts.join(' ').replace(/\n/g, ' ')).toBe(`short ${long}`);
    expect(parts.every((p) => !/word\d+word/.test(p))).toBe(true);
  });

  it('renders timed lines as [m:ss] text, skipping empty segments', () => {
    expect(timedLines([{ text: 'Hello  there', startMs: 65_000, endMs: 66_000 }, { text: ' ', startMs: 70_000, endMs: 71_000 }, { text: 'Late', startMs: 3_725_000, endMs: 3_726_000 }])).toEqual(['[1:05] Hello there', '[1:02:05] Late']);
  });

  it('reads plain text by paragraphs, else by lines', () => {
    expect(paragraphs('One.\nStill one.\n\nTwo.')).toEqual(['One. Still one.', 'Two.']);
    expect(paragraphs('a\nb\n')).toEqual(['a', 'b']);
  });
});
