// microblog (X): the video a post link names, under 2 minutes (spec §8), always through speech-to-text.
// The web API first (guest or signed in); when X refuses it (rate limits, bad guest tokens, a
// rotated feature switch), the embed API, which answers for most public posts (research §7).
import type { TextBody } from '#shared/contract/api/index';
import type { SpeechToText } from '#service/stt/index';
import type { UpstreamClient } from '#service/upstream/client';
import type { UpstreamProfile } from '#service/upstream/profile';
import type { FetchOutcome, PlatformFetcher } from '../fetcher';
import { upstreamFailure } from '../failures';
import { tooLong, transcribeSpeech, TWO_MINUTES } from '../speech';
import { xWebApi, type XWebApi } from './graphql';
import { tweetFromSyndication } from './syndication';
import { chooseVideo, titleOf, type TweetLookup } from './tweet';

async function lookUpTweet(web: XWebApi, upstream: UpstreamClient, tweetId: string, signal: AbortSignal): Promise<TweetLookup> {
  const fromWeb = await web.lookUp(tweetId, signal);
  if (fromWeb.kind !== 'blocked' || signal.aborted) return fromWeb;
  const embed = await tweetFromSyndication(upstream, tweetId, signal);
  if (embed.kind !== 'blocked') return embed;
  // A rate limit's machine code and Retry-After stay: waiting is what would help.
  const { code, retryAfterMs } = fromWeb.failure.code === undefined ? embed.failure : fromWeb.failure;
  const message = `${fromWeb.failure.message ?? 'X refused the web API'}; the embed API failed too: ${embed.failure.message ?? ''}`;
  return { kind: 'blocked', failure: { ...upstreamFailure(message), ...(code === undefined ? {} : { code }), ...(retryAfterMs === undefined ? {} : { retryAfterMs }) } };
}

export function xFetcher(deps: { upstream: UpstreamClient; stt: SpeechToText; profile: UpstreamProfile }): PlatformFetcher<'microblog'> {
  const web = xWebApi(deps);
  return {
    async fetch(item, ctx): Promise<FetchOutcome<TextBody>> {
      const lookup = await lookUpTweet(web, deps.upstream, item.itemId, ctx.signal);
      if (lookup.kind !== 'found') return { ok: false, ...lookup.failure };
      const mediaNumber = item.parts?.media === undefined ? undefined : Number(item.parts.media);
      const choice = chooseVideo(lookup.tweet, mediaNumber);
      if (!choice.ok) return { ok: false, ...choice.failure };
      const { video } = choice;
      // Refused before anything is downloaded when X says how long the video is.
      if (video.durationSeconds !== undefined && video.durationSeconds > TWO_MINUTES) return { ok: false, ...tooLong('microblog', video.durationSeconds, TWO_MINUTES) };

      // `/video/<n>` naming the video the plain link gives is the plain link's cache entry.
      const resolvedKey = mediaNumber !== undefined && choice.first ? item.itemId : undefined;
      const spoken = await transcribeSpeech(deps.stt, 'microblog', { mediaUrl: video.url, taskKey: `microblog:${resolvedKey ?? item.canonicalKey}`, signal: ctx.signal, maxDurationSeconds: TWO_MINUTES });
      if (!spoken.ok) return { ok: false, ...spoken.failure };
      return { ok: true, transcript: { body: { transcript: spoken.text }, text: spoken.text, segments: spoken.segments, provenance: spoken.provenance, title: titleOf(lookup.tweet.text), ...(resolvedKey === undefined ? {} : { resolvedKey }) } };
    },
  };
}
