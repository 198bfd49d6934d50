import type { SyncPlatformToken } from '#shared/platforms';
import { parseForPlatform, type ParsedItem } from '#shared/url/parse';
import type { FetchFailure } from './fetcher';
import { noTranscript, uiName } from './failures';

export type Landing = { ok: true; item: ParsedItem; resolvedKey?: string } | { ok: false; failure: FetchFailure };

/**
 * The item a request ended up at after redirects. For a short link that is the item the link
 * stands for, and its canonical key becomes `resolvedKey` so the cache files it under the item
 * (with the link as an alias). A link that lands anywhere but an item is a dead link.
 */
export function landedItem(platform: SyncPlatformToken, requested: ParsedItem, finalUrl: string): Landing {
  if (requested.shortLink !== true) return { ok: true, item: requested };
  const landed = parseForPlatform(platform, finalUrl);
  if (!landed.ok || landed.shortLink === true) {
    return { ok: false, failure: noTranscript(platform, `The ${uiName(platform)} short link ${requested.normalizedUrl} leads to ${finalUrl}, not to a video`) };
  }
  return { ok: true, item: landed, resolvedKey: landed.canonicalKey };
}
