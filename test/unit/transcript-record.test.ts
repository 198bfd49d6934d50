// The compact store's record: every shape a fetcher hands the cache comes back byte-identical
// (what the REST answer, the desk and the exports see), whether the codec could derive its parts
// or had to store them whole; and a real-length talk is stored in a fraction of its answer.
import { describe, expect, it } from 'vitest';
import type { Segment } from '#shared/transcript';
import { parseForPlatform, type ParsedItem } from '#shared/url/parse';
import { decodeRecord, encodeRecord, RecordFormatError, recordText, type TranscriptContent } from '#service/store/transcriptRecord';
import { longformBody } from '#service/platforms/youtube/shape';
import type { CaptionTrack } from '#service/platforms/youtube/tracks';
import { realLengthCues } from '../upstream/realLength';

const item = (url: string): ParsedItem => {
  const parsed = parseForPlatform('longform', url);
  if (!parsed.ok) throw new Error(parsed.reason);
  return parsed;
};

const TRACKS: CaptionTrack[] = [{ baseUrl: 'https://www.youtube.com/api/timedtext?v=x', name: { simpleText: 'English' }, vssId: '.en', languageCode: 'en', isTranslatable: true }];

/** What the YouTube fetcher hands the cache for a real-length talk (youtube/index.ts). */
function youtubeTalk(id: string): TranscriptContent {
  const segments: Segment[] = realLengthCues(id).map((c) => ({ text: c.text, startMs: c.startMs, endMs: c.startMs + c.durationMs }));
  return {
    body: longformBody(item(`https://www.youtube.com/watch?v=${id}`), id, 'English', TRACKS, segments),
    text: segments.map((s) => s.text).join('\n'),
    segments,
  };
}

/** The bytes a reader sees: the answer body as JSON, the text, the segments as JSON. */
const seen = (c: TranscriptContent) => [JSON.stringify(c.body), c.text, JSON.stringify(c.segments)];

function expectRoundTrip(content: TranscriptContent): Buffer {
  const record = encodeRecord(content);
  expect(seen(decodeRecord(record))).toEqual(seen(content));
  expect(recordText(record)).toBe(content.text);
  return record;
}

const lines: Segment[] = [
  { text: 'First line of the clip, long enough to matter.', startMs: 0, endMs: 2100 },
  { text: 'Second line, after a pause.', startMs: 2600, endMs: 4000 },
  { text: 'Third line overlapping the second.', startMs: 3900, endMs: 6000 },
];
const linesText = lines.map((s) => s.text).join('\n');

describe('transcript record', () => {
  it('a real-length YouTube answer comes back byte-identical from a record under a sixth of its size', () => {
    const talk = youtubeTalk('realLen0001');
    const answerBytes = Buffer.byteLength(JSON.stringify(talk.body));
    expect(answerBytes).toBeGreaterThan(75_000);
    const record = expectRoundTrip(talk);
    expect(record.length).toBeLessThan(answerBytes / 6);
  });

  it('caption platforms (transcript = the lines), speech-to-text ones (their own text), empty answers', () => {
    expectRoundTrip({ body: { transcript: linesText, videoUrls: { sd: 'https://v16.tiktokcdn.com/a.mp4', hd: null } }, text: linesText, segments: lines });
    expectRoundTrip({ body: { success: true, id: 'clip', url: 'https://kick.com/x', transcript: 'spoken words that are not the lines', transcript_source: 'ai' }, text: 'spoken words that are not the lines', segments: lines });
    expectRoundTrip({ body: { transcript: '', videoUrls: { sd: 'https://x/y.mp4' } }, text: '', segments: null });
    expectRoundTrip({ body: {}, text: 'legacy words', segments: null });
    expectRoundTrip({ body: { transcript: linesText }, text: linesText, segments: [] });
  });

  it('keeps key order, speakers, fractional times, unknown segment keys and odd keys exactly', () => {
    expectRoundTrip({ body: { transcript: linesText, success: true, zeta: 1, alpha: [1, 2], nested: { b: 1, a: 2 } }, text: linesText, segments: lines });
    const spoken: Segment[] = lines.map((s, i) => (i === 1 ? { ...s, speaker: 'Ana' } : s));
    expectRoundTrip({ body: { transcript: spoken.map((s) => s.text).join('\n') }, text: spoken.map((s) => s.text).join('\n'), segments: spoken });
    const fractional: Segment[] = lines.map((s) => ({ ...s, startMs: s.startMs + 0.1, endMs: s.endMs + 0.2 }));
    expectRoundTrip({ body: { transcript: linesText }, text: linesText, segments: fractional });
    const reordered = lines.map((s) => ({ endMs: s.endMs, startMs: s.startMs, text: s.text })) as Segment[];
    expectRoundTrip({ body: { transcript: linesText }, text: linesText, segments: reordered });
    const extra = lines.map((s) => ({ ...s, confidence: 0.9 })) as Segment[];
    expectRoundTrip({ body: { transcript: linesText }, text: linesText, segments: extra });
    const proto = JSON.parse(`{"__proto__": "${linesText.replace(/\n/g, '\\n')}", "transcript": 1}`) as Record<string, unknown>;
    const back = decodeRecord(expectRoundTrip({ body: proto, text: linesText, segments: lines }));
    expect(Object.getPrototypeOf(back.body)).toBe(Object.prototype);
  });

  it('a body that only looks derivable is stored as it is', () => {
    const talk = youtubeTalk('realLen0002');
    const cues = talk.body.transcript as { text: string; startMs: string; endMs: string; startTimeText: string }[];
    // One cue's start text as another YouTube layout might write it: the cue array is no longer derivable.
    const changed = { ...talk, body: { ...talk.body, transcript: cues.map((c, i) => (i === 7 ? { ...c, startTimeText: '00:21' } : c)) } };
    expectRoundTrip(changed);
    // A flattened text that differs from the lines by one character.
    expectRoundTrip({ ...talk, body: { ...talk.body, transcript_only_text: `${String(talk.body.transcript_only_text)} ` } });
    expectRoundTrip({ ...talk, text: `${talk.text}\n` });
  });

  it('word timing (YouTube automatic captions) comes back exactly, stored as columns; the REST body does not carry it', () => {
    const talk = youtubeTalk('realLen0003');
    // Each cue's words spread over it, as json3 ASR times them (a word lasts until the next starts).
    const timed: Segment[] = (talk.segments ?? []).map((s) => {
      const texts = s.text.split(' ');
      const step = Math.floor((s.endMs - s.startMs) / texts.length);
      return { ...s, words: texts.map((text, i) => ({ text, startMs: s.startMs + i * step, endMs: i === texts.length - 1 ? s.endMs : s.startMs + (i + 1) * step })) };
    });
    const body = longformBody(item('https://www.youtube.com/watch?v=realLen0003'), 'realLen0003', 'English', TRACKS, timed);
    expect(JSON.stringify(body)).toBe(JSON.stringify(talk.body));
    const plain = encodeRecord(talk);
    const withWords = expectRoundTrip({ ...talk, segments: timed });
    expect(decodeRecord(withWords).segments?.[5]?.words).toEqual(timed[5]?.words);
    // Size, measured here: 24.3 KB against 10.5 KB without words (2.3×); the words stored as objects (`raw`) made 57.7 KB.
    expect(withWords.length).toBeLessThan(plain.length * 2.6);
  });

  it('refuses a record of an unknown format instead of guessing', () => {
    const record = encodeRecord({ body: {}, text: 'x', segments: null });
    record[0] = 9;
    expect(() => decodeRecord(record)).toThrow(RecordFormatError);
  });
});
