// Issue 19: a stored summary and chapters in the Markdown and JSON exports, and the `chapters`
// format (a YouTube chapter list); a transcript without them exports as before.
import { describe, expect, it } from 'vitest';
import type { Provenance } from '#shared/contract/provenance';
import { formatTranscript, type TranscriptDocument } from '#shared/format/formatters';

const generated = (task: 'summary' | 'chapters'): Provenance => ({ kind: 'generated', task, model: 'llama3.1:8b', endpoint: 'localhost:11434', from: 'Original' });

const TALK: TranscriptDocument = {
  title: 'How bridges fail',
  sourceUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  platform: 'longform',
  language: 'en',
  provenance: { kind: 'creator-captions', language: 'en' },
  text: 'Welcome.\nFirst, steel.\nThen, wind.',
  segments: [
    { text: 'Welcome.', startMs: 0, endMs: 2000 },
    { text: 'First, steel.', startMs: 95_000, endMs: 97_000 },
    { text: 'Then, wind.', startMs: 3_725_000, endMs: 3_727_000 },
  ],
  summary: { text: 'A talk on why bridges fail.\n\n- Steel tires.\n- Wind <b>sways</b> them.', provenance: generated('summary') },
  chapters: {
    chapters: [
      { start: 95, title: 'Steel' },
      { start: 0, title: 'Intro' },
      { start: 3725.4, title: 'Wind\nand [weather]' },
    ],
    provenance: generated('chapters'),
  },
};

function content(doc: TranscriptDocument, format: Parameters<typeof formatTranscript>[1]): string {
  const result = formatTranscript(doc, format);
  if (!result.ok) throw new Error(result.reason);
  return result.content;
}

describe('summary and chapters in exports', () => {
  it('Markdown: a summary and a chapter list with time links and who wrote them, before the transcript', () => {
    const md = content(TALK, 'md');
    const body = md.slice(md.indexOf('# How bridges fail'));
    expect(body).toBe(
      [
        '# How bridges fail',
        '## Summary',
        'A talk on why bridges fail.',
        '\\- Steel tires.\n\\- Wind \\<b\\>sways\\</b\\> them.',
        '*Summary written by llama3.1:8b (localhost:11434) from Original*',
        '## Chapters',
        [
          '- [0:00](https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=0s) Intro',
          '- [1:35](https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=95s) Steel',
          '- [1:02:05](https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3725s) Wind and \\[weather\\]',
        ].join('\n'),
        '*Chapters written by llama3.1:8b (localhost:11434) from Original*',
        '## Transcript',
        '[0:00](https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=0s) Welcome.',
      ].join('\n\n') + body.slice(body.indexOf('\n\n[1:35]')),
    );
    expect(md.indexOf('## Chapters')).toBeLessThan(md.indexOf('First, steel.'));
  });

  it('Markdown: plain times where the platform has no time links, and no extra sections without a summary or chapters', () => {
    const local = content({ ...TALK, platform: 'local', sourceUrl: undefined }, 'md');
    expect(local).toContain('- 1:35 Steel');
    const plain = content({ ...TALK, summary: null, chapters: null }, 'md');
    expect(plain).not.toMatch(/## (Summary|Chapters|Transcript)/);
    expect(plain).toBe(content({ ...TALK, summary: undefined, chapters: undefined }, 'md'));
  });

  it('JSON: summary {text, provenance} and chapters {chapters, provenance}; null when none', () => {
    const json = JSON.parse(content(TALK, 'json')) as Record<string, unknown>;
    expect(json.summary).toEqual({ text: TALK.summary?.text, provenance: generated('summary') });
    expect(json.chapters).toEqual({ chapters: TALK.chapters?.chapters, provenance: generated('chapters') });
    const none = JSON.parse(content({ ...TALK, summary: undefined, chapters: null }, 'json')) as Record<string, unknown>;
    expect(none.summary).toBeNull();
    expect(none.chapters).toBeNull();
    expect(none.text).toBe(TALK.text);
  });

  it('chapters: one line per chapter in time order, h:mm:ss past an hour, titles on one line', () => {
    const result = formatTranscript(TALK, 'chapters');
    expect(result).toEqual({ ok: true, content: '0:00 Intro\n1:35 Steel\n1:02:05 Wind and [weather]\n', extension: 'chapters.txt', mimeType: 'text/plain; charset=utf-8' });
  });

  it('chapters: a transcript without stored chapters is refused with the reason, not written empty', () => {
    for (const chapters of [undefined, null, { chapters: [], provenance: generated('chapters') }]) {
      const result = formatTranscript({ ...TALK, chapters }, 'chapters');
      expect(result).toEqual({ ok: false, reason: expect.stringContaining('none are stored for this transcript') as string });
    }
  });
});
