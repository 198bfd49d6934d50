// X's embed API (what embedded tweets load): no token, but not every post is there
// (research/upstream-video.md §7.2 step 6). The fallback when the web API refuses a guest.
import type { UpstreamClient } from '../../upstream/client';
import { noTranscript, statusFailure, upstreamFailure } from '../failures';
import { asObject, asString, parseJson } from '../json';
import { fetchUpstream } from '../request';
import { mediaOf, type TweetLookup } from './tweet';

/** The `token` parameter the embed script derives from the id. */
export function syndicationToken(tweetId: string): string {
  return ((Number(tweetId) / 1e15) * Math.PI).toString(36).replace(/(0+|\.)/g, '');
}

export const syndicationUrl = (tweetId: string) => `https://cdn.syndication.twimg.com/tweet-result?id=${tweetId}&lang=en&token=${syndicationToken(tweetId)}`;

export async function tweetFromSyndication(upstream: UpstreamClient, tweetId: string, signal: AbortSignal): Promise<TweetLookup> {
  const fetched = await fetchUpstream(upstream, 'microblog', { url: syndicationUrl(tweetId), signal, headers: { accept: 'application/json', 'user-agent': 'Googlebot' } });
  if (!fetched.ok) return { kind: 'blocked', failure: fetched.failure };
  const refused = statusFailure('microblog', fetched.response, 'this post', { missingMeansGone: true });
  if (refused !== undefined) return refused.status === 404 ? { kind: 'gone', failure: refused } : { kind: 'blocked', failure: refused };
  const parsed = parseJson(fetched.response.text());
  const tweet = parsed.ok ? asObject(parsed.value) : undefined;
  if (tweet === undefined) return { kind: 'blocked', failure: upstreamFailure("X's embed answer is not a post (its API may have changed)") };
  if (tweet.__typename === 'TweetTombstone') return { kind: 'gone', failure: noTranscript('microblog', 'X says this post is unavailable') };
  return { kind: 'found', tweet: { media: mediaOf(tweet, 'mediaDetails'), text: asString(tweet.text) ?? '' } };
}
