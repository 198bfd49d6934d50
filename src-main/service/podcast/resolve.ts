// From an Apple Podcasts episode link to what the work needs: the lookup API (show, feed URL,
// the newest episodes with duration and artwork) → the show's RSS feed → the episode's item
// (enclosure, duration, publisher transcript). An episode the lookup does not list and the feed
// cannot be searched for (no title slug in the link) is read from Apple's episode page. Runs at
// submit, so a link that leads nowhere is answered at once and nothing is reserved.
import type { ParsedItem } from '#shared/url/parse';
import { ERROR_TEXT } from '../apiResponse';
import type { EpisodeFacts } from '../store/port';
import type { UpstreamClient, UpstreamRequest, UpstreamStream } from '../upstream/client';
import { isUpstreamError } from '../upstream/errors';
import { rateLimitedFailure } from '../platforms/failures';
import { SessionCache } from '../upstream/sessionCache';
import { readEpisodePage, type PageEpisode } from './episodePage';
import { readFeed, type Feed, type FeedEpisode } from './feed';
import { lookupUrl, parseLookup, type Lookup, type LookupEpisode } from './lookup';
import { matchEpisode } from './match';
import { chooseTranscript } from './publisherTranscript';

export interface ResolveFailure {
  status: 404 | 502;
  error: string;
  message: string;
  /** `upstream_rate_limited` when Apple's rate limit was the cause, with its Retry-After in `retryAfterMs`. */
  code?: string;
  retryAfterMs?: number;
}

export type LookedUp = { ok: true; lookup: Lookup } | { ok: false; failure: ResolveFailure };

/**
 * Lookup answers per show and store. Apple allows about 20 lookups a minute per IP, and a batch of
 * episodes of one show needs the same answer each time. A show's newest episodes change a few
 * times a day at most, and an episode published since is still found in the feed or on its page,
 * so an answer is kept 5 minutes; "no such show" only 1, in case the show was just published.
 */
export class LookupCache extends SessionCache<LookedUp> {}
const SHOW_LOOKUP_TTL_MS = 5 * 60_000;
const NO_SHOW_LOOKUP_TTL_MS = 60_000;

export interface ResolveDeps {
  upstream: UpstreamClient;
  /** Shared by every submit of the process; a fresh one when absent. */
  lookups?: LookupCache;
}

export type Resolution = { ok: true; facts: EpisodeFacts; durationFrom: 'lookup' | 'episode page' | 'feed' | 'enclosure size' | 'unknown'; matchedBy: string } | { ok: false; failure: ResolveFailure };

/**
 * A feed is streamed through the parser, so its size costs time, not memory (feed.ts FEED_LIMITS
 * bound the memory): the cap is on time. The largest real feeds (10,000 episodes, 57 MB) read in
 * about a second; 60 s for download and parse together leaves room for a slow host, and an endless
 * feed is cut there. A silent one is cut sooner by the client's idle timeout.
 */
export const MAX_FEED_MS = 60_000;
/** The rate a byte count is turned into a duration at, when nothing says how long the audio is. */
export const ASSUMED_BITRATE = 128_000;

const missing = (message: string): { ok: false; failure: ResolveFailure } => ({ ok: false, failure: { status: 404, error: ERROR_TEXT.noTranscript, message } });
const blocked = (message: string): { ok: false; failure: ResolveFailure } => ({ ok: false, failure: { status: 502, error: ERROR_TEXT.upstream, message } });

type Got = { ok: true; status: number; text: string; headers: Record<string, string> } | { ok: false; message: string };

async function get(upstream: UpstreamClient, request: UpstreamRequest): Promise<Got> {
  try {
    const response = await upstream.request({ scope: 'podcast', ...request });
    return { ok: true, status: response.status, text: response.text(), headers: response.headers };
  } catch (error) {
    if (isUpstreamError(error)) return { ok: false, message: error.message };
    throw error;
  }
}

/** One store's lookup; only a readable answer is kept (failures are asked again next time). */
async function lookUpIn(upstream: UpstreamClient, showId: string, cc: string, signal?: AbortSignal): Promise<{ value: LookedUp; ttlMs: number }> {
  const got = await get(upstream, { url: lookupUrl(showId, cc), signal, headers: { accept: 'application/json, text/javascript, */*' } });
  if (!got.ok) return { value: blocked(`Apple Podcasts lookup failed: ${got.message}`), ttlMs: 0 };
  if (got.status === 429) return { value: { ok: false, failure: rateLimitedFailure('Apple Podcasts', got.headers['retry-after']) as ResolveFailure }, ttlMs: 0 };
  if (got.status < 200 || got.status > 299) return { value: blocked(`Apple Podcasts lookup answered HTTP ${got.status}`), ttlMs: 0 };
  const lookup = parseLookup(got.text);
  if (lookup === undefined) return { value: blocked("Apple Podcasts lookup's answer is not the JSON it should be"), ttlMs: 0 };
  return { value: { ok: true, lookup }, ttlMs: lookup.show === undefined ? NO_SHOW_LOOKUP_TTL_MS : SHOW_LOOKUP_TTL_MS };
}

