// microblog (X): the post's first video, under 2 minutes (spec §8), always through speech-to-text.
// The web API with a guest token first; when X refuses the guest (rate limits, bad guest tokens),
// the embed API, which answers for most public posts (research/upstream-video.md §7).
import type { SpeechToText } from '../../stt/index';
import type { UpstreamClient } from '../../upstream/client';
import type { FetchOutcome, PlatformFetcher } from '../fetcher';
import { noTranscript, upstreamFailure } from '../failures';
import { tooLong, transcribeSpeech, TWO_MINUTES } from '../speech';
import { tweetFromGraphql } from './graphql';
import { tweetFromSyndication } from './syndication';
import { firstVideo, titleOf, type TweetLookup } from './tweet';

async function lookUpTweet(upstream: UpstreamClient, tweetId: string, signal: AbortSignal): Promise<TweetLookup> {
  const web = await tweetFromGraphql(upstream, tweetId, signal);
  if (web.kind !== 'blocked' || signal.aborted) return web;
  const embed = await tweetFromSyndication(upstream, tweetId, signal);
  if (embed.kind !== 'blocked') return embed;
  return { kind: 'blocked', failure: upstreamFailure(`${web.failure.message ?? 'X refused the web API'}; the embed API failed too: ${embed.failure.message ?? ''}`) };
}

export function xFetcher(deps: { upstream: UpstreamClient; stt: SpeechToText }): PlatformFetcher {
  return {
    async fetch(item, ctx): Promise<FetchOutcome> {
      const lookup = await lookUpTweet(deps.upstream, item.itemId, ctx.signal);
      if (lookup.kind !== 'found') return { ok: false, ...lookup.failure };
      const video = firstVideo(lookup.tweet.media);
      if (video === undefined) return { ok: false, ...noTranscript('microblog', 'This post has no video') };
      // Refused before anything is downloaded when X says how long the video is.
      if (video.durationSeconds !== undefined && video.durationSeconds > TWO_MINUTES) return { ok: false, ...tooLong('microblog', video.durationSeconds, TWO_MINUTES) };

      const spoken = await transcribeSpeech(deps.stt, 'microblog', { mediaUrl: video.url, taskKey: `microblog:${item.canonicalKey}`, signal: ctx.signal, maxDurationSeconds: TWO_MINUTES });
      if (!spoken.ok) return { ok: false, ...spoken.failure };
      return { ok: true, transcript: { body: { transcript: spoken.text }, text: spoken.text, segments: spoken.segments, title: titleOf(lookup.tweet.text) } };
    },
  };
}
