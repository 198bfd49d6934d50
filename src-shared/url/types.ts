import type { PlatformToken } from '../platforms';

/** A URL that names exactly one item of one platform. */
export interface ParsedItem {
  ok: true;
  platform: PlatformToken;
  /**
   * Cache identity of the item: every accepted form of one item maps to the same key. Short links
   * (`vm.tiktok.com/…`, `fb.watch/…`) cannot be resolved offline; their key is the link itself and
   * `shortLink` is set so the server resolves it and re-keys the cache.
   */
  canonicalKey: string;
  normalizedUrl: string;
  /** The item's own id as users see it (video id, shortcode, clip slug …). */
  itemId: string;
  shortLink?: true;
  /** Extra ids a fetcher needs, e.g. `{ showId, episodeId, country }` for podcasts. */
  parts?: Readonly<Record<string, string>>;
}

export interface UrlRejection {
  ok: false;
  /** The platform the URL was checked against, when one is known. */
  platform?: PlatformToken;
  /** The spec's 400 text (`Invalid URL`, or the clip variant). */
  error: string;
  /** Why, in words a user can act on. */
  reason: string;
}

export type UrlParseResult = ParsedItem | UrlRejection;

/** What one platform rule yields for a URL on one of its hosts: a match, or the reason it is refused. */
export type RuleOutcome = Omit<ParsedItem, 'ok' | 'platform'> | { reason: string };

export interface PlatformRule {
  platform: PlatformToken;
  ownsHost(host: string): boolean;
  match(url: URL): RuleOutcome;
}
