// Speakers and timing of podcast transcripts: read from the publisher's VTT voice spans, JSON
// `speaker` fields and HTML <cite>/<time>, and carried by every export format that can.
import { describe, expect, it } from 'vitest';
import { formatTranscript, type TranscriptDocument } from '#shared/format/formatters';
import { readPublisherTranscript } from '#service/podcast/publisherTranscript';
import { clockToMs } from '#service/podcast/speakers';

const read = (body: string, type: string) => {
  const result = readPublisherTranscript(body, type);
  if (!result.ok) throw new Error(result.problem);
  return result;
};

describe('reading speakers and times from publisher transcripts', () => {
  it('VTT voice spans name the speaker of each cue; a cue without one has none; names are decoded', () => {
    const vtt = [
      'WEBVTT',
      '',
      '00:00:00.000 --> 00:00:02.000',
      '<v.host Ana &amp; Bo>Welcome back.</v>',
      '',
      '00:00:02.000 --> 00:00:03.500',
      'Music plays.',
      '',
      '00:00:03.500 --> 00:00:05.000',
      '<v Cy>Thanks.',
      '',
    ].join('\n');
    expect(read(vtt, 'text/vtt')).toEqual({
      ok: true,
      text: 'Welcome back.\nMusic plays.\nThanks.',
      segments: [
        { text: 'Welcome back.', startMs: 0, endMs: 2000, speaker: 'Ana & Bo' },
        { text: 'Music plays.', startMs: 2000, endMs: 3500 },
        { text: 'Thanks.', startMs: 3500, endMs: 5000, speaker: 'Cy' },
      ],
    });
  });

  it('a VTT cue with two voices becomes two segments, its time shared by length', () => {
    const vtt = 'WEBVTT\n\n00:00:10.000 --> 00:00:12.000\n<v Ana>How are you?</v>\n<v Bo>Fine, fine.</v>\n';
    expect(read(vtt, 'text/vtt').segments).toEqual([
      { text: 'How are you?', startMs: 10_000, endMs: 11_043, speaker: 'Ana' }, // 12 of 23 characters
      { text: 'Fine, fine.', startMs: 11_043, endMs: 12_000, speaker: 'Bo' },
    ]);
  });

  it('SRT keeps its times; a "Name:" in the words stays words (SubRip has no speaker field)', () => {
    expect(read('1\n00:00:01,000 --> 00:00:02,000\nAna: Hello.\n', 'application/x-subrip').segments).toEqual([{ text: 'Ana: Hello.', startMs: 1000, endMs: 2000 }]);
  });

  it('JSON speakers: word-level segments grouped into lines that never span two speakers', () => {
    const words = [
      ['Ana', 0, 'Is'],
      ['Ana', 0.3, 'it'],
      ['Ana', 0.6, 'on?'],
      ['Bo', 0.9, 'Yes'],
      ['Bo', 1.2, 'it'],
      ['Bo', 1.5, 'is.'],
    ].map(([speaker, start, body]) => ({ speaker, startTime: start, endTime: Number(start) + 0.25, body }));
    expect(read(JSON.stringify({ version: '1.0.0', segments: words }), 'application/json')).toEqual({
      ok: true,
      text: 'Is it on?\nYes it is.',
      segments: [
        { text: 'Is it on?', startMs: 0, endMs: 850, speaker: 'Ana' },
        { text: 'Yes it is.', startMs: 900, endMs: 1750, speaker: 'Bo' },
      ],
    });
  });

  it('JSON sentence segments keep their speakers; a segment without one has none', () => {
    const segments = [
      { speaker: 'Keeper', startTime: 0.5, endTime: 4.2, body: 'Every night I climbed the narrow stairs.' },
      { startTime: 4.4, endTime: 8.9, body: 'I wrote down the weather and the ships I saw.' },
    ];
    expect(read(JSON.stringify({ segments }), 'application/json').segments).toEqual([
      { text: 'Every night I climbed the narrow stairs.', startMs: 500, endMs: 4200, speaker: 'Keeper' },
      { text: 'I wrote down the weather and the ships I saw.', startMs: 4400, endMs: 8900 },
    ]);
  });

  it('HTML without a <time> for every paragraph keeps the words only', () => {
    expect(read('<cite>Ana:</cite><time>0:00</time><p>One.</p><cite>Bo:</cite><p>Two.</p>', 'text/html')).toEqual({ ok: true, text: 'One.\nTwo.', segments: [] });
    // Times that run backwards are not trusted either.
    expect(read('<time>0:10</time><p>One.</p><time>0:05</time><p>Two.</p>', 'text/html').segments).toEqual([]);
  });

  it('clock times in the shapes HTML transcripts use', () => {
    expect([clockToMs('0:19'), clockToMs('1:02:03'), clockToMs('02:03.5'), clockToMs('75'), clockToMs('soon')]).toEqual([19_000, 3_723_000, 123_500, 75_000, undefined]);
  });
});

