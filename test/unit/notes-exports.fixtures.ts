// Documents the notes-ready export tests format (test/unit/notes-exports.test.ts); expected files in test/unit/expected/.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TranscriptDocument } from '#shared/format/formatters';
import { parseCaptions } from '#service/captions/index';

/** A podcast interview with speakers, a title a stranger wrote (quotes, a colon, a line break, markup), and speech-to-text provenance. */
export const INTERVIEW: TranscriptDocument = {
  title: 'Ep. 12: "Bridges" — why #cities\nbuild <them> *wrong*',
  sourceUrl: 'https://cdn.example.com/audio/ep12.mp3?token=a(b)',
  platform: 'podcast',
  language: 'en',
  source: 'City Talk: the podcast',
  createdAt: Date.UTC(2026, 10, 27, 9, 30),
  provenance: { kind: 'speech-to-text', engine: 'whisper', model: 'base.en', version: null, language: 'en', task: 'transcribe' },
  text: '',
  segments: [
    { text: 'Welcome back.', startMs: 0, endMs: 1500, speaker: 'Ana' },
    { text: 'Today: bridges.', startMs: 1600, endMs: 3000, speaker: 'Ana' },
    { text: '# Not a heading, and [not](a link).', startMs: 3100, endMs: 6000, speaker: 'Ben' },
    { text: 'Thanks for having me.', startMs: 65_000, endMs: 67_000, speaker: 'Ben' },
    { text: 'So, why are they late?', startMs: 3_725_000, endMs: 3_727_500, speaker: 'Ana' },
  ],
};

/** YouTube automatic captions as json3 gives them (test/fixtures/captions/json3-asr.json): words timed. */
export function youtubeAsr(): TranscriptDocument {
  const parsed = parseCaptions(readFileSync(join(import.meta.dirname, '../fixtures/captions/json3-asr.json'), 'utf8'));
  if (!parsed.ok) throw new Error(parsed.detail);
  return {
    title: 'Surface Go Review',
    sourceUrl: 'https://youtu.be/GJLlxj_dtq8',
    platform: 'longform',
    language: 'en',
    createdAt: Date.UTC(2026, 10, 27),
    text: parsed.segments.map((s) => s.text).join('\n'),
    segments: parsed.segments,
  };
}
