// TikTok's JavaScript challenge ("Please wait..."), solved natively as yt-dlp does (tiktok.py
// `_solve_challenge_and_set_cookies`): `#cs`'s class is base64 JSON; SHA-256 of base64-decoded
// `v.a` followed by a decimal number n must equal base64-decoded `v.c`, for some n ≤ 10^6. The answer
// is the same JSON with `d` = base64(n), base64-encoded, in the cookie `#wci`'s class names
// (`_wafchallengeid` in 2026); `#rci`/`#rs` name and hold an optional second cookie.
import { createHash } from 'node:crypto';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { HtmlPage } from '../html';
import { asObject, asString, at, parseJson, type JsonObject } from '../json';

/** The bound yt-dlp searches up to; TikTok's script does the same in the browser. */
const MAX_NUMBER = 1_000_000;
/** Rounds between yields, so the service keeps answering other requests during a solve (about 1 s). */
const ROUNDS_PER_SLICE = 20_000;

export interface ChallengeCookie {
  name: string;
  value: string;
}

export type ChallengeSolution = { ok: true; cookies: ChallengeCookie[] } | { ok: false; why: string };

interface Challenge {
  data: JsonObject;
  salt: Buffer;
  digest: Buffer;
  cookieName: string;
  extra: ChallengeCookie | undefined;
}

/** Tags TikTok has put the challenge's values on (divs in 2026); HtmlPage looks up by tag. */
const HOLDER_TAGS = ['div', 'span', 'p', 'input', 'meta', 'script'];

/** The class attribute of the element with this id, whatever its tag. */
function classById(page: HtmlPage, id: string): string | undefined {
  for (const tag of HOLDER_TAGS) {
    const found = page.first(tag, (attributes) => attributes.id === id);
    if (found !== undefined) return found.class?.trim() || undefined;
  }
  return undefined;
}

function readChallenge(html: string): Challenge | string {
  const page = new HtmlPage(html);
  const encoded = classById(page, 'cs');
  if (encoded === undefined) return 'the page has no challenge data (#cs)';
  const parsed = parseJson(Buffer.from(encoded, 'base64').toString('utf8'));
  const data = parsed.ok ? asObject(parsed.value) : undefined;
  if (data === undefined) return 'its challenge data is not base64 JSON';
  const salt = asString(at(data, 'v', 'a'));
  const digest = asString(at(data, 'v', 'c'));
  if (salt === undefined || digest === undefined) return 'its challenge data has no v.a/v.c';
  const cookieName = classById(page, 'wci');
  if (cookieName === undefined || !/^[\w.-]{1,64}$/.test(cookieName)) return 'the page names no cookie for the answer (#wci)';
  const extraName = classById(page, 'rci');
  const extraValue = classById(page, 'rs');
  const extra = extraName !== undefined && extraValue !== undefined && /^[\w.-]{1,64}$/.test(extraName) ? { name: extraName, value: extraValue } : undefined;
  return { data, salt: Buffer.from(salt, 'base64'), digest: Buffer.from(digest, 'base64'), cookieName, extra };
}

/** Finds the number (yielding now and then), or says why there is no answer. */
export async function solveTikTokChallenge(html: string, signal: AbortSignal): Promise<ChallengeSolution> {
  const challenge = readChallenge(html);
  if (typeof challenge === 'string') return { ok: false, why: challenge };
  const base = createHash('sha256').update(challenge.salt);
  for (let n = 0; n <= MAX_NUMBER; n++) {
    if (n % ROUNDS_PER_SLICE === 0 && n > 0) {
      await yieldToLoop();
      if (signal.aborted) return { ok: false, why: 'the request was cancelled' };
    }
    const number = String(n);
    if (!base.copy().update(number).digest().equals(challenge.digest)) continue;
    const answer = { ...challenge.data, d: Buffer.from(number).toString('base64') };
    const cookies = [{ name: challenge.cookieName, value: Buffer.from(JSON.stringify(answer)).toString('base64') }];
    if (challenge.extra !== undefined) cookies.push(challenge.extra);
    return { ok: true, cookies };
  }
  return { ok: false, why: `no number up to ${MAX_NUMBER} gives its SHA-256 digest` };
}
