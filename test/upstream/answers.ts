// What a fixture host hands back, and the failure behaviours every host can put on an item.
import type { IncomingHttpHeaders } from 'node:http';

/** A request as the fixture sees it, in logical terms: the real host and path the client asked for. */
export interface FixtureRequest {
  method: string;
  /** `https://<host><path>?<query>`: what the fetcher asked for before routing. */
  url: URL;
  host: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** How many times this fixture has seen `key` (per server, from 1): for "fail once, then succeed". */
  count(key: string): number;
  /** Where the media made at run time lives (media.ts). */
  mediaDir: string;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /**
   * `slow`: headers at once, then the body one byte every 200 ms, never finishing: only a client's
   * overall deadline ends it. `truncated`: a Content-Length for the whole body, half of it, then
   * the connection is cut. `split`: the first `splitAt` bytes, a pause of SPLIT_PAUSE_MS, then the
   * rest, so the body reaches the client as (at least) two network chunks.
   */
  delivery?: 'normal' | 'slow' | 'truncated' | 'split';
  /** Where a `split` body is cut. */
  splitAt?: number;
}

/** How long a `split` body pauses between its two parts: long enough that they never share a read. */
export const SPLIT_PAUSE_MS = 500;

export const json = (value: unknown, status = 200): Answer => ({ status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(value) });
export const jsonText = (text: string, status = 200): Answer => ({ status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: text });
export const html = (text: string, status = 200): Answer => ({ status, headers: { 'content-type': 'text/html; charset=utf-8' }, body: text });
export const text = (body: string, contentType: string, status = 200): Answer => ({ status, headers: { 'content-type': contentType }, body });
export const redirect = (location: string, status = 302): Answer => ({ status, headers: { location }, body: '' });
export const notFound = (what: string): Answer => ({ status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: `fixture upstream: ${what} not found` });
/** Stands for media files: a few bytes of the right type (fetchers only hand out their URLs). */
export const media = (contentType: string): Answer => ({ status: 200, headers: { 'content-type': contentType }, body: Buffer.from('fixture media bytes') });

/** The failures every platform can show on its main request, whatever its payload looks like. */
export type TransportScenario = 'rate-limited' | 'rate-limited-once' | 'server-error' | 'slow-body' | 'truncated';

/** How long a `rate-limited` item asks to wait: longer than the client waits, so the 429 comes back at once. */
export const RETRY_AFTER_SECONDS = 120;

/**
 * Applies a transport scenario to the answer the item would otherwise get. `rate-limited-once`
 * answers 429 with `Retry-After: 1` to the first request for `key`, then the normal answer.
 */
export function withTransportScenario(scenario: TransportScenario, req: FixtureRequest, key: string, normal: () => Answer): Answer {
  switch (scenario) {
    case 'rate-limited':
      return { status: 429, headers: { 'retry-after': String(RETRY_AFTER_SECONDS), 'content-type': 'text/html' }, body: '<html><body>Too Many Requests</body></html>' };
    case 'rate-limited-once':
      return req.count(`once:${key}`) === 1 ? { status: 429, headers: { 'retry-after': '1', 'content-type': 'text/html' }, body: 'Too Many Requests' } : normal();
    case 'server-error':
      return { status: 500, headers: { 'content-type': 'text/html' }, body: '<html><body>Internal Server Error</body></html>' };
    case 'slow-body':
      return { ...normal(), delivery: 'slow' };
    case 'truncated':
      return { ...normal(), delivery: 'truncated' };
  }
}

export const isTransportScenario = (value: string): value is TransportScenario =>
  value === 'rate-limited' || value === 'rate-limited-once' || value === 'server-error' || value === 'slow-body' || value === 'truncated';

/** A file from disk (generated media), whole, with its Content-Length so HEAD requests learn its size. */
export const file = (body: Buffer, contentType: string): Answer => ({ status: 200, headers: { 'content-type': contentType, 'accept-ranges': 'bytes' }, body });

/** Cloudflare's managed challenge, as Kick and Rumble answer blocked clients. */
export const CLOUDFLARE_CHALLENGE: Answer = {
  status: 403,
  headers: { 'content-type': 'text/html; charset=UTF-8', server: 'cloudflare', 'cf-mitigated': 'challenge' },
  body: `<!DOCTYPE html><html lang="en-US"><head><title>Just a moment...</title></head><body><noscript>Enable JavaScript and cookies to continue</noscript><script>(function(){window._cf_chl_opt={cvId: '3',cType: 'managed'};}());</script></body></html>`,
};
