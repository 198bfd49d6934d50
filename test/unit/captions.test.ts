// Caption parsers: every format YouTube, TikTok, Facebook, LinkedIn and Rumble serve, and the odd
// bodies they serve when something is wrong.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCaptions, type CaptionParse } from '#service/captions/index';
import { cleanCaptionLine, decodeEntities } from '#service/captions/text';
import type { Segment } from '#shared/transcript';

const fixture = (path: string) => readFileSync(resolve(__dirname, '../fixtures', path), 'utf8');

function segmentsOf(result: CaptionParse): Segment[] {
  if (!result.ok) throw new Error(`expected captions, got ${result.problem}: ${result.detail}`);
  return result.segments;
}

describe('YouTube timedtext, default format (srv1)', () => {
  it('reads the recorded fixture: seconds to ms, escaped tags stripped, the empty <text> skipped', () => {
    const result = parseCaptions(fixture('youtube/timedtext-srv1-fixture.xml'));
    expect(result.ok && result.format).toBe('srv1');
    expect(segmentsOf(result)).toEqual([
      { text: 'Hey, this is just a test', startMs: 0, endMs: 1540 },
      { text: 'this is not the original transcript', startMs: 1540, endMs: 5700 },
      { text: 'just something shorter, I made up for testing', startMs: 5700, endMs: 8939 },
    ]);
  });

  it('lets a cue without dur last until the next one, and keeps the last one at its start', () => {
    const xml = '<?xml version="1.0"?><transcript><text start="1.2">one</text><text start="3.5" dur="1">two</text><text start="9.999">three</text></transcript>';
    expect(segmentsOf(parseCaptions(xml))).toEqual([
      { text: 'one', startMs: 1200, endMs: 3500 },
      { text: 'two', startMs: 3500, endMs: 4500 },
      { text: 'three', startMs: 9999, endMs: 9999 },
    ]);
  });

  it('decodes double-escaped entities and keeps text that only looks like markup', () => {
    const xml = '<transcript><text start="0" dur="1">it&amp;#39;s &amp;amp; I &lt;3 it, a &lt; b</text><text start="1" dur="1">&amp;quot;quoted&amp;quot;&#10;on two lines</text></transcript>';
    expect(segmentsOf(parseCaptions(xml)).map((s) => s.text)).toEqual(["it's & I <3 it, a < b", '"quoted" on two lines']);
  });

  it('skips cues with an unreadable start instead of inventing a time', () => {
    const xml = '<transcript><text start="abc" dur="1">lost</text><text start="2" dur="1">kept</text></transcript>';
    expect(segmentsOf(parseCaptions(xml))).toEqual([{ text: 'kept', startMs: 2000, endMs: 3000 }]);
  });
});

describe('YouTube timedtext srv3', () => {
  it('reads manual paragraphs: entities, escaped tags, line breaks, empty and duration-less paragraphs', () => {
    expect(segmentsOf(parseCaptions(fixture('captions/srv3-manual.xml')))).toEqual([
      { text: 'Hey guys, so this is the Surface Go.', startMs: 0, endMs: 2500 },
      { text: "It's Microsoft's smallest & cheapest Surface.", startMs: 2500, endMs: 5700 },
      { text: 'The Type Cover is sold separately.', startMs: 5700, endMs: 8600 },
      { text: "And the price? 'Just' $399.", startMs: 9000, endMs: 12000 },
      { text: "Let's find out if it's any good.", startMs: 12000, endMs: 15500 },
      { text: '[Music]', startMs: 15500, endMs: 17500 },
    ]);
  });

  it('joins ASR word elements in order and drops the append-newline paragraphs', () => {
    const segments = segmentsOf(parseCaptions(fixture('captions/srv3-asr.xml')));
    expect(segments.map((s) => s.text)).toEqual([
      'hey guys so this is the surface go',
      "it's microsoft's smallest and cheapest surface",
      'the type cover is sold separately',
      '[Music]',
    ]);
    expect(segments[0]).toMatchObject({ startMs: 80, endMs: 5040 });
  });

  it('times each ASR word from its `t` offset, entities decoded; a line without offsets has no words', () => {
    const segments = segmentsOf(parseCaptions(fixture('captions/srv3-asr.xml')));
    expect(segments[0]?.words?.map((w) => [w.text, w.startMs, w.endMs])).toEqual([
      ['hey', 80, 320],
      ['guys', 320, 560],
      ['so', 560, 800],
      ['this', 800, 1120],
      ['is', 1120, 1280],
      ['the', 1280, 1440],
      ['surface', 1440, 1840],
      ['go', 1840, 5040],
    ]);
    expect(segments[1]?.words?.slice(0, 2)).toEqual([
      { text: "it's", startMs: 2480, endMs: 2800 },
      { text: "microsoft's", startMs: 2800, endMs: 3280 },
    ]);
    expect(segments[3]).not.toHaveProperty('words');
    // Creator tracks have no word elements.
    expect(segmentsOf(parseCaptions(fixture('captions/srv3-manual.xml'))).some((s) => s.words !== undefined)).toBe(false);
  });
});

