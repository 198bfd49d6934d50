// Which `<item>` of the feed is the episode Apple's link names (research/upstream-clips-podcast.md
// §3.3): the guid Apple reports, else the enclosure URL (tracking prefixes aside), else the title
// and date. Episodes older than the lookup's newest 200 are found by the title in the link's slug.
import type { FeedEpisode } from './feed';
import type { LookupEpisode } from './lookup';

// Analytics redirectors that prefix enclosure URLs (yt-dlp `clean_podcast_url` and the prefixes seen
// in real feeds). Only used to compare URLs: the download follows the real chain.
const TRACKING_PREFIXES = [
  /^(?:dts|www)\.podtrac\.com\/(?:pts\/)?redirect\.[0-9a-z]{1,7}\//i,
  /^play\.podtrac\.com\/[^/]+\//i,
  /^(?:chtbl\.com|chrt\.fm|tracking\.swap\.fm)\/track\/[^/]+\//i,
  /^(?:pdst\.fm|prfx\.byspotify\.com|pdcn\.co)\/e\//i,
  /^media\.blubrry\.com\/[^/]+\//i,
  /^mgln\.ai\/e\/[^/]+\//i,
  /^pscrb\.fm\/rss\/p\//i,
  /^arttrk\.com\/p\/[^/]+\//i,
  /^claritaspod\.com\/measure\//i,
  /^pdrl\.fm\/[^/]+\//i,
  /^pfx\.vpixl\.com\/[^/]+\//i,
  /^prefix\.up\.audio\/s\//i,
  /^flex\.acast\.com\//i,
  /^[0-9]\.gum\.fm\//i,
];

/** The enclosure URL without its tracking prefixes and scheme: what stays the same across redirector changes. */
export function withoutTracking(url: string): string {
  let rest = url.replace(/^https?:\/\//i, '');
  for (let changed = true; changed; ) {
    changed = false;
    for (const prefix of TRACKING_PREFIXES) {
      const next = rest.replace(prefix, '').replace(/^https?:\/\//i, '');
      if (next !== rest) {
        rest = next;
        changed = true;
      }
    }
  }
  return rest;
}

/** Lower-case words and digits joined by dashes: how Apple makes the slug of its links. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    // "Keeper's" is "keepers" in Apple's slugs, not "keeper-s".
    .replace(/['\u2019]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

const DAY = 24 * 3600 * 1000;

export type Match = { episode: FeedEpisode; by: 'guid' | 'enclosure' | 'title and date' | 'title' } | undefined;

export function matchEpisode(items: readonly FeedEpisode[], apple: LookupEpisode | undefined, urlSlug: string | undefined): Match {
  if (apple !== undefined) {
    const byGuid = apple.guid === undefined ? undefined : items.find((i) => i.guid === apple.guid);
    if (byGuid) return { episode: byGuid, by: 'guid' };
    const target = apple.episodeUrl === undefined ? undefined : withoutTracking(apple.episodeUrl);
    const byEnclosure = target === undefined ? undefined : items.find((i) => i.enclosure !== undefined && (i.enclosure.url === apple.episodeUrl || withoutTracking(i.enclosure.url) === target));
    if (byEnclosure) return { episode: byEnclosure, by: 'enclosure' };
    const title = slugify(apple.title);
    const byTitle = items.find(
      (i) => slugify(i.title) === title && (apple.released === undefined || i.published === undefined || Math.abs(i.published - apple.released) <= 1.5 * DAY),
    );
    if (byTitle && title !== '') return { episode: byTitle, by: 'title and date' };
  }
  if (urlSlug === undefined || urlSlug === '') return undefined;
  // Apple shortens long slugs; a title whose slug starts with the link's one counts, if only one does.
  const slug = slugify(urlSlug);
  const exact = items.filter((i) => slugify(i.title) === slug);
  const candidates = exact.length > 0 ? exact : items.filter((i) => slug.length >= 12 && slugify(i.title).startsWith(slug));
  return candidates.length === 1 && candidates[0] !== undefined ? { episode: candidates[0], by: 'title' } : undefined;
}
