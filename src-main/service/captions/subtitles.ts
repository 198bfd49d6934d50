// Subtitle files: WebVTT (TikTok, LinkedIn, Rumble, YouTube fmt=vtt, usually Facebook) and SubRip
// (Facebook's captions_url sometimes). The spec-conformant W3C parser finds the cues (a
// whitespace-only line does not end a cue there, unlike in simpler parsers, and YouTube's rolling
// captions are full of them); subsrt-ts reads SRT. Cleanup and roll-up removal are ours.
import subsrt from 'subsrt-ts';
import { WebVTTParser } from 'webvtt-parser';
import type { Segment } from '#shared/transcript';
import { dropRollingRepeats, type CueLines } from './rolling';
import { cleanCaptionLines } from './text';

export type SubtitleResult = { ok: true; segments: Segment[] } | { ok: false; detail: string };

export function parseWebVtt(body: string): SubtitleResult {
  const parsed = new WebVTTParser().parse(body, 'metadata');
  // The parser lists header lines such as "Kind: captions" as errors; only a missing signature matters.
  if (parsed.cues.length === 0 && parsed.errors.some((e) => e.message.startsWith('No valid signature'))) {
    return { ok: false, detail: 'no WEBVTT signature' };
  }
  const cues: CueLines[] = parsed.cues.map((cue) => ({ startMs: Math.round(cue.startTime * 1000), endMs: Math.round(cue.endTime * 1000), lines: cleanCaptionLines(cue.text) }));
  return { ok: true, segments: dropRollingRepeats(cues) };
}

export function parseSrt(body: string): SubtitleResult {
  let captions: ReturnType<typeof subsrt.parse>;
  try {
    captions = subsrt.parse(body, { format: 'srt' });
  } catch (error) {
    return { ok: false, detail: `unreadable SubRip (${error instanceof Error ? error.message : String(error)})` };
  }
  const cues: CueLines[] = [];
  for (const caption of captions) {
    if (caption.type !== 'caption') continue;
    cues.push({ startMs: caption.start, endMs: caption.end, lines: cleanCaptionLines(caption.content) });
  }
  return { ok: true, segments: dropRollingRepeats(cues) };
}
