// Test and demo routing (ARCHITECTURE §5): with TRANSCRIPT_DESK_UPSTREAM=<origin>, a request for
// https://HOST/PATH?Q goes to <origin>/HOST/PATH?Q. Redirects and URLs found in upstream answers
// are logical URLs too, so routing every request at send time maps them the same way.

export function parseOverrideOrigin(value: string | undefined): URL | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  const url = new URL(trimmed);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`TRANSCRIPT_DESK_UPSTREAM must be an http(s) origin, got ${trimmed}`);
  return url;
}

/** The physical URL a logical upstream URL is sent to. */
export function routeUrl(logical: URL, override: URL | undefined): URL {
  if (override === undefined) return logical;
  const base = override.href.replace(/\/+$/, '');
  return new URL(`${base}/${logical.host}${logical.pathname}${logical.search}`);
}

/**
 * TRANSCRIPT_DESK_UPSTREAM_TIMEOUT_MS: how long one upstream request may take in all (attempts,
 * redirects, backoff). Slow links and proxies want more than the default, impatient scripts less.
 */
export function parseTimeoutMs(value: string | undefined): number | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  const ms = Number(trimmed);
  if (!Number.isSafeInteger(ms) || ms < 100) throw new Error(`TRANSCRIPT_DESK_UPSTREAM_TIMEOUT_MS must be a whole number of milliseconds (at least 100), got ${trimmed}`);
  return ms;
}
