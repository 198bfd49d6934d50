// From an Apple Podcasts episode link to what the work needs: the lookup API (show, feed URL,
// the newest episodes with duration and artwork) → the show's RSS feed → the episode's item
// (enclosure, duration, publisher transcript). Runs at submit, so a link that leads nowhere is
// answered at once and nothing is reserved.
import type { ParsedItem } from '../../../src-shared/url/parse';
import { ERROR_TEXT } from '../apiResponse';
import type { EpisodeFacts } from '../ledger/podcastWork';
import type { UpstreamClient, UpstreamRequest } from '../upstream/client';
import { isUpstreamError } from '../upstream/errors';
import { parseFeed, type Feed, type FeedEpisode } from './feed';
import { lookupUrl, parseLookup, type Lookup, type LookupEpisode } from './lookup';
import { matchEpisode } from './match';
import { chooseTranscript } from './publisherTranscript';

export interface ResolveFailure {
  status: 404 | 502;
  error: string;
  message: string;
}

export type Resolution = { ok: true; facts: EpisodeFacts; durationFrom: 'lookup' | 'feed' | 'enclosure size' | 'unknown'; matchedBy: string } | { ok: false; failure: ResolveFailure };

/** Feeds of long-running shows reach a few MB; 32 MB is far above any real one. */
const MAX_FEED_BYTES = 32 * 1024 * 1024;
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

async function lookUp(upstream: UpstreamClient, showId: string, country: string, signal?: AbortSignal): Promise<{ ok: true; lookup: Lookup } | { ok: false; failure: ResolveFailure }> {
  for (const cc of country === 'us' ? ['us'] : [country, 'us']) {
    const got = await get(upstream, { url: lookupUrl(showId, cc), signal, headers: { accept: 'application/json, text/javascript, */*' } });
    if (!got.ok) return blocked(`Apple Podcasts lookup failed: ${got.message}`);
    if (got.status === 429) return blocked('Apple Podcasts is rate-limiting lookups from this machine (HTTP 429); try again in a minute');
    if (got.status < 200 || got.status > 299) return blocked(`Apple Podcasts lookup answered HTTP ${got.status}`);
    const lookup = parseLookup(got.text);
    if (lookup === undefined) return blocked("Apple Podcasts lookup's answer is not the JSON it should be");
    // Shows can be missing from one store and present in the US one.
    if (lookup.show !== undefined) return { ok: true, lookup };
  }
  return missing(`Apple Podcasts has no show with the id ${showId}`);
}

async function fetchFeed(upstream: UpstreamClient, url: string, signal?: AbortSignal): Promise<{ ok: true; feed: Feed } | { ok: false; message: string }> {
  const got = await get(upstream, { url, signal, maxBytes: MAX_FEED_BYTES, timeoutMs: 60_000, headers: { accept: 'application/rss+xml, application/xml, text/xml, */*' } });
  if (!got.ok) return { ok: false, message: `the show's feed could not be fetched: ${got.message}` };
  if (got.status < 200 || got.status > 299) return { ok: false, message: `the show's feed answered HTTP ${got.status}` };
  const parsed = parseFeed(got.text);
  return parsed.ok ? { ok: true, feed: parsed.feed } : { ok: false, message: `the show's feed cannot be read: ${parsed.problem}` };
}

/** Apple's slug of the episode title, from the link (`/<cc>/podcast/<slug>/id<show>`). */
function slugOf(item: ParsedItem): string | undefined {
  const segments = new URL(item.normalizedUrl).pathname.split('/').filter((s) => s !== '');
  return segments.length === 4 ? decodeURIComponent(segments[2] ?? '') : undefined;
}

/** Size of the audio from a HEAD through its redirect chain, as seconds at 128 kbit/s. */
async function secondsFromSize(upstream: UpstreamClient, audioUrl: string, declared: number | undefined, signal?: AbortSignal): Promise<number | undefined> {
  const head = await get(upstream, { url: audioUrl, method: 'HEAD', signal, retry: false });
  const length = head.ok && head.status >= 200 && head.status < 300 ? Number(head.headers['content-length']) : Number.NaN;
  const bytes = Number.isFinite(length) && length > 0 ? length : declared;
  return bytes === undefined ? undefined : (bytes * 8) / ASSUMED_BITRATE;
}

export async function resolveEpisode(upstream: UpstreamClient, item: ParsedItem, signal?: AbortSignal): Promise<Resolution> {
  const { showId, episodeId, country } = item.parts ?? {};
  if (showId === undefined || episodeId === undefined) return missing('The link names no show and episode');
  const looked = await lookUp(upstream, showId, country ?? 'us', signal);
  if (!looked.ok) return looked;
  const { show, episodes } = looked.lookup;
  const apple: LookupEpisode | undefined = episodes.find((e) => e.trackId === episodeId);

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

  if (feedItem === undefined && apple === undefined) {
    if (feedProblem !== undefined && show?.feedUrl !== undefined) return blocked(`The episode could not be found: ${feedProblem}`);
    if (feedProblem !== undefined) return missing(`The episode could not be found: ${feedProblem}, and Apple does not list this episode`);
    return missing(`Episode ${episodeId} is neither among the newest episodes Apple lists for this show nor in the show's feed`);
  }

  const audioUrl = feedItem?.enclosure?.url ?? apple?.episodeUrl;
  const transcript = feedItem === undefined ? undefined : chooseTranscript(feedItem.transcripts, feed?.language);
  if (audioUrl === undefined && transcript === undefined) return missing('This episode has no audio file in its feed');

  let durationSeconds = apple?.durationSeconds;
  let durationFrom: 'lookup' | 'feed' | 'enclosure size' | 'unknown' = 'lookup';
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
