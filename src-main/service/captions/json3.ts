// YouTube timedtext json3: `{ events: [{ tStartMs, dDurationMs, segs: [{ utf8 }] }] }`. Window and
// pen definitions are events without `segs`; ASR line breaks are `aAppend` events holding "\n".
// Automatic (ASR) tracks time each word: a seg's `tOffsetMs` is its start from the event's (the
// first seg's is 0 and left out); those become the segment's `words`. Creator tracks have one seg
// per event and no offsets: no words.
import { wholeMs, type RawCue } from './cues';

export type Json3Result = { ok: true; cues: RawCue[] } | { ok: false; detail: string };

interface Json3Event {
  tStartMs?: unknown;
  dDurationMs?: unknown;
  segs?: unknown;
}

export function parseJson3(body: string): Json3Result {
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch {
    return { ok: false, detail: 'not valid JSON' };
  }
  const events = (data as { events?: unknown } | null)?.events;
  if (!Array.isArray(events)) return { ok: false, detail: 'JSON without an "events" list' };
  const cues: RawCue[] = [];
  for (const event of events as Json3Event[]) {
    if (typeof event !== 'object' || event === null || !Array.isArray(event.segs)) continue;
    const startMs = wholeMs(event.tStartMs);
    if (startMs === undefined) continue;
    const segs = (event.segs as ({ utf8?: unknown; tOffsetMs?: unknown } | null)[]).map((seg) => ({ text: typeof seg?.utf8 === 'string' ? seg.utf8 : '', offsetMs: wholeMs(seg?.tOffsetMs) }));
    const text = segs.map((seg) => seg.text).join('');
    const timed = segs.some((seg) => seg.offsetMs !== undefined);
    cues.push({ startMs, durationMs: wholeMs(event.dDurationMs), text, ...(timed ? { words: segs.map((seg) => ({ text: seg.text, startMs: startMs + (seg.offsetMs ?? 0) })) } : {}) });
  }
  return { ok: true, cues };
}