const episodeSegments = [
  { text: 'Welcome to the show.', startMs: 0, endMs: 2000, speaker: 'Sarah' },
  { text: 'Glad to be here.', startMs: 2000, endMs: 4000, speaker: 'Gillian' },
  { text: 'Let us begin.', startMs: 4000, endMs: 6000, speaker: 'Gillian' },
];
const episode: TranscriptDocument = {
  title: 'Should You Have a Trailer?',
  platform: 'podcast',
  text: 'Welcome to the show.\nGlad to be here.\nLet us begin.',
  segments: episodeSegments,
};
const content = (format: 'txt' | 'srt' | 'vtt' | 'json' | 'csv', doc = episode) => {
  const result = formatTranscript(doc, format);
  if (!result.ok) throw new Error(result.reason);
  return result.content;
};

describe('exports carry the speakers', () => {
  it('TXT and SRT: "Name: " where the speaker changes', () => {
    expect(content('txt')).toBe('Sarah: Welcome to the show.\nGillian: Glad to be here.\nLet us begin.\n');
    expect(content('srt')).toBe(
      '1\n00:00:00,000 --> 00:00:02,000\nSarah: Welcome to the show.\n\n2\n00:00:02,000 --> 00:00:04,000\nGillian: Glad to be here.\n\n3\n00:00:04,000 --> 00:00:06,000\nLet us begin.\n\n',
    );
  });

  it('VTT: a voice span on every cue of a speaker, the name escaped', () => {
    const vtt = content('vtt', { ...episode, segments: [...episodeSegments, { text: 'Hi.', startMs: 6000, endMs: 7000, speaker: 'Q<A>' }] });
    expect(vtt).toContain('00:00:00.000 --> 00:00:02.000\n<v Sarah>Welcome to the show.\n');
    expect(vtt).toContain('00:00:04.000 --> 00:00:06.000\n<v Gillian>Let us begin.\n');
    expect(vtt).toContain('<v Q&lt;A&gt;>Hi.\n');
  });

  it('JSON and CSV: a speaker field', () => {
    expect((JSON.parse(content('json')) as { segments: { speaker?: string }[] }).segments.map((s) => s.speaker)).toEqual(['Sarah', 'Gillian', 'Gillian']);
    expect(content('csv').split('\r\n').slice(0, 2)).toEqual(['start_ms,end_ms,start,end,speaker,text', '0,2000,00:00:00.000,00:00:02.000,Sarah,Welcome to the show.']);
  });

  it('without speakers every format is as before: no labels, no speaker column', () => {
    const plain = { ...episode, segments: episodeSegments.map(({ text, startMs, endMs }) => ({ text, startMs, endMs })) };
    expect(content('txt', plain)).toBe(`${plain.text}\n`);
    expect(content('srt', plain)).toContain('\nWelcome to the show.\n');
    expect(content('vtt', plain)).not.toContain('<v');
    expect(content('csv', plain).split('\r\n')[0]).toBe('start_ms,end_ms,start,end,text');
  });
});