/** A show's lookup (from the cache when another submit or expansion asked within minutes), trying the US store after the link's own. */
export async function lookUp(upstream: UpstreamClient, lookups: LookupCache, showId: string, country: string, signal?: AbortSignal): Promise<LookedUp> {
  for (const cc of country === 'us' ? ['us'] : [country, 'us']) {
    const looked = await lookups.get(`${showId}/${cc}`, () => lookUpIn(upstream, showId, cc, signal));
    if (!looked.ok) return looked;
    // Shows can be missing from one store and present in the US one.
    if (looked.lookup.show !== undefined) return looked;
  }
  return missing(`Apple Podcasts has no show with the id ${showId}`);
}

type PageRead = { kind: 'episode'; episode: PageEpisode } | { kind: 'gone'; status: number } | { kind: 'failed'; failure: ResolveFailure };

/** Apple's episode page: the episode, or why not (`gone` only when Apple says the page does not exist). */
async function readPage(upstream: UpstreamClient, item: ParsedItem, signal?: AbortSignal): Promise<PageRead> {
  const got = await get(upstream, { url: item.normalizedUrl, signal, headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
  if (!got.ok) return { kind: 'failed', failure: blocked(`its episode page could not be fetched: ${got.message}`).failure };
  if (got.status === 429) return { kind: 'failed', failure: rateLimitedFailure('Apple Podcasts', got.headers['retry-after']) as ResolveFailure };
  const reading = readEpisodePage(got.status, got.text);
  if (reading.kind === 'unreadable') return { kind: 'failed', failure: blocked(reading.problem).failure };
  return reading;
}

/** What the page says, in the lookup's terms, so the feed can be searched for it the same way. */
const asLookupEpisode = (episodeId: string, page: PageEpisode): LookupEpisode => ({
  trackId: episodeId,
  title: page.title,
  showTitle: page.showTitle,
  episodeUrl: page.streamUrl,
  guid: undefined,
  durationSeconds: page.durationSeconds,
  artworkUrl: page.artworkUrl,
  released: page.released,
});

/** A show's feed, downloaded and parsed within `maxMs` (MAX_FEED_MS), or why not in the user's words. */
/** A feed read, or why not; `status` is the host's HTTP status when it answered one other than 2xx. */
export type FeedFetch = { ok: true; feed: Feed } | { ok: false; message: string; status?: number; retryAfter?: string; notAFeed?: true };

export async function fetchFeed(upstream: UpstreamClient, url: string, signal?: AbortSignal, maxMs = MAX_FEED_MS): Promise<FeedFetch> {
  const deadline = AbortSignal.timeout(maxMs);
  const both = signal === undefined ? deadline : AbortSignal.any([signal, deadline]);
  const tooSlow = () => ({ ok: false as const, message: `the show's feed took more than ${maxMs / 1000} s to read` });
  let stream: UpstreamStream;
  try {
    stream = await upstream.stream({ url, scope: 'podcast', signal: both, timeoutMs: maxMs, headers: { accept: 'application/rss+xml, application/xml, text/xml, */*' } });
  } catch (error) {
    if (deadline.aborted && signal?.aborted !== true) return tooSlow();
    if (isUpstreamError(error)) return { ok: false, message: `the show's feed could not be fetched: ${error.message}` };
    throw error;
  }
  // The download is stopped at the deadline, whatever the parser or the host is doing.
  const stop = () => stream.cancel();
  both.addEventListener('abort', stop, { once: true });
  try {
    if (stream.status < 200 || stream.status > 299) {
      const retryAfter = stream.headers['retry-after'];
      return { ok: false, message: `the show's feed answered HTTP ${stream.status}`, status: stream.status, ...(retryAfter === undefined ? {} : { retryAfter }) };
    }
    const parsed = await readFeed(stream.body);
    if (deadline.aborted) return tooSlow();
    return parsed.ok ? { ok: true, feed: parsed.feed } : { ok: false, message: `the show's feed cannot be read: ${parsed.problem}`, ...(parsed.notAFeed === true ? { notAFeed: true } : {}) };
  } catch (error) {
    if (deadline.aborted && signal?.aborted !== true) return tooSlow();
    if (isUpstreamError(error)) return { ok: false, message: `the show's feed could not be fetched: ${error.message}` };
    throw error;
  } finally {
    both.removeEventListener('abort', stop);
    stream.cancel();
  }
}

/** Apple's slug of the episode title, from the link (`/<cc>/podcast/<slug>/id<show>`). */
function slugOf(item: ParsedItem): string | undefined {
  const segments = new URL(item.normalizedUrl).pathname.split('/').filter((s) => s !== '');
  return segments.length === 4 ? decodeURIComponent(segments[2] ?? '') : undefined;
}

/** Size of the audio from a HEAD through its redirect chain, as seconds at 128 kbit/s. */
export async function secondsFromSize(upstream: UpstreamClient, audioUrl: string, declared: number | undefined, signal?: AbortSignal): Promise<number | undefined> {
  const head = await get(upstream, { url: audioUrl, method: 'HEAD', signal, retry: false });
  const length = head.ok && head.status >= 200 && head.status < 300 ? Number(head.headers['content-length']) : Number.NaN;
  const bytes = Number.isFinite(length) && length > 0 ? length : declared;
  return bytes === undefined ? undefined : (bytes * 8) / ASSUMED_BITRATE;
}

export async function resolveEpisode(deps: ResolveDeps, item: ParsedItem, signal?: AbortSignal): Promise<Resolution> {
  const { upstream } = deps;
  const { showId, episodeId, country } = item.parts ?? {};
  if (showId === undefined || episodeId === undefined) return missing('The link names no show and episode');
  const looked = await lookUp(upstream, deps.lookups ?? new LookupCache(), showId, country ?? 'us', signal);
  if (!looked.ok) return looked;
  const { show, episodes } = looked.lookup;
  let apple: LookupEpisode | undefined = episodes.find((e) => e.trackId === episodeId);

  const feeds: Feed[] = [];
  let feed: Feed | undefined;
  let feedProblem: string | undefined;
  let feedItem: FeedEpisode | undefined;
  let matchedBy = 'Apple only';
  if (show?.feedUrl === undefined) {
    feedProblem = 'the show has no public RSS feed on Apple Podcasts';
  } else {
    for (let url: string | undefined = show.feedUrl, hops = 0; url !== undefined && hops < 2; hops++) {
      const fetched = await fetchFeed(upstream, url, signal);
      if (!fetched.ok) {
        feedProblem = fetched.message;
        break;
      }
      feed = fetched.feed;
      feeds.push(feed);
      const match = matchEpisode(feed.episodes, apple, slugOf(item));
      if (match !== undefined) {
        feedItem = match.episode;
        matchedBy = match.by;
        break;
      }
      // A show that moved says where to (`<itunes:new-feed-url>`): look there once.
      url = feed.newFeedUrl !== undefined && feed.newFeedUrl !== url ? feed.newFeedUrl : undefined;
    }
  }

  // Neither the lookup nor the link's slug found it: ask Apple's page, the one source that knows
  // every episode by its id. Only Apple saying the page does not exist makes it a 404.
  let fromPage = false;
  if (feedItem === undefined && apple === undefined) {
    const read = await readPage(upstream, item, signal);
    if (read.kind === 'gone') {
      const feedSays = feedProblem === undefined ? "nor in the show's feed" : `(${feedProblem})`;
      return missing(`Episode ${episodeId} is neither among the newest episodes Apple lists for this show ${feedSays}, and Apple Podcasts says it does not exist (its page answers HTTP ${read.status})`);
    }
    if (read.kind === 'failed') {
      const alsoFeed = feedProblem !== undefined && show?.feedUrl !== undefined ? `; ${feedProblem}` : '';
      const message = read.failure.code === undefined ? `The episode could not be found: Apple does not list it among the show's newest episodes, and ${read.failure.message}${alsoFeed}` : read.failure.message;
      return { ok: false, failure: { ...read.failure, message } };
    }
    fromPage = true;
    apple = asLookupEpisode(episodeId, read.episode);
    for (const known of feeds) {
      const match = matchEpisode(known.episodes, apple, undefined);
      if (match !== undefined) {
        feed = known;
        feedItem = match.episode;
        matchedBy = `Apple's episode page, then ${match.by}`;
        break;
      }
    }
    if (feedItem === undefined) matchedBy = "Apple's episode page only";
  }

  const audioUrl = feedItem?.enclosure?.url ?? apple?.episodeUrl;
  const transcript = feedItem === undefined ? undefined : chooseTranscript(feedItem.transcripts, feed?.language);
  if (audioUrl === undefined && transcript === undefined) {
    return missing(fromPage ? "Apple Podcasts' page of this episode offers no audio file, and the show's feed does not have it" : 'This episode has no audio file in its feed');
  }

  let durationSeconds = apple?.durationSeconds;
  let durationFrom: Extract<Resolution, { ok: true }>['durationFrom'] = fromPage ? 'episode page' : 'lookup';
  if (durationSeconds === undefined && feedItem?.durationSeconds !== undefined) {
    durationSeconds = feedItem.durationSeconds;
    durationFrom = 'feed';
  }
  if (durationSeconds === undefined && audioUrl !== undefined) {
    durationSeconds = await secondsFromSize(upstream, audioUrl, feedItem?.enclosure?.length, signal);
    durationFrom = durationSeconds === undefined ? 'unknown' : 'enclosure size';
  }

  return {
    ok: true,
    durationFrom,
    matchedBy,
    facts: {
      key: episodeId,
      episodeUrl: item.normalizedUrl,
      title: apple?.title || feedItem?.title || '',
      showTitle: apple?.showTitle || show?.title || feed?.title || '',
      artworkUrl: apple?.artworkUrl ?? feedItem?.imageUrl ?? show?.artworkUrl ?? feed?.imageUrl ?? '',
      durationSeconds: durationSeconds ?? 0,
      audioUrl: audioUrl ?? null,
      transcriptUrl: transcript?.url ?? null,
      transcriptType: transcript?.type ?? null,
    },
  };
}
