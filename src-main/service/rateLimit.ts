import type { RateDecision } from './ledger/rateWindows';

/** Spec §8: 120 requests per key in a 60-second window, on every endpoint including balance. */
export const RATE_LIMIT = 120;
export const RATE_WINDOW_MS = 60_000;

/** The headers every REST response carries, errors included; a refusal adds `Retry-After`. */
export function rateLimitHeaders(decision: RateDecision, now: number): Record<string, string> {
  const headers: Record<string, string> = {
    'X-RateLimit-Limit': String(decision.limit),
    'X-RateLimit-Remaining': String(decision.remaining),
    'X-RateLimit-Reset': String(Math.ceil(decision.resetAt / 1000)),
  };
  if (!decision.allowed) headers['Retry-After'] = String(Math.max(1, Math.ceil((decision.resetAt - now) / 1000)));
  return headers;
}
