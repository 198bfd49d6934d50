// An episode named by its feed and guid (`<feed URL>#guid=<guid>`, src-shared/url/rules/feedEpisode.ts):
// the feed is read and the item found by its guid, or by its enclosure URL when that is what the
// link carries. The feed's host saying the feed does not exist (404, 410), or a feed read whole
// that has no such item, is the publisher saying the episode is gone: 404. Anything else that keeps
// the feed from being read is a 502 naming the cause.
import type { ParsedItem } from '#shared/url/parse';
import { ERROR_TEXT } from '../apiResponse';
import { rateLimitedFailure } from '../platforms/failures';
import type { UpstreamClient } from '../upstream/client';
import type { FeedEpisode } from './feed';
import { chooseTranscript } from './publisherTranscript';
import { fetchFeed, secondsFromSize, type Resolution, type ResolveFailure } from './resolve';

const GONE_STATUSES = new Set([404, 410]);

export const findFeedItem = (episodes: readonly FeedEpisode[], guid: string): FeedEpisode | undefined =>
  episodes.find((e) => e.guid === guid) ?? episodes.find((e) => e.enclosure?.url === guid);

export async function resolveFeedEpisode(upstream: UpstreamClient, item: ParsedItem, signal?: AbortSignal): Promise<Resolution> {
  const { feedUrl, guid } = item.parts ?? {};
  if (feedUrl === undefined || guid === undefined) return { ok: false, failure: { status: 404, error: ERROR_TEXT.noTranscript, message: 'The link names no feed and episode' } };
  const host = new URL(feedUrl).host;
  const fetched = await fetchFeed(upstream, feedUrl, signal);
  if (!fetched.ok) {
    if (fetched.status === 429) return { ok: false, failure: rateLimitedFailure(host, fetched.retryAfter) as ResolveFailure };
    const gone = fetched.status !== undefined && GONE_STATUSES.has(fetched.status);
    return { ok: false, failure: { status: gone ? 404 : 502, error: gone ? ERROR_TEXT.noTranscript : ERROR_TEXT.upstream, message: `${host}: ${fetched.message}` } };
  }
  const { feed } = fetched;
  const episode = findFeedItem(feed.episodes, guid);
  if (episode === undefined) {
    return { ok: false, failure: { status: 404, error: ERROR_TEXT.noTranscript, message: `The feed of "${feed.title || host}" (${feed.episodes.length} episodes) has no episode with the guid ${guid}` } };
  }
  const transcript = chooseTranscript(episode.transcripts, feed.language);
  const audioUrl = episode.enclosure?.url;
  if (audioUrl === undefined && transcript === undefined) return { ok: false, failure: { status: 404, error: ERROR_TEXT.noTranscript, message: 'This episode has no audio file in its feed' } };
  let durationSeconds = episode.durationSeconds;
  let durationFrom: 'feed' | 'enclosure size' | 'unknown' = 'feed';
  if (durationSeconds === undefined && audioUrl !== undefined) {
    durationSeconds = await secondsFromSize(upstream, audioUrl, episode.enclosure?.length, signal);
    durationFrom = durationSeconds === undefined ? 'unknown' : 'enclosure size';
  }
  return {
    ok: true,
    durationFrom,
    matchedBy: episode.guid === guid ? 'feed guid' : 'feed enclosure URL',
    facts: {
      key: item.canonicalKey,
      episodeUrl: item.normalizedUrl,
      title: episode.title,
      showTitle: feed.title,
      artworkUrl: episode.imageUrl ?? feed.imageUrl ?? '',
      durationSeconds: durationSeconds ?? 0,
      audioUrl: audioUrl ?? null,
      transcriptUrl: transcript?.url ?? null,
      transcriptType: transcript?.type ?? null,
    },
  };
}
