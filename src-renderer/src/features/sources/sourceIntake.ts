// Which dropped or pasted links name a source (a playlist, a channel, a show, a channel's clips)
// rather than one item: those open the picker instead of becoming invalid queue rows. A link on no
// supported site may still be a podcast feed; only reading it tells, so the desk offers to try.
import type { SourceKind } from '#shared/contract/sources';
import { detectSource } from '#shared/sources/detect';
import { parseAny } from '#shared/url/parse';
import type { SourceLink } from '../../stores/sources';

export type { SourceLink };

/** Items first as today; a link the item rules accept is an item even if it also names a list (`watch?v=…&list=…`). */
export function splitSources(urls: readonly string[]): { items: string[]; sources: SourceLink[] } {
  const items: string[] = [];
  const sources: SourceLink[] = [];
  const seen = new Set<string>();
  for (const url of urls) {
    const source = parseAny(url).ok ? undefined : detectSource(url);
    if (source === undefined) items.push(url);
    else if (!seen.has(source.url)) {
      // Two forms of one playlist in one paste open one picker.
      seen.add(source.url);
      sources.push({ url: source.url, kind: source.kind });
    }
  }
  return { items, sources };
}

/** A well-formed link whose host no platform rule owns (`example.com/feed.xml`): possibly a feed. */
export function mayBeFeed(url: string): boolean {
  const parsed = parseAny(url);
  return !parsed.ok && parsed.platform === undefined && parsed.reason === UNKNOWN_HOST && detectSource(url) === undefined;
}

/** parseAny's reason for a host no rule owns (src-shared/url/parse.ts). */
const UNKNOWN_HOST = 'Not a link to a supported platform';

export const SOURCE_KIND_LABEL: Record<SourceKind, string> = {
  'youtube-playlist': 'YouTube playlist',
  'youtube-channel': 'YouTube channel',
  'apple-show': 'Apple Podcasts show',
  'podcast-feed': 'Podcast feed',
  'twitch-clips': 'Twitch clips',
};
