import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { segmentsToCues, wrapWords } from '#shared/format/cues';
import { formatTranscript, type TranscriptDocument } from '#shared/format/formatters';

const doc: TranscriptDocument = {
  title: 'Never Gonna',
  sourceUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  platform: 'longform',
  language: 'English',
  text: "We're no strangers to love\nYou know the rules, and so do I",
  segments: [
    { text: "We're no strangers to love", startMs: 18_800, endMs: 21_880 },
    { text: 'You know the rules, and so do I', startMs: 22_640, endMs: 26_960 },
    { text: 'A full commitment is what I am thinking of, "quoted", and past the hour', startMs: 3_723_004, endMs: 3_731_000 },
  ],
};

describe('formatters', () => {
  it('TXT is the plain text with a final newline', () => {
    expect(formatTranscript(doc, 'txt')).toMatchObject({ ok: true, content: `${doc.text}\n`, extension: 'txt' });
  });

  it('SRT numbers cues, uses commas, wraps lines and keeps hours', () => {
    const result = formatTranscript(doc, 'srt', { maxLineLength: 32 });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.content).toBe(
      [
        '1',
        '00:00:18,800 --> 00:00:21,880',
        "We're no strangers to love",
        '',
        '2',
        '00:00:22,640 --> 00:00:26,960',
        'You know the rules, and so do I',
        '',
        '3',
        '01:02:03,004 --> 01:02:10,073', // 61 of the segment's 69 characters: 61/69 of its time
        'A full commitment is what I am',
        'thinking of, "quoted", and past',
        '',
        '4',
        '01:02:10,073 --> 01:02:11,000',
        'the hour',
        '',
        '',
      ].join('\n'),
    );
    expect(result.content).not.toContain('\r');
  });

  it('VTT starts with WEBVTT and uses dots', () => {
    const result = formatTranscript(doc, 'vtt');
    expect(result.ok && result.content.startsWith('WEBVTT\n')).toBe(true);
    expect(result.ok && result.content).toContain('00:00:18.800 --> 00:00:21.880');
  });

  it('JSON carries metadata, text and segments', () => {
    const result = formatTranscript(doc, 'json');
    expect(result.ok && JSON.parse(result.content)).toEqual({ title: 'Never Gonna', sourceUrl: doc.sourceUrl, platform: 'longform', language: 'English', provenance: null, summary: null, chapters: null, text: doc.text, segments: doc.segments });
  });

  it('CSV has one quoted row per segment that a CSV reader gets back intact', () => {
    const result = formatTranscript(doc, 'csv');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const rows = Papa.parse<string[]>(result.content.trim()).data;
    expect(rows[0]).toEqual(['start_ms', 'end_ms', 'start', 'end', 'text']);
    expect(rows[3]).toEqual(['3723004', '3731000', '01:02:03.004', '01:02:11.000', doc.segments?.[2]?.text]);
  });

  it('refuses timed formats for a transcript without timing, with a reason', () => {
    const plain = { text: 'just text', segments: null };
    for (const format of ['srt', 'vtt', 'csv'] as const) {
      const result = formatTranscript(plain, format);
      expect(result).toMatchObject({ ok: false, reason: expect.stringContaining('timed segments') as unknown });
    }
    expect(formatTranscript(plain, 'json').ok).toBe(true);
  });
});

describe('cues', () => {
  it('wraps on words and cuts words longer than a line', () => {
    expect(wrapWords('a bb ccc dddd', 6)).toEqual(['a bb', 'ccc', 'dddd']);
    expect(wrapWords('supercalifragilistic', 8)).toEqual(['supercal', 'ifragili', 'stic']);
    expect(wrapWords('   ', 8)).toEqual([]);
  });

  it('splits a long segment into cues whose times cover it in order', () => {
    const cues = segmentsToCues([{ text: 'one two three four five six seven eight nine ten eleven twelve', startMs: 1000, endMs: 13_000 }], { maxLineLength: 10, maxLines: 1 });
    expect(cues.length).toBeGreaterThan(3);
    expect(cues[0]?.startMs).toBe(1000);
    expect(cues.at(-1)?.endMs).toBe(13_000);
    for (let i = 1; i < cues.length; i++) expect(cues[i]?.startMs).toBe(cues[i - 1]?.endMs);
    expect(cues.flatMap((c) => c.lines).join(' ')).toBe('one two three four five six seven eight nine ten eleven twelve');
  });

  it('skips empty segments', () => {
    expect(segmentsToCues([{ text: '  ', startMs: 0, endMs: 10 }])).toEqual([]);
  });
});
