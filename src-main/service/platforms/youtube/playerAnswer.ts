// The InnerTube player answer is about 200 kB, nearly all of it stream formats, tracking and ads
// that nothing here reads; decoding all of it to a string and JSON.parse-ing it cost about half a
// millisecond per fresh transcript (research/perf-2026-11.md). readPlayer and captionTracksOf read
// three top-level members only, so those are cut out of the bytes and parsed alone.
import { asObject, asString, parseJson } from '../json';

/** The members readPlayer (player.ts) and captionTracksOf (tracks.ts) read, each with a member it must hold. */
const MEMBERS = [
  ['playabilityStatus', 'status'],
  ['videoDetails', 'videoId'],
  ['captions', 'playerCaptionsTracklistRenderer'],
] as const;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const isSpace = (byte: number | undefined) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

/** Index of the quote that closes the string opened at `open`, or -1. */
function stringEnd(body: Buffer, open: number): number {
  for (let from = open + 1; ; ) {
    const quote = body.indexOf(QUOTE, from);
    if (quote === -1) return -1;
    let backslashes = 0;
    while (body[quote - 1 - backslashes] === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
    from = quote + 1;
  }
}

/** The end (exclusive) of the object that opens at `open`, skipping strings natively, or -1. */
function objectEnd(body: Buffer, open: number): number {
  let depth = 0;
  for (let i = open; i < body.length; i++) {
    const byte = body[i];
    if (byte === QUOTE) {
      i = stringEnd(body, i);
      if (i === -1) return -1;
    } else if (byte === 0x7b || byte === 0x5b) depth++;
    else if (byte === 0x7d || byte === 0x5d) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/**
 * The object of member `name`, when `"name"` occurs exactly once in the answer: an unescaped quote
 * only occurs around keys and string values, so one occurrence followed by `:` is the one member
 * of that name in the whole answer. Anything else (missing, twice, not an object) is undefined.
 */
function onlyMember(body: Buffer, name: string): Record<string, unknown> | undefined {
  const needle = `"${name}"`;
  const at = body.indexOf(needle);
  if (at === -1 || body.indexOf(needle, at + needle.length) !== -1) return undefined;
  let i = at + needle.length;
  while (isSpace(body[i])) i++;
  if (body[i] !== 0x3a) return undefined;
  i++;
  while (isSpace(body[i])) i++;
  if (body[i] !== 0x7b) return undefined;
  const end = objectEnd(body, i);
  if (end === -1) return undefined;
  const parsed = parseJson(body.toString('utf8', i, end));
  return parsed.ok ? asObject(parsed.value) : undefined;
}

/**
 * The player answer as readPlayer and captionTracksOf see it. The three members are cut out when
 * each occurs exactly once and holds what it always holds (a status, a video id, the track list);
 * any other answer (an error, no captions, a page that is not JSON) is parsed whole as before, so
 * every refusal reads the same.
 */
export function playerAnswerOf(body: Buffer, videoId: string): { ok: true; value: unknown } | { ok: false } {
  const picked: Record<string, unknown> = {};
  for (const [name, inner] of MEMBERS) {
    const member = onlyMember(body, name);
    if (member?.[inner] === undefined) return parseJson(body.toString('utf8'));
    picked[name] = member;
  }
  // Another video's answer, or a status other than OK, goes the whole way too.
  if (asString(asObject(picked.videoDetails)?.videoId) !== videoId || asObject(picked.playabilityStatus)?.status !== 'OK') return parseJson(body.toString('utf8'));
  return { ok: true, value: picked };
}