describe('YouTube timedtext json3', () => {
  it('joins segs, skips window and newline events, and caps a missing duration', () => {
    expect(segmentsOf(parseCaptions(fixture('captions/json3-asr.json'))).map(({ words: _, ...line }) => line)).toEqual([
      { text: 'hey guys so this is', startMs: 80, endMs: 5040 },
      { text: 'the surface go', startMs: 2480, endMs: 7600 },
      // no dDurationMs and the next event is an hour later: 10 s, not an hour of stale text
      { text: "it's small & cheap", startMs: 5040, endMs: 15040 },
      { text: 'an hour later', startMs: 3725000, endMs: 3729200 },
    ]);
  });

  it('times each word of an automatic track from tOffsetMs; a seg without offsets (creator captions) gives no words', () => {
    const [first, , third, last] = segmentsOf(parseCaptions(fixture('captions/json3-asr.json')));
    // "hey" at the event's start, " guys" 240 ms later …; each word lasts until the next, the last until the line ends.
    expect(first?.words).toEqual([
      { text: 'hey', startMs: 80, endMs: 320 },
      { text: 'guys', startMs: 320, endMs: 560 },
      { text: 'so', startMs: 560, endMs: 800 },
      { text: 'this', startMs: 800, endMs: 1120 },
      { text: 'is', startMs: 1120, endMs: 5040 },
    ]);
    // Entities decoded in words as in lines.
    expect(third?.words?.map((w) => w.text)).toEqual(["it's", 'small', '& cheap']);
    expect(last).not.toHaveProperty('words');
  });

  it('calls JSON without events malformed', () => {
    expect(parseCaptions('{"responseContext": {}}')).toMatchObject({ ok: false, problem: 'malformed' });
    expect(parseCaptions('{"events": [')).toMatchObject({ ok: false, problem: 'malformed' });
  });
});

