// Issue 18 item 6, notes-ready exports: Markdown, DOCX and word-timed VTT compared with expected
// files (test/unit/expected/), and every timestamp link opening the second it names on each
// platform that has time links.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { WebVTTParser } from 'webvtt-parser';
import { formatExport } from '#shared/format/exportFile';
import { NAME_TOKENS, namePatternProblem, patternName } from '#shared/format/fileNames';
import { formatTranscript, type TranscriptDocument } from '#shared/format/formatters';
import { yamlString } from '#shared/format/markdown';
import { timeLinker } from '#shared/format/timeLinks';
import type { LibraryPlatform } from '#shared/platforms';
import { INTERVIEW, youtubeAsr } from './notes-exports.fixtures';

const expected = (name: string) => readFileSync(join(import.meta.dirname, 'expected', name), 'utf8');

function text(doc: TranscriptDocument, format: Parameters<typeof formatTranscript>[1]): string {
  const result = formatTranscript(doc, format);
  if (!result.ok) throw new Error(result.reason);
  return result.content;
}

const decode = (xml: string) => xml.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');

/**
 * What a reader sees of a .docx: a line per paragraph of word/document.xml, its style in brackets
 * where it has one, its text runs joined, a hyperlink's text as `[text](target#anchor)` with the
 * target from word/_rels/document.xml.rels (Word joins the two with a #).
 */
function docxText(bytes: Uint8Array): string {
  const files = unzipSync(bytes);
  const xml = strFromU8(files['word/document.xml'] ?? new Uint8Array());
  const rels = new Map([...strFromU8(files['word/_rels/document.xml.rels'] ?? new Uint8Array()).matchAll(/<Relationship Id="([^"]+)"[^>]*Target="([^"]*)"/g)].map((m) => [m[1], decode(m[2] ?? '')]));
  const runs = (part: string) => [...part.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => decode(m[1] ?? '')).join('');
  return [...xml.matchAll(/<w:p>(.*?)<\/w:p>/g)]
    .map(([, p = '']) => {
      const style = /<w:pStyle w:val="([^"]+)"\/>/.exec(p)?.[1];
      const body = p.replace(/<w:hyperlink([^>]*)>(.*?)<\/w:hyperlink>/g, (_, attributes: string, inner: string) => {
        const id = / r:id="([^"]+)"/.exec(attributes)?.[1] ?? '';
        const anchor = / w:anchor="([^"]*)"/.exec(attributes)?.[1];
        return `<w:t>[${runs(inner)}](${rels.get(id) ?? '?'}${anchor === undefined ? '' : `#${decode(anchor)}`})</w:t>`;
      });
      return `${style === undefined ? '' : `[${style}] `}${runs(body)}`;
    })
    .join('\n')
    .concat('\n');
}

/** The second a time link opens at, read the way each platform reads it. */
function secondOf(link: string): number {
  const url = new URL(link);
  if (url.hostname === 'www.youtube.com') return Number(/^(\d+)s$/.exec(url.searchParams.get('t') ?? '')?.[1]);
  if (url.hostname === 'rumble.com') return Number(url.searchParams.get('start'));
  return Number(/^#t=(\d+)$/.exec(url.hash)?.[1]);
}

/** `[m:ss](link)` timestamps of a Markdown file, with the seconds their text names. */
function markdownStamps(markdown: string): { seconds: number; link: string }[] {
  return [...markdown.matchAll(/^\[((?:\d+:)?\d+:\d\d)\]\(([^)]+)\)/gm)].map((m) => ({
    seconds: (m[1] ?? '').split(':').reduce((total, part) => total * 60 + Number(part), 0),
    link: m[2] ?? '',
  }));
}

