// The comparison of two versions (src-shared/versions/diff.ts): what the compare panel marks.
import { describe, expect, it } from 'vitest';
import { diffVersions } from '#shared/versions/diff';

const seg = (text: string, speaker?: string) => ({ text, startMs: 0, endMs: 1, ...(speaker === undefined ? {} : { speaker }) });

describe('version diff', () => {
  it('marks the words a fix changed inside its line, and leaves the other lines unchanged', () => {
    const a = { text: '', segments: [seg('the quick brown fox'), seg('jumps over'), seg('the lazy dog')] };
    const b = { text: '', segments: [seg('the quick brown fox'), seg('leaps over'), seg('the lazy dog')] };
    const diff = diffVersions(a, b);
    expect(diff.rows).toEqual([
      { changed: false, parts: [{ kind: 'same', text: 'the quick brown fox' }] },
      {
        changed: true,
        parts: [
          { kind: 'removed', text: 'jumps' },
          { kind: 'added', text: 'leaps' },
          { kind: 'same', text: ' over' },
        ],
      },
      { changed: false, parts: [{ kind: 'same', text: 'the lazy dog' }] },
    ]);
    expect([diff.added, diff.removed]).toEqual([1, 1]);
  });

  it('shows a speaker rename on every line it touched, and a merge as the two lines becoming one', () => {
    const renamed = diffVersions({ text: '', segments: [seg('hi', 'Ann'), seg('yo', 'Bob')] }, { text: '', segments: [seg('hi', 'Anna'), seg('yo', 'Bob')] });
    expect(renamed.rows[0]?.parts).toEqual([
      { kind: 'removed', text: 'Ann:' },
      { kind: 'added', text: 'Anna:' },
      { kind: 'same', text: ' hi' },
    ]);
    const merged = diffVersions({ text: '', segments: [seg('one two'), seg('three')] }, { text: '', segments: [seg('one two three')] });
    expect(merged.rows).toEqual([{ changed: true, parts: [{ kind: 'same', text: 'one two' }, { kind: 'removed', text: '\n' }, { kind: 'added', text: ' ' }, { kind: 'same', text: 'three' }] }]);
    expect([merged.added, merged.removed]).toEqual([0, 0]);
  });

  it('compares free text line by line, and says nothing changed for equal versions', () => {
    const a = { text: 'first paragraph\n\nsecond paragraph', segments: null };
    expect(diffVersions(a, a)).toEqual({ rows: [{ changed: false, parts: [{ kind: 'same', text: 'first paragraph' }] }, { changed: false, parts: [{ kind: 'same', text: 'second paragraph' }] }], added: 0, removed: 0 });
    const b = { text: 'first paragraph\n\nsecond paragraph, longer', segments: null };
    // "paragraph" became "paragraph," and "longer" came after it.
    expect(diffVersions(a, b)).toMatchObject({ added: 2, removed: 1 });
  });

  it('stays quick on two hour-long transcripts that differ everywhere', () => {
    const long = (word: string) => ({ text: '', segments: Array.from({ length: 3000 }, (_, i) => seg(`${word} ${i} and some more words here`)) });
    const started = performance.now();
    const diff = diffVersions(long('alpha'), long('beta'));
    // Too many words to match one by one: the run is marked removed, then added, whole.
    expect(diff.rows.every((row) => row.changed)).toBe(true);
    expect(diff.rows[0]?.parts.map((p) => p.kind)).toEqual(['removed', 'added', 'same']);
    expect(diff.removed).toBeGreaterThan(20_000);
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
