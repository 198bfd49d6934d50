// A podcast episode known only by its feed: `<feed URL>#guid=<guid>`. Apple's episode links
// (`?i=<id>`) name the episodes Apple lists; a feed Apple does not list, and the older episodes of
// a long show past the newest 200 Apple's lookup returns, have no such link. This product's own
// form names them by what the feed itself uses to tell its items apart: the item's `<guid>` (or its
// enclosure URL when it has none, as podcast apps do). The fragment never reaches the feed's host;
// the podcast resolver reads the feed and finds the item by it (service/podcast/feedEpisode.ts).
import type { RuleOutcome } from '../types';

const MARK = '#guid=';

export const isFeedEpisodeUrl = (url: URL): boolean => url.hash.startsWith(MARK) && url.hash.length > MARK.length;

/** The episode's link, from its feed's URL and its guid. */
export function feedEpisodeUrl(feedUrl: string, guid: string): string {
  const url = new URL(feedUrl);
  url.hash = '';
  return `${url.href}${MARK}${encodeURIComponent(guid)}`;
}

/**
 * 64-bit FNV-1a of the text's UTF-16 units, as 16 hex digits: a short, stable cache key for a long
 * feed URL and guid (this runs in the renderer too, where node:crypto is not available; the key
 * only has to tell episodes apart, it guards nothing).
 */
function fnv1a64(text: string): string {
  let hash = 0xcbf29ce484222325n;
  for (let i = 0; i < text.length; i++) {
    hash ^= BigInt(text.charCodeAt(i));
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return hash.toString(16).padStart(16, '0');
}

export function matchFeedEpisode(url: URL): RuleOutcome {
  let guid: string;
  try {
    guid = decodeURIComponent(url.hash.slice(MARK.length));
  } catch {
    return { reason: 'The episode guid after #guid= is not valid URL encoding' };
  }
  if (guid.trim() === '') return { reason: 'The episode guid after #guid= is empty' };
  const feed = new URL(url.href);
  feed.hash = '';
  return {
    canonicalKey: `feed-${fnv1a64(`${feed.href}\n${guid}`)}`,
    itemId: guid,
    normalizedUrl: feedEpisodeUrl(feed.href, guid),
    parts: { feedUrl: feed.href, guid },
  };
}
