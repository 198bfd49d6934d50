// Sources: from a URL that names many items (playlist, channel, show, feed, a channel's clips) to
// the item URLs the service takes, with library marks. Every request goes through the upstream
// client, so the per-site pacing and cooldowns (upstream/pacing.ts) apply to expansion and to
// follows alike; a follow adds its own requests-per-minute gate on top (`gate`).
import type { ExpandInput, SourceExpansion, SourceItem } from '#shared/contract/sources';
import { detectSource, feedSource, type DetectedSource } from '#shared/sources/detect';
import { parseAny } from '#shared/url/parse';
import { prepareUrl } from '#shared/url/prepare';
import { PLATFORMS } from '#shared/platforms';
import { LookupCache } from '../podcast/resolve';
import type { Store } from '../store/port';
import type { UpstreamClient } from '../upstream/client';
import type { UpstreamProfile } from '../upstream/profile';
import { notASource } from './failures';
import { collectPages, type Collected } from './paging';
import { listAppleShow, listFeedUrl } from './podcasts';
import { twitchClipsReader } from './twitchClips';
import { youtubeReader } from './youtube';

export interface SourceDeps {
  upstream: UpstreamClient;
  /** The rotating values: the WEB client's version, Twitch's Client-ID and query hash. */
  profile: UpstreamProfile;
  /** Where "already in library" is read from. */
  store: Pick<Store, 'cache' | 'podcastJobs'>;
  /** Apple lookups shared with podcast submits (one show's lookup serves both). */
  lookups?: LookupCache;
  /** Awaited before every upstream request (a follow's requests-per-minute limit per site). */
  gate?: (url: string) => Promise<void>;
  now?: () => number;
}

/**
 * Why a source could not be read, as the REST API would say it: 400 not a source URL; 404 the site
 * says the source does not exist; 502 a block, a challenge, an unreadable answer (the message
 * names the site and the cause). `upstream_rate_limited` carries the site's wait.
 */
export interface ExpandFailure {
  status: 400 | 404 | 502;
  error: string;
  message: string;
  code?: string;
  retryAfterMs?: number;
}

export type ExpandOutcome = { ok: true; expansion: SourceExpansion } | { ok: false; failure: ExpandFailure };

/** A YouTube channel's (or playlist's) own Atom feed lives on youtube.com, whose other pages are not sources. */
const isYoutubeFeed = (url: URL) => url.pathname === '/feeds/videos.xml';

/** What the URL names: a source by its shape, else (any URL no platform owns) a feed to try. */
export function sourceOf(input: string): { ok: true; source: DetectedSource } | { ok: false; failure: ExpandFailure } {
  const detected = detectSource(input);
  if (detected !== undefined) return { ok: true, source: detected };
  const url = prepareUrl(input);
  if (!(url instanceof URL)) return { ok: false, failure: notASource(url.reason) };
  const item = parseAny(input);
  if (item.ok) return { ok: false, failure: notASource(`This is a link to one ${PLATFORMS[item.platform].uiName} item, not a playlist, channel, show or feed: add it to the queue as it is`) };
  if (item.platform !== undefined && !isYoutubeFeed(url)) {
    return { ok: false, failure: notASource(`This ${PLATFORMS[item.platform].uiName} link is neither one item nor a source the desk can expand (playlists, channels, shows, feeds and channel clips are)`) };
  }
  return { ok: true, source: feedSource(url) };
}

/** The client with the gate in front of every request it starts. */
function gated(upstream: UpstreamClient, gate: ((url: string) => Promise<void>) | undefined): UpstreamClient {
  if (gate === undefined) return upstream;
  const client = Object.create(upstream) as UpstreamClient;
  client.request = async (req) => {
    await gate(String(req.url));
    return upstream.request(req);
  };
  client.stream = async (req) => {
    await gate(String(req.url));
    return upstream.stream(req);
  };
  return client;
}

/** A whole list (feeds come in one document) cut to the newest N and the since-date. */
function cut(list: { title: string; items: SourceItem[]; note: string | null }, input: ExpandInput): Collected {
  const dated = input.since === undefined ? list.items : list.items.filter((i) => i.publishedAt === null || i.publishedAt >= (input.since ?? 0));
  const items = input.newest === undefined ? dated : dated.slice(0, input.newest);
  const cutShort = items.length < dated.length;
  const note = cutShort ? `The newest ${items.length} of ${dated.length} were asked for` : list.note;
  return { title: list.title, items, complete: !cutShort, note };
}

async function read(deps: SourceDeps, source: DetectedSource, input: ExpandInput, signal?: AbortSignal): Promise<{ ok: true; collected: Collected } | { ok: false; failure: ExpandFailure }> {
  const upstream = gated(deps.upstream, deps.gate);
  const limits = { ...(input.newest === undefined ? {} : { newest: input.newest }), ...(input.since === undefined ? {} : { since: input.since }) };
  switch (source.kind) {
    case 'youtube-playlist':
    case 'youtube-channel': {
      const reader = youtubeReader({ upstream, profile: deps.profile }, source, deps.now ?? Date.now);
      // A channel tab lists newest first; a playlist is in its curator's order.
      return collectPages({ ...reader, newestFirst: source.kind === 'youtube-channel' }, limits, signal);
    }
    case 'twitch-clips':
      return collectPages(twitchClipsReader({ upstream, profile: deps.profile }, source), limits, signal);
    case 'apple-show': {
      const listed = await listAppleShow(upstream, deps.lookups ?? new LookupCache(), source, signal);
      return listed.ok ? { ok: true, collected: cut(listed.list, input) } : listed;
    }
    case 'podcast-feed': {
      const listed = await listFeedUrl(upstream, source, signal);
      return listed.ok ? { ok: true, collected: cut(listed.list, input) } : listed;
    }
  }
}

/** Whether the library has each item's transcript (a podcast's finished episode, any other item's cache entry). */
async function markLibrary(store: SourceDeps['store'], items: SourceItem[]): Promise<void> {
  for (const item of items) {
    const parsed = parseAny(item.url);
    if (!parsed.ok) continue;
    item.inLibrary = parsed.platform === 'podcast' ? (await store.podcastJobs.episode(parsed.canonicalKey))?.transcript != null : (await store.cache.get(parsed.platform, parsed.canonicalKey)) !== undefined;
  }
}

export async function expandSource(deps: SourceDeps, input: ExpandInput, signal?: AbortSignal): Promise<ExpandOutcome> {
  const found = sourceOf(input.url);
  if (!found.ok) return found;
  const { source } = found;
  const outcome = await read(deps, source, input, signal);
  if (!outcome.ok) return outcome;
  const { collected } = outcome;
  await markLibrary(deps.store, collected.items);
  return {
    ok: true,
    expansion: {
      source: { kind: source.kind, url: source.url, key: source.key, title: collected.title || source.url, tab: source.tab },
      items: collected.items,
      complete: collected.complete,
      note: collected.note,
    },
  };
}