describe('WebVTT', () => {
  it('removes the roll-up repeats of YouTube auto-captions: every line once, with its own timing', () => {
    const segments = segmentsOf(parseCaptions(fixture('captions/youtube-asr.vtt')));
    expect(segments).toEqual([
      { text: 'hey guys so this is', startMs: 80, endMs: 2470 },
      { text: 'the surface go', startMs: 2480, endMs: 5040 },
      { text: "it's small & cheap", startMs: 5050, endMs: 7600 },
      { text: '[Music]', startMs: 7610, endMs: 10000 },
    ]);
  });

  it('strips voice and style tags and decodes entities', () => {
    expect(segmentsOf(parseCaptions(fixture('captions/rumble-captions.vtt'))).map((s) => s.text)).toEqual([
      'Good evening and welcome to the show.',
      'Tonight: the bridge vote – what happened?',
      ">> Let's go to the council chamber.",
    ]);
    expect(segmentsOf(parseCaptions(fixture('captions/tiktok-asr.vtt'))).map((s) => s.text)).toEqual([
      'Three things nobody tells you',
      'about moving to Lisbon & working remotely',
      'First: the hills are real.',
      'Second, "pastel de nata" is a lifestyle.',
    ]);
  });

  it('ignores NOTE blocks and joins the lines of a cue', () => {
    expect(segmentsOf(parseCaptions(fixture('captions/linkedin-captions.vtt')))).toEqual([
      { text: 'Hiring is the most important thing a founder does.', startMs: 0, endMs: 3200 },
      { text: 'Here are three questions I ask in every interview.', startMs: 3200, endMs: 6050 },
    ]);
  });

  it('keeps a line said twice when there is a pause between the cues, merges it when it rolls on', () => {
    const paused = 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nNo.\n\n00:00:02.000 --> 00:00:03.000\nNo.\n';
    expect(segmentsOf(parseCaptions(paused)).map((s) => s.text)).toEqual(['No.', 'No.']);
    const rolled = 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nNo.\n\n00:00:01.000 --> 00:00:03.000\nNo.\nAbsolutely not.\n';
    expect(segmentsOf(parseCaptions(rolled))).toEqual([
      { text: 'No.', startMs: 0, endMs: 1000 },
      { text: 'Absolutely not.', startMs: 1000, endMs: 3000 },
    ]);
  });

  it('reads hour timestamps, a byte order mark and CRLF line ends', () => {
    const vtt = '\ufeffWEBVTT\r\n\r\n01:02:03.456 --> 01:02:05.000\r\nlate &amp; last\r\n';
    expect(segmentsOf(parseCaptions(vtt))).toEqual([{ text: 'late & last', startMs: 3723456, endMs: 3725000 }]);
  });

  it('gives an empty list for a valid file without cues (the fetcher decides what that means)', () => {
    expect(parseCaptions('WEBVTT\n\n')).toEqual({ ok: true, format: 'webvtt', segments: [] });
  });
});

describe('SubRip (Facebook captions_url)', () => {
  it('is recognised without a file extension and reads like the same captions in WebVTT', () => {
    const srt = parseCaptions(fixture('captions/facebook-captions.srt'));
    expect(srt.ok && srt.format).toBe('srt');
    expect(segmentsOf(srt)).toEqual(segmentsOf(parseCaptions(fixture('captions/facebook-captions.vtt'))));
    expect(segmentsOf(parseCaptions(fixture('captions/facebook-captions.srt').replace(/\n/g, '\r\n')))).toEqual(segmentsOf(srt));
  });
});

describe('bodies that are not captions', () => {
  it.each([
    ['an empty body (PO-token gate)', '', 'empty'],
    ['only whitespace', ' \n\t', 'empty'],
    ['an HTML block page', '<!DOCTYPE html><html><body>unusual traffic</body></html>', 'html'],
    ['an HTML page without doctype', '<html lang="en"><head><title>Sorry</title></head></html>', 'html'],
    ['XML cut off mid-way', '<?xml version="1.0"?><transcript><text start="1" dur="1">abc</text><text start="2"', 'malformed'],
    ['XML with another root', '<?xml version="1.0"?><error><code>403</code></error>', 'malformed'],
    ['plain text', 'Forbidden', 'unknown_format'],
  ])('%s', (_name, body, problem) => {
    expect(parseCaptions(body)).toMatchObject({ ok: false, problem });
  });
});

describe('caption text cleanup', () => {
  it('decodes twice only when the first round revealed an entity', () => {
    expect(decodeEntities('&amp;#39;')).toBe("'");
    expect(decodeEntities('&amp;amp;')).toBe('&');
    expect(decodeEntities('AT&amp;T')).toBe('AT&T');
    expect(decodeEntities('&notanentity; &hellip;')).toBe('&notanentity; …');
  });

  it('strips tags and WebVTT timestamps, not comparisons', () => {
    expect(cleanCaptionLine('so<00:00:00.320><c> in</c><c.colorE5E5E5> this</c>')).toBe('so in this');
    expect(cleanCaptionLine('<font color="#E5E5E5">x</font> < y > z')).toBe('x < y > z');
    expect(cleanCaptionLine('&lrm;left&nbsp;&nbsp;right\u200b')).toBe('left right');
  });
});
