// X's embed API (what embedded tweets load): no token, but not every post is there: age-restricted
// and some other posts are simply absent (research/upstream-live-2026.md §7). The fallback when the
// web API refuses us, so its "not found" alone proves nothing (index.ts).
import type { UpstreamClient } from '#service/upstream/client';
import { noTranscript, statusFailure, upstreamFailure } from '../failures';
import { asObject, asString, at, parseJson } from '../json';
import { fetchUpstream } from '../request';
import { cardOf, mediaOf, type TweetLookup } from './tweet';

/** The `token` parameter the embed script derives from the id. */
export function syndicationToken(tweetId: string): string {
  return ((Number(tweetId) / 1e15) * Math.PI).toString(36).replace(/(0+|\.)/g, '');
}

export const syndicationUrl = (tweetId: string) => `https://cdn.syndication.twimg.com/tweet-result?id=${tweetId}&lang=en&token=${syndicationToken(tweetId)}`;

export async function tweetFromSyndication(upstream: UpstreamClient, tweetId: string, signal: AbortSignal): Promise<TweetLookup> {
  const fetched = await fetchUpstream(upstream, 'microblog', { url: syndicationUrl(tweetId), signal, headers: { accept: 'application/json', 'user-agent': 'Googlebot' } });
  if (!fetched.ok) return { kind: 'blocked', failure: fetched.failure };
  const refused = statusFailure('microblog', fetched.response, 'this post', { missingMeansGone: false });
  // Its 404 is no verdict: the embed API leaves out age-restricted and other posts the web API shows.
  if (refused !== undefined) return { kind: 'blocked', failure: refused.status === 404 ? upstreamFailure(`the embed API does not have this post (HTTP ${fetched.response.status})`) : refused };
  const parsed = parseJson(fetched.response.text());
  const tweet = parsed.ok ? asObject(parsed.value) : undefined;
  if (tweet === undefined) return { kind: 'blocked', failure: upstreamFailure("X's embed answer is not a post (its API may have changed)") };
  if (tweet.__typename === 'TweetTombstone') {
    const text = asString(at(tweet, 'tombstone', 'text', 'text'));
    return { kind: 'gone', failure: noTranscript('microblog', text === undefined ? 'X says this post is unavailable' : `X says: ${text}`) };
  }
  // yt-dlp `_call_syndication_api`: the quoted post's media come with `quoted_tweet.mediaDetails`.
  const card = cardOf(tweet.card);
  return { kind: 'found', tweet: { media: mediaOf(tweet, 'mediaDetails'), quoted: mediaOf(tweet, 'quoted_tweet', 'mediaDetails'), cardVideos: card.videos, playerCard: card.playerCard, text: asString(tweet.text) ?? '' } };
}
