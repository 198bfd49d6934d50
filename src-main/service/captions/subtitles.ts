// Subtitle files: WebVTT (TikTok, LinkedIn, Rumble, YouTube fmt=vtt, usually Facebook) and SubRip
// (Facebook's captions_url sometimes). cueScanner.ts finds the cues the way the W3C parser and
// ffmpeg do (a whitespace-only line does not end a cue, and YouTube's rolling captions are full of
// them); cleanup and roll-up removal are ours.
import type { Segment } from '#shared/transcript';
import { scanCues, type CueDialect } from './cueScanner';
import { dropRollingRepeats, type CueLines } from './rolling';
import { cleanCaptionLines } from './text';

export type SubtitleResult = { ok: true; segments: Segment[] } | { ok: false; detail: string };

function read(body: string, dialect: CueDialect): SubtitleResult {
  const { signed, cues } = scanCues(body, dialect);
  if (cues.length === 0 && !signed) return { ok: false, detail: 'no WEBVTT signature' };
  const lines: CueLines[] = cues.map((cue) => ({ startMs: cue.startMs, endMs: cue.endMs, lines: cleanCaptionLines(cue.text) }));
  return { ok: true, segments: dropRollingRepeats(lines) };
}

export const parseWebVtt = (body: string): SubtitleResult => read(body, 'webvtt');

export const parseSrt = (body: string): SubtitleResult => read(body, 'srt');
