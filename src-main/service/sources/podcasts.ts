// Podcast sources: an Apple Podcasts show, and any RSS or Atom feed. Both end in the feed, the one
// list of every episode; Apple's lookup adds the `?i=` links of the newest ≤ 200, which the rest of
// the service knows best. Episodes Apple does not list get the feed's own form,
// `<feed URL>#guid=<guid>` (src-shared/url/rules/feedEpisode.ts). An Atom entry that links to a
// video the service takes (a YouTube channel's feed) is that video.
import type { SourceItem } from '#shared/contract/sources';
import type { DetectedSource } from '#shared/sources/detect';
import { parseAny } from '#shared/url/parse';
import { feedEpisodeUrl } from '#shared/url/rules/feedEpisode';
import type { FeedEpisode } from '../podcast/feed';
import type { LookupEpisode } from '../podcast/lookup';
import type { LookupCache} from '../podcast/resolve';
import { fetchFeed, lookUp } from '../podcast/resolve';
import { rateLimitedFailure } from '../platforms/failures';
import type { UpstreamClient } from '../upstream/client';
import type { ExpandFailure } from './index';
import { gone, notASource, unreadable } from './failures';

export interface FeedList {
  title: string;
  items: SourceItem[];
  note: string | null;
}

type Listed = { ok: true; list: FeedList } | { ok: false; failure: ExpandFailure };

/** Newest first; undated episodes after the dated ones, in the feed's order. */
const byDate = (a: FeedEpisode, b: FeedEpisode) => (b.published ?? -Infinity) - (a.published ?? -Infinity);

function feedItemOf(feedUrl: string, episode: FeedEpisode, appleUrl: string | undefined): SourceItem | undefined {
  const link = episode.link === undefined ? undefined : parseAny(episode.link);
  if (link?.ok === true && link.platform !== 'podcast' && episode.enclosure === undefined) {
    return { url: link.normalizedUrl, platform: link.platform, itemId: link.itemId, title: episode.title, publishedAt: episode.published ?? null, durationSeconds: episode.durationSeconds ?? null, inLibrary: false };
  }
  const id = episode.guid ?? episode.enclosure?.url;
  if (id === undefined) return undefined;
  const url = appleUrl ?? feedEpisodeUrl(feedUrl, id);
  const parsed = parseAny(url);
  if (!parsed.ok) return undefined;
  return { url: parsed.normalizedUrl, platform: 'podcast', itemId: parsed.itemId, title: episode.title, publishedAt: episode.published ?? null, durationSeconds: episode.durationSeconds ?? null, inLibrary: false };
}

function listFeed(feedUrl: string, episodes: readonly FeedEpisode[], appleUrlOf: (e: FeedEpisode) => string | undefined): { items: SourceItem[]; skipped: number } {
  const items: SourceItem[] = [];
  let skipped = 0;
  for (const episode of [...episodes].sort(byDate)) {
    const item = feedItemOf(feedUrl, episode, appleUrlOf(episode));
    if (item === undefined) skipped++;
    else items.push(item);
  }
  return { items, skipped };
}

const skippedNote = (skipped: number) => (skipped === 0 ? null : `${skipped} entries have neither audio nor a link to a video, and are left out`);

/** Any URL read as a feed: 400 when it answers something that is not RSS or Atom. */
export async function listFeedUrl(upstream: UpstreamClient, source: DetectedSource, signal?: AbortSignal): Promise<Listed> {
  const host = new URL(source.url).host;
  const fetched = await fetchFeed(upstream, source.url, signal);
  if (!fetched.ok) {
    if (fetched.notAFeed === true) return { ok: false, failure: notASource(`This link is not a playlist, channel, show or feed: ${host} answered a document that is not RSS or Atom`) };
    if (fetched.status === 404 || fetched.status === 410) return { ok: false, failure: gone(`${host} says this feed does not exist (HTTP ${fetched.status})`) };
    // The feed's host limiting this machine: its wait travels with the 502, so a follow backs off by it.
    if (fetched.status === 429) return { ok: false, failure: rateLimitedFailure(host, fetched.retryAfter) as ExpandFailure };
    return { ok: false, failure: unreadable(`${host}: ${fetched.message}`) };
  }
  const { feed } = fetched;
  const { items, skipped } = listFeed(source.url, feed.episodes, () => undefined);
  return { ok: true, list: { title: feed.title || host, items, note: skippedNote(skipped) } };
}

const appleEpisodeUrl = (country: string, showId: string, episode: LookupEpisode) => `https://podcasts.apple.com/${country}/podcast/id${showId}?i=${episode.trackId}`;

/** An Apple Podcasts show: its feed's episodes, with Apple's links for those its lookup lists. */
export async function listAppleShow(upstream: UpstreamClient, lookups: LookupCache, source: DetectedSource, signal?: AbortSignal): Promise<Listed> {
  const country = /podcasts\.apple\.com\/([a-z]{2})\//.exec(source.url)?.[1] ?? 'us';
  const showId = source.id;
  const looked = await lookUp(upstream, lookups, showId, country, signal);
  if (!looked.ok) return { ok: false, failure: looked.failure };
  const { show, episodes } = looked.lookup;
  const title = show?.title || `Apple Podcasts show ${showId}`;
  const byGuid = new Map(episodes.flatMap((e) => (e.guid === undefined ? [] : [[e.guid, e] as const])));
  const byAudio = new Map(episodes.flatMap((e) => (e.episodeUrl === undefined ? [] : [[e.episodeUrl, e] as const])));
  const appleOnly = (why: string): Listed => ({
    ok: true,
    list: {
      title,
      items: episodes.flatMap((e): SourceItem[] => {
        const parsed = parseAny(appleEpisodeUrl(country, showId, e));
        return parsed.ok ? [{ url: parsed.normalizedUrl, platform: 'podcast', itemId: parsed.itemId, title: e.title, publishedAt: e.released ?? null, durationSeconds: e.durationSeconds ?? null, inLibrary: false }] : [];
      }),
      note: `Only the ${episodes.length} newest episodes Apple lists: ${why}`,
    },
  });
  if (show?.feedUrl === undefined) return appleOnly('the show has no public RSS feed on Apple Podcasts');
  const fetched = await fetchFeed(upstream, show.feedUrl, signal);
  if (!fetched.ok) return appleOnly(fetched.message);
  const matched = (e: FeedEpisode) => (e.guid === undefined ? undefined : byGuid.get(e.guid)) ?? (e.enclosure === undefined ? undefined : byAudio.get(e.enclosure.url));
  const { items, skipped } = listFeed(show.feedUrl, fetched.feed.episodes, (e) => {
    const apple = matched(e);
    return apple === undefined ? undefined : appleEpisodeUrl(country, showId, apple);
  });
  return { ok: true, list: { title, items, note: skippedNote(skipped) } };
}
