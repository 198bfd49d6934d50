// Readable text (issue 18): rolling-caption repeats removed from the TXT export and from
// paragraphs, for every caption layout; TXT options (paragraphs, timestamps, speakers); paragraphs
// that stay the same for the same speech.
//
// The spoken words are known independently of the code under test:
// - rolling-slt.vtt and growing-awb.srt are made by make-rolling.mjs from the texts in
//   test/fixtures/speech: each spoken word is in that text exactly once, in order.
// - youtube-asr.vtt and json3-asr.json are the same video's captions; json3 gives each word once,
//   as a timed `seg`, so its words are the spoken words of the stretch both files cover.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCaptions } from '#service/captions/index';
import { scanCues } from '#service/captions/cueScanner';
import { cleanCaptionLines } from '#service/captions/text';
import { readPublisherTranscript } from '#service/podcast/publisherTranscript';
import { formatTranscript } from '#shared/format/formatters';
import { documentParagraphs, paragraphs } from '#shared/format/paragraphs';
import { collapseRepeatedLines, collapseRepeats } from '#shared/format/repeats';
import { formatTxt } from '#shared/format/txt';
import type { Segment } from '#shared/transcript';

const fixture = (path: string) => readFileSync(`test/fixtures/${path}`, 'utf8');
const wordsOf = (text: string) => text.split(/\s+/).filter((w) => w !== '' && !/^\[[\d:]+\]$/.test(w));
/** Words as auto-captions write them: lowercase, no punctuation. */
const bare = (words: readonly string[]) => words.map((w) => w.toLowerCase().replace(/[^\p{L}\p{N}']/gu, '')).filter((w) => w !== '');

function parsed(path: string): Segment[] {
  const result = parseCaptions(fixture(path));
  if (!result.ok) throw new Error(`${path}: ${result.problem}`);
  return result.segments;
}

/**
 * Every cue as the file sends it, lines and all: what a transcript holds when nothing removed the
 * roll-up at fetch time (a publisher's VTT with voice spans, a body cached by an older version).
 */
function everyCue(path: string): Segment[] {
  return scanCues(fixture(path), 'webvtt').cues.map((cue) => ({ text: cleanCaptionLines(cue.text).join(' '), startMs: cue.startMs, endMs: cue.endMs }));
}

const withinFivePercent = (count: number, spoken: number) => expect(Math.abs(count - spoken) / spoken).toBeLessThanOrEqual(0.05);

describe('rolling-caption repeats are gone from the TXT (done-when: word count within 5% of the spoken words)', () => {
  const slt = wordsOf(fixture('speech/slt.txt'));
  const awb = wordsOf(fixture('speech/awb.txt'));

  it('YouTube rolling WebVTT (line carried into the next cue, 10 ms repeat cues), read cue by cue as sent', () => {
    const cues = everyCue('captions/rolling-slt.vtt');
    // The sample really rolls: read naively, nearly every word is there twice or more.
    expect(wordsOf(cues.map((c) => c.text).join(' ')).length).toBeGreaterThan(slt.length * 2.5);
    const txt = formatTxt({ text: cues.map((c) => c.text).join('\n'), segments: cues });
    withinFivePercent(wordsOf(txt).length, slt.length);
    expect(wordsOf(txt)).toEqual(bare(slt));
  });

  it('the same file as the YouTube fetch parses it, with paragraphs and timestamps on', () => {
    const txt = formatTxt({ text: '', segments: parsed('captions/rolling-slt.vtt') }, { paragraphs: true, timestamps: 'every', everySeconds: 30 });
    expect(wordsOf(txt)).toEqual(bare(slt));
  });

  it('a growing line ("The train" → "The train left the" → …), timed as an SRT from Facebook or TikTok is parsed', () => {
    const segments = parsed('captions/growing-awb.srt');
    expect(wordsOf(segments.map((s) => s.text).join(' ')).length).toBeGreaterThan(awb.length * 2);
    const txt = formatTranscript({ text: segments.map((s) => s.text).join('\n'), segments }, 'txt');
    expect(txt.ok && wordsOf(txt.content).length).toBe(awb.length);
    const readable = formatTxt({ text: '', segments }, { paragraphs: true });
    withinFivePercent(wordsOf(readable).length, awb.length);
    expect(wordsOf(readable)).toEqual(awb);
  });

  it('the same growing captions as the untimed text TikTok, Facebook, LinkedIn and Rumble transcripts are (a line per cue)', () => {
    const text = parsed('captions/growing-awb.srt')
      .map((s) => s.text)
      .join('\n');
    expect(wordsOf(formatTxt({ text, segments: null })).length).toBe(awb.length);
    expect(wordsOf(formatTxt({ text, segments: null }, { paragraphs: true }))).toEqual(awb);
  });

  it('the hand-written YouTube sample: the VTT read cue by cue has the words json3 gives one by one', () => {
    const json3 = JSON.parse(fixture('captions/json3-asr.json')) as { events: { tStartMs: number; segs?: { utf8: string }[] }[] };
    // Both files cover the first 7.6 s the same way; the VTT then shows [Music], json3 a later cue.
    const spoken = json3.events.filter((e) => e.tStartMs < 7600 && e.segs !== undefined).flatMap((e) => wordsOf((e.segs ?? []).map((s) => s.utf8.replace('&amp;', '&').replace('&#39;', "'")).join('')));
    const cues = everyCue('captions/youtube-asr.vtt');
    const txt = wordsOf(formatTxt({ text: cues.map((c) => c.text).join('\n'), segments: cues }));
    expect(txt).toEqual([...spoken, '[Music]']);
  });
});

describe('what counts as a repeat', () => {
  const seg = (text: string, startMs: number, endMs: number, speaker?: string): Segment => ({ text, startMs, endMs, ...(speaker === undefined ? {} : { speaker }) });

  it('"hello" → "hello there" → "hello there friend" reads once, each word at the time it appeared', () => {
    const out = collapseRepeats([seg('hello', 0, 500), seg('hello there', 500, 1000), seg('hello there friend', 1000, 1500)]);
    expect(out).toEqual([seg('hello', 0, 500), seg('there', 500, 1000), seg('friend', 1000, 1500)]);
  });

  it('a cue that only repeats the one before (YouTube\'s 10 ms cue) is dropped and the one before lasts until it ends', () => {
    expect(collapseRepeats([seg('so this is it', 0, 2000), seg('so this is it', 2000, 2010), seg('so this is it and more', 2010, 4000)])).toEqual([seg('so this is it', 0, 2010), seg('and more', 2010, 4000)]);
  });

  it('speech that repeats itself stays: after a pause, in one or two words, or from another speaker', () => {
    const kept = [
      [seg('no', 0, 400), seg('no', 1500, 1900)],
      [seg('and then you know', 0, 1000), seg('you know what I mean', 1000, 2000)],
      [seg('I do', 0, 500, 'Ana'), seg('I do', 500, 1000, 'Bo')],
      [seg('we will fight on the beaches', 0, 2000), seg('we will fight on the beaches', 2500, 4500)],
      [seg('it is what it is', 0, 2000), seg('it is what it is and it works', 5100, 7000)],
    ];
    for (const segments of kept) expect(collapseRepeats(segments)).toEqual(segments);
  });

  it('a growing line that spans a short pause is still one line', () => {
    expect(collapseRepeats([seg('the window.', 0, 800), seg('the window. He watched', 2300, 3000)]).map((s) => s.text)).toEqual(['the window.', 'He watched']);
  });

  it('word timings are trimmed with the words', () => {
    const grown: Segment = { text: 'hello there', startMs: 500, endMs: 1000, words: [{ text: 'hello', startMs: 0, endMs: 400 }, { text: 'there', startMs: 500, endMs: 900 }] };
    expect(collapseRepeats([seg('hello', 0, 500), grown])[1]).toEqual({ text: 'there', startMs: 500, endMs: 1000, words: [{ text: 'there', startMs: 500, endMs: 900 }] });
  });

  it('untimed lines: growing and carried lines go, a blank line resets', () => {
    expect(collapseRepeatedLines(['hello', 'hello there', 'hello there friend', '', 'hello there friend'])).toEqual(['hello', 'there', 'friend', '', 'hello there friend']);
    expect(collapseRepeatedLines(['one two three four', 'two three four five six', 'yes', 'yes'])).toEqual(['one two three four', 'five six', 'yes']);
  });
});

describe('paragraphs are stable', () => {
  const samples = () => [parsed('captions/rolling-slt.vtt'), everyCue('captions/rolling-slt.vtt'), parsed('captions/growing-awb.srt'), podcastSegments()];

  it('the same input gives the same paragraphs, run after run', () => {
    for (const segments of samples()) expect(paragraphs(structuredClone(segments))).toEqual(paragraphs(segments));
  });

  it('the same speech gives the same paragraphs whether its captions roll or not', () => {
    const text = (segments: Segment[]) => paragraphs(segments).map((p) => [p.text, p.startMs]);
    expect(text(everyCue('captions/rolling-slt.vtt'))).toEqual(text(parsed('captions/rolling-slt.vtt')));
  });

  it('more speech later does not move the paragraph breaks before it', () => {
    for (const segments of samples()) {
      const all = paragraphs(segments);
      const cut = (all[all.length - 1]?.first ?? 0) - 1;
      if (cut < 0) continue;
      expect(paragraphs(segments.slice(0, cut + 1))).toEqual(all.slice(0, -1));
    }
  });

  it('unpunctuated captions that run cue into cue still break into paragraphs of a readable length', () => {
    const found = paragraphs(parsed('captions/rolling-slt.vtt'));
    expect(found.length).toBeGreaterThan(1);
    for (const p of found) expect(p.text.length).toBeLessThan(600);
  });

  it('paragraph indexes point at the segments as given, repeats included', () => {
    const cues = everyCue('captions/rolling-slt.vtt');
    const found = documentParagraphs({ text: '', segments: cues });
    expect(found[0]?.first).toBe(0);
    // The file ends on a 10 ms cue that only repeats the last line: the last paragraph ends before it.
    expect(found[found.length - 1]?.last).toBe(cues.length - 2);
  });
});

function podcastSegments(): Segment[] {
  const read = readPublisherTranscript(fixture('podcast/transcript-podcastindex-example.vtt'), 'text/vtt');
  if (!read.ok) throw new Error(read.problem);
  return read.segments;
}

describe('TXT golden files', () => {
  it('auto-captions (rolling YouTube VTT): paragraphs, a mark every 30 s', () => {
    const txt = formatTxt({ text: '', segments: parsed('captions/rolling-slt.vtt') }, { paragraphs: true, timestamps: 'every', everySeconds: 30 });
    expect(txt).toBe(fixture('txt/rolling-slt.paragraphs.every-30.txt'));
  });

  it('a punctuated publisher transcript with speakers: paragraphs, a mark and the name at each', () => {
    const txt = formatTxt({ text: '', segments: podcastSegments() }, { paragraphs: true, timestamps: 'paragraph' });
    expect(txt).toBe(fixture('txt/podcast-example.paragraphs.stamped.txt'));
  });
});

describe('TXT options', () => {
  const doc = {
    text: 'unused',
    segments: [
      { text: 'Welcome back.', startMs: 0, endMs: 1000, speaker: 'Ana' },
      { text: 'Thanks for having me.', startMs: 1200, endMs: 2500, speaker: 'Bo' },
      { text: 'Much later.', startMs: 3_725_000, endMs: 3_726_000, speaker: 'Bo' },
    ],
  };

  it('without paragraphs a per-paragraph mark starts each line, and the name follows it where the speaker changes', () => {
    expect(formatTxt(doc, { timestamps: 'paragraph' })).toBe('[0:00:00] Ana: Welcome back.\n[0:00:01] Bo: Thanks for having me.\n[1:02:05] Much later.\n');
  });

  it('speakers off: no names', () => {
    expect(formatTxt(doc, { paragraphs: true, speakers: false })).toBe('Welcome back.\n\nThanks for having me.\n\nMuch later.\n');
  });

  it('every N seconds: one mark per interval, the time of the words it stands before, inside a paragraph', () => {
    const segments = [0, 10, 20, 31, 45, 62, 200].map((s) => ({ text: `at ${s}`, startMs: s * 1000, endMs: s * 1000 + 900 }));
    expect(formatTxt({ text: '', segments }, { timestamps: 'every', everySeconds: 30 })).toBe('[00:00] at 0\nat 10\nat 20\n[00:31] at 31\nat 45\n[01:02] at 62\n[03:20] at 200\n');
  });

  it('the default TXT (a line per caption) keeps a line said again after a pause, and drops the roll-up', () => {
    const segments = [
      { text: 'we will fight on the beaches', startMs: 0, endMs: 2000 },
      { text: 'we will fight on the beaches', startMs: 2600, endMs: 4600 },
      { text: 'we will fight on the beaches and in the hills', startMs: 4600, endMs: 6000 },
    ];
    const result = formatTranscript({ text: segments.map((s) => s.text).join('\n'), segments }, 'txt');
    expect(result.ok && result.content).toBe('we will fight on the beaches\nwe will fight on the beaches\nand in the hills\n');
  });

  it('a transcript without timing takes paragraphs and ignores timestamps', () => {
    expect(formatTxt({ text: 'One line.\nTwo line.', segments: null }, { paragraphs: true, timestamps: 'every' })).toBe('One line. Two line.\n');
  });
});

describe('paragraph rules', () => {
  const at = (text: string, startMs: number, endMs: number, speaker?: string): Segment => ({ text, startMs, endMs, ...(speaker === undefined ? {} : { speaker }) });
  const texts = (segments: Segment[]) => paragraphs(segments).map((p) => p.text);

  it('a new speaker starts a paragraph, even mid-sentence and without a pause', () => {
    expect(paragraphs([at('So what I think is', 0, 1000, 'Ana'), at('sorry, go on.', 1000, 2000, 'Bo')]).map((p) => [p.speaker, p.text])).toEqual([
      ['Ana', 'So what I think is'],
      ['Bo', 'sorry, go on.'],
    ]);
  });

  it('punctuated: a pause after a sentence end starts one, a short breath does not, a pause mid-sentence only when long', () => {
    expect(texts([at('One.', 0, 1000), at('Two.', 1500, 2500), at('Three', 4000, 5000), at('four.', 5500, 6000), at('Five', 9000, 9500)])).toEqual(['One. Two.', 'Three four.', 'Five']);
  });

  it('unpunctuated: a pause ends a paragraph once it has half the target length; a short one stays whole', () => {
    const line = 'word '.repeat(50).trim();
    expect(texts([at(line, 0, 5000), at(line, 5800, 10_000)])).toHaveLength(2);
    expect(texts([at('short line', 0, 1000), at('another', 1800, 2500)])).toEqual(['short line another']);
  });

  it('no paragraph grows past its maximum, even in a punctuated transcript where a long stretch has no sentence end', () => {
    // Enough short sentences first that the transcript counts as punctuated; then 20 lines, one
    // after the other, none ending a sentence.
    const sentences = Array.from({ length: 15 }, (_, i) => at(`Yes ${i}.`, i * 500, i * 500 + 400));
    const run = Array.from({ length: 20 }, (_, i) => at(`line ${i} ${'and then '.repeat(20).trim()},`, 20_000 + i * 1000, 20_000 + i * 1000 + 900));
    const found = paragraphs([...sentences, ...run]);
    expect(found.length).toBeGreaterThan(3);
    for (const p of found) expect(p.text.length).toBeLessThanOrEqual(1200 + 200);
  });

  it('nothing to read gives no paragraphs', () => {
    expect(paragraphs([])).toEqual([]);
    expect(paragraphs([at('  ', 0, 100), at('', 100, 200)])).toEqual([]);
    expect(documentParagraphs({ text: ' \n ', segments: null })).toEqual([]);
  });

  it('text without timing: its own blank-line paragraphs, else its lines gathered to sentence ends', () => {
    expect(documentParagraphs({ text: 'First part.\nStill first.\n\nSecond part.', segments: [] }).map((p) => p.text)).toEqual(['First part. Still first.', 'Second part.']);
    const sentence = 'This sentence is about fifty characters long, yes. ';
    const found = documentParagraphs({ text: sentence.repeat(30), segments: null });
    expect(found.length).toBeGreaterThan(2);
    for (const p of found) expect(p.text).toMatch(/yes\.$/);
  });
});
