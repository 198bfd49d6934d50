// Auth (spec §5) then the rate limit (§8), as a decision with numbers. The REST adapter renders
// them as the X-RateLimit-* and Retry-After headers; the desk's queue reads them as they are.
import { ERROR_TEXT } from '../apiResponse';
import type { RateDecision, Store } from '../store/port';
import { clientBucket, RATE_LIMIT, RATE_WINDOW_MS } from '../rateLimit';
import type { Caller } from './caller';

/**
 * The rate window as the spec's headers state it, in ms but at their one-second resolution, so the
 * desk is told exactly what a REST client is told: `resetAt` is the window's end rounded up (a
 * client that waits for it is never early); `retryAfterMs`, on a refusal only, is the whole
 * seconds until then, at least one.
 */
export interface Rate {
  limit: number;
  remaining: number;
  /** ms since the epoch */
  resetAt: number;
  retryAfterMs: number | null;
}

/**
 * 401 and 429 are this service's own answers; 502 is a team server's client (service/remote) that
 * could not reach it or read its answer.
 */
export type AdmitDecision = { ok: true; caller: Caller; rate: Rate } | { ok: false; status: 401 | 429 | 502; error: string; message?: string; rate: Rate };

export function rateOf(decision: RateDecision, now: number): Rate {
  return {
    limit: decision.limit,
    remaining: decision.remaining,
    resetAt: Math.ceil(decision.resetAt / 1000) * 1000,
    retryAfterMs: decision.allowed ? null : Math.max(1, Math.ceil((decision.resetAt - now) / 1000)) * 1000,
  };
}

/**
 * A key (or none) from `client`. Requests without a valid key are limited per client address,
 * which both gives them honest rate-limit numbers and slows down key guessing.
 */
export async function admitKey(store: Store, now: number, key: string | undefined, client: string): Promise<AdmitDecision> {
  const found = key === undefined ? undefined : await store.keys.find(key);
  const valid = found !== undefined && !found.revoked;
  const decision = await store.rateWindows.hit(valid ? `key:${found.keyId}` : clientBucket(client), now, RATE_LIMIT, RATE_WINDOW_MS);
  const rate = rateOf(decision, now);
  if (!decision.allowed) return { ok: false, status: 429, error: ERROR_TEXT.rateLimited, rate };
  if (key === undefined) return { ok: false, status: 401, error: ERROR_TEXT.missingKey, rate };
  if (!valid) return { ok: false, status: 401, error: ERROR_TEXT.invalidKey, rate };
  return { ok: true, caller: { accountId: found.accountId, plan: found.plan, keyPrefix: found.prefix }, rate };
}