describe('Markdown', () => {
  it('writes front matter, the title, speaker headings and linked timestamps as expected (podcast audio with #t=)', () => {
    expect(text(INTERVIEW, 'md')).toBe(expected('interview.md'));
  });

  it('writes a YouTube transcript with watch links at each paragraph', () => {
    expect(text(youtubeAsr(), 'md')).toBe(expected('youtube-asr.md'));
  });

  it('front matter values read back as the exact strings (JSON-quoted, which YAML 1.2 reads as double-quoted scalars)', () => {
    const md = text(INTERVIEW, 'md');
    const front = md.slice(4, md.indexOf('\n---\n'));
    const values = Object.fromEntries(front.split('\n').map((line) => [line.slice(0, line.indexOf(':')), JSON.parse(line.slice(line.indexOf(':') + 2)) as string]));
    expect(values).toEqual({
      title: 'Ep. 12: "Bridges" — why #cities build <them> *wrong*',
      url: 'https://cdn.example.com/audio/ep12.mp3?token=a(b)',
      platform: 'Podcasts',
      source: 'City Talk: the podcast',
      date: '2026-11-27',
      duration: '1:02:07',
      language: 'en',
      provenance: 'Speech-to-text: whisper base.en, en',
    });
    // Characters JSON leaves raw but YAML reads as line breaks or refuses are escaped.
    expect(yamlString('a\u2028b\u0085c\u007f')).toBe('"a\\u2028b\\u0085c\\u007f"');
  });

  it('every timestamp link opens the second the timestamp shows, on each platform with time links', () => {
    for (const doc of [INTERVIEW, youtubeAsr(), { ...youtubeAsr(), platform: 'openvideo' as const, sourceUrl: 'https://rumble.com/v4abcd-city-council.html' }]) {
      const stamps = markdownStamps(text(doc, 'md'));
      expect(stamps.length).toBeGreaterThan(1);
      for (const { seconds, link } of stamps) expect(secondOf(decodeURI(link).replace(/%28/g, '(').replace(/%29/g, ')'))).toBe(seconds);
    }
  });

  it('prints plain timestamps where the platform has no time links', () => {
    const md = text({ ...INTERVIEW, platform: 'shortform', sourceUrl: 'https://www.tiktok.com/@a/video/7301234567890123456' }, 'md');
    expect(md).toContain('\n0:00 Welcome back. Today: bridges.\n');
    expect(md).not.toMatch(/^\[\d/m);
  });
});

describe('time links', () => {
  const at = (platform: LibraryPlatform, sourceUrl: string, ms: number) => timeLinker({ platform, sourceUrl })?.(ms) ?? null;

  it('YouTube: every accepted link shape opens the watch page at the second (ms rounded down)', () => {
    for (const url of ['https://youtu.be/GJLlxj_dtq8?si=x', 'https://www.youtube.com/watch?v=GJLlxj_dtq8&list=PL1', 'https://www.youtube.com/shorts/GJLlxj_dtq8', 'https://m.youtube.com/watch?v=GJLlxj_dtq8&t=9s']) {
      expect(at('longform', url, 83_999)).toBe('https://www.youtube.com/watch?v=GJLlxj_dtq8&t=83s');
    }
  });

  it('Rumble: the video page with ?start=; podcast audio files with #t= (an earlier fragment replaced)', () => {
    expect(at('openvideo', 'https://rumble.com/v4abcd-city-council.html?e9s=src', 3_725_400)).toBe('https://rumble.com/v4abcd-city-council.html?start=3725');
    expect(at('podcast', 'https://cdn.example.com/ep.mp3#t=5', 61_000)).toBe('https://cdn.example.com/ep.mp3#t=61');
    expect(secondOf(at('podcast', 'https://cdn.example.com/ep.mp3?x=1', 0) ?? '')).toBe(0);
  });

  it('none where the platform cannot open a moment: TikTok, Instagram, Facebook, LinkedIn, X, Kick, Twitch clips, Apple Podcasts pages, local files', () => {
    expect(at('shortform', 'https://www.tiktok.com/@a/video/7301234567890123456', 5000)).toBeNull();
    expect(at('reels', 'https://www.instagram.com/reel/Cabc123/', 5000)).toBeNull();
    expect(at('social', 'https://www.facebook.com/watch/?v=123456789', 5000)).toBeNull();
    expect(at('professional', 'https://www.linkedin.com/feed/update/urn:li:activity:7123456789012345678/', 5000)).toBeNull();
    expect(at('microblog', 'https://x.com/a/status/1790000000000000000', 5000)).toBeNull();
    expect(at('clips_a', 'https://kick.com/a/clips/clip_01HABC', 5000)).toBeNull();
    expect(at('clips_b', 'https://clips.twitch.tv/SomeSlug', 5000)).toBeNull();
    expect(at('podcast', 'https://podcasts.apple.com/us/podcast/x/id123?i=1000', 5000)).toBeNull();
    expect(at('local', 'file:///home/a/talk.mp3', 5000)).toBeNull();
    expect(at('longform', 'javascript:alert(1)', 5000)).toBeNull();
  });
});

describe('DOCX', () => {
  it('holds the title, the facts, speaker headings and timestamped paragraphs linked to their moment', async () => {
    const result = await formatExport(INTERVIEW, 'docx');
    if (!result.ok) throw new Error(result.reason);
    expect(result.extension).toBe('docx');
    expect(result.content).toBeInstanceOf(Uint8Array);
    const seen = docxText(result.content as Uint8Array);
    expect(seen).toBe(expected('interview.docx.txt'));
    // The timestamp links open the second they show. (`[^)]+` stops at the URL's own parenthesis, so take the line's link whole.)
    const stamps = [...seen.matchAll(/^\[((?:\d+:)?\d+:\d\d)\]\((.+)\) /gm)];
    expect(stamps).toHaveLength(4);
    for (const [, clock = '', link = ''] of stamps) expect(secondOf(link)).toBe(clock.split(':').reduce((total, part) => total * 60 + Number(part), 0));
  });

  it('writes a transcript without timing as plain paragraphs, and drops control characters XML refuses', async () => {
    const result = await formatExport({ title: 'Notes\u0007', text: 'First thought.\n\nSecond\u0001 thought.', segments: null }, 'docx');
    if (!result.ok) throw new Error(result.reason);
    expect(docxText(result.content as Uint8Array)).toBe('[Title] Notes\nFirst thought.\nSecond thought.\n');
  });
});

describe('word timing', () => {
  it('word-timed VTT puts a timestamp before each word after the first, as expected, and parses as WebVTT', () => {
    const vtt = text(youtubeAsr(), 'vtt-words');
    expect(vtt).toBe(expected('youtube-asr.words.vtt'));
    // The W3C validator's parser, cue text included: it refuses a timestamp outside its cue or out of order.
    const parsed = new WebVTTParser().parse(vtt);
    expect(parsed.errors).toEqual([]);
    const stamps = parsed.cues.map((cue) => (cue.tree.children as { type: string; value?: number }[]).filter((node) => node.type === 'timestamp').map((node) => node.value));
    expect(stamps).toEqual([[0.32, 0.56, 0.8, 1.12], [2.8, 3.2], [5.4, 5.7], []]);
  });

  it('words JSON carries each line with its words; both word formats refuse a transcript without word timing', () => {
    const json = JSON.parse(text(youtubeAsr(), 'words')) as { segments: { text: string; words: { text: string; startMs: number; endMs: number }[] }[] };
    expect(json.segments[1]).toEqual({ text: 'the surface go', startMs: 2480, endMs: 7600, words: [{ text: 'the', startMs: 2480, endMs: 2800 }, { text: 'surface', startMs: 2800, endMs: 3200 }, { text: 'go', startMs: 3200, endMs: 7600 }] });
    expect(json.segments[3]?.words).toEqual([]);
    for (const format of ['words', 'vtt-words'] as const) expect(formatTranscript(INTERVIEW, format)).toMatchObject({ ok: false, reason: expect.stringContaining('needs word timing') as string });
  });
});

describe('file-name patterns', () => {
  const fields = { title: 'Ep. 12: "Bridges"', id: 'abc_123', platform: 'Podcasts', date: '2026-11-27', source: 'City Talk' };

  it('fill the tokens and keep the names safe', () => {
    expect(patternName('{date} {title}', fields)).toBe('2026-11-27-Ep-12-Bridges');
    expect(patternName('{source}/{platform}-{id}', fields)).toBe('City-Talk-Podcasts-abc_123');
    expect(patternName('{title}', { ...fields, title: 'CON' })).toBe('CON-transcript');
    expect(patternName('{source} {title}', { ...fields, source: null })).toBe('Ep-12-Bridges');
    expect(patternName('{source}', { ...fields, source: null })).toBe('abc_123');
  });

  it('refuse unknown tokens and patterns without any', () => {
    expect(NAME_TOKENS.map((t) => namePatternProblem(`{${t}}`))).toEqual([null, null, null, null, null]);
    expect(namePatternProblem('{date} {titel}')).toMatch(/unknown token \{titel\}/);
    expect(namePatternProblem('transcript')).toMatch(/names no token/);
  });
});
