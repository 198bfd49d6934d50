// The edits that make new versions (desk/versions/edits.ts): what the person sees in the new
// version's lines, and the refusals they read.
import { describe, expect, it } from 'vitest';
import { applyEdit, type Content } from '../../src-main/desk/versions/edits';

const timed: Content = {
  text: 'hello there\nhow are you\nfine thanks and you',
  segments: [
    { text: 'hello there', startMs: 0, endMs: 1000, speaker: 'Ann', words: [{ text: 'hello', startMs: 0, endMs: 400 }], suspect: 'repeated' },
    { text: 'how are you', startMs: 1000, endMs: 2000, speaker: 'Ann' },
    { text: 'fine thanks and you', startMs: 2000, endMs: 4000, speaker: 'Bob' },
  ],
};

describe('edits', () => {
  it('applies a vocabulary suggestion: every whole-word spelling, any case and spacing, and only lines that had it lose their word times', () => {
    const spoken: Content = {
      text: '',
      segments: [
        { text: 'we run Kubernetis and kubernetis’s operators', startMs: 0, endMs: 1000, words: [{ text: 'we', startMs: 0, endMs: 100 }] },
        { text: 'open  telemetry, not Kubernetisx', startMs: 1000, endMs: 2000, words: [{ text: 'open', startMs: 1000, endMs: 1200 }] },
      ],
    };
    const kube = applyEdit(spoken, { kind: 'replace', from: 'Kubernetis', to: 'Kubernetes' });
    expect(kube.segments?.map((s) => s.text)).toEqual(['we run Kubernetes and Kubernetes’s operators', 'open  telemetry, not Kubernetisx']);
    expect(kube.segments?.[0]?.words).toBeUndefined();
    expect(kube.segments?.[1]?.words).toHaveLength(1);
    expect(kube.label).toBe('Replaced “Kubernetis” with “Kubernetes” (2 places)');
    expect(applyEdit(spoken, { kind: 'replace', from: 'open telemetry', to: 'OpenTelemetry' }).segments?.[1]?.text).toBe('OpenTelemetry, not Kubernetisx');
    expect(() => applyEdit(spoken, { kind: 'replace', from: 'Helm', to: 'Helm' })).toThrow('does not occur');
    expect(applyEdit({ text: 'a (c++) b c++', segments: null }, { kind: 'replace', from: 'c++', to: 'C++' }).text).toBe('a (C++) b C++');
  });

  it('fixes one line: its text changes, its word times and suspect flag go, the other lines stay', () => {
    const edited = applyEdit(timed, { kind: 'segmentText', index: 0, text: 'hello their' });
    expect(edited.segments?.[0]).toEqual({ text: 'hello their', startMs: 0, endMs: 1000, speaker: 'Ann' });
    expect(edited.segments?.slice(1)).toEqual(timed.segments?.slice(1));
    expect(edited.text).toBe('hello their\nhow are you\nfine thanks and you');
    expect(edited.label).toBe('Fixed line 1');
  });

  it('renames a speaker on every line they speak, and no one else', () => {
    const edited = applyEdit(timed, { kind: 'renameSpeaker', from: 'Ann', to: 'Anna' });
    expect(edited.segments?.map((s) => s.speaker)).toEqual(['Anna', 'Anna', 'Bob']);
    expect(edited.segments?.map((s) => s.text)).toEqual(timed.segments?.map((s) => s.text));
    expect(() => applyEdit(timed, { kind: 'renameSpeaker', from: 'Carl', to: 'Anna' })).toThrow('No line is spoken by Carl');
  });

  it('merges a line with the next one of the same speaker, from the first start to the second end', () => {
    const edited = applyEdit(timed, { kind: 'merge', index: 0 });
    expect(edited.segments).toEqual([
      { text: 'hello there how are you', startMs: 0, endMs: 2000, speaker: 'Ann' },
      { text: 'fine thanks and you', startMs: 2000, endMs: 4000, speaker: 'Bob' },
    ]);
    expect(() => applyEdit(timed, { kind: 'merge', index: 1 })).toThrow('different speakers');
    expect(() => applyEdit(timed, { kind: 'merge', index: 2 })).toThrow('last line');
  });

  it('splits a line at a character, the times cut in proportion to the characters', () => {
    // "fine thanks " | "and you": 12 of 19 characters before the cut, over 2000 ms → 1263 ms.
    const edited = applyEdit(timed, { kind: 'split', index: 2, at: 12 });
    expect(edited.segments?.slice(2)).toEqual([
      { text: 'fine thanks', startMs: 2000, endMs: 3263, speaker: 'Bob' },
      { text: 'and you', startMs: 3263, endMs: 4000, speaker: 'Bob' },
    ]);
    expect(edited.segments).toHaveLength(4);
    expect(() => applyEdit(timed, { kind: 'split', index: 2, at: 19 })).toThrow('inside it');
    expect(() => applyEdit(timed, { kind: 'split', index: 2, at: 0 })).toThrow('both sides of the cut');
    expect(() => applyEdit(timed, { kind: 'split', index: 9, at: 2 })).toThrow('There is no line 10');
  });

  it('edits a free-text transcript as text, and refuses whole-text edits of timed lines', () => {
    const free: Content = { text: 'one paragraph of text', segments: null };
    expect(applyEdit(free, { kind: 'text', text: 'one paragraph of prose' })).toEqual({ label: 'Edited the text', text: 'one paragraph of prose', segments: null });
    expect(() => applyEdit(free, { kind: 'merge', index: 0 })).toThrow('free text only');
    expect(() => applyEdit(timed, { kind: 'text', text: 'anything' })).toThrow('line by line');
  });
});
