// The creator's own captions (`Format: "creator_caption"`): JSON, not a subtitle format the shared
// caption parser knows. Read as yt-dlp reads TikTok's caption JSON: `utterances[]` with `start_time`
// and `end_time` in ms and the line in `text` (tiktok.py `_get_subtitles`). No recorded body exists
// in our samples, so anything else is reported as unreadable, never as "no captions".
import type { Segment } from '#shared/transcript';
import { toSegments } from '#service/captions/cues';
import { asArray, asNumber, asObject, asString, parseJson } from '../json';

export type CreatorCaptions = { ok: true; segments: Segment[] } | { ok: false; detail: string };

export function parseCreatorCaption(body: string): CreatorCaptions {
  const parsed = parseJson(body.replace(/^\ufeff/, ''));
  const utterances = parsed.ok ? asObject(parsed.value)?.utterances : undefined;
  if (!Array.isArray(utterances)) return { ok: false, detail: parsed.ok ? 'the JSON has no utterances' : 'it is not JSON' };
  const cues = asArray(utterances).flatMap((value) => {
    const utterance = asObject(value);
    const text = asString(utterance?.text);
    const start = asNumber(utterance?.start_time);
    const end = asNumber(utterance?.end_time);
    if (text === undefined || start === undefined || start < 0) return [];
    return [{ startMs: Math.round(start), durationMs: end !== undefined && end >= start ? Math.round(end - start) : undefined, text }];
  });
  return { ok: true, segments: toSegments(cues) };
}
