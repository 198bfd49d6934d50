// X's web API as a logged-out browser uses it: a guest token, then TweetResultByRestId
// (research/upstream-video.md §7.2). The bearer is the public constant of X's web app.
import type { UpstreamClient } from '../../upstream/client';
import { noTranscript, statusFailure, upstreamFailure } from '../failures';
import { asArray, asObject, asString, at, parseJson, type JsonObject } from '../json';
import { fetchUpstream } from '../request';
import { mediaOf, type TweetLookup } from './tweet';

const WEB_BEARER = 'AAAAAAAAAAAAAAAAAAAAANRILgAAAAAAnNwIzUejRCOuH5E6I8xnZz4puTs%3D1Zv7ttfk8LF81IUq16cHjhLTvJu4FA33AGWWjCpTnA';
export const GUEST_ACTIVATE_URL = 'https://api.x.com/1.1/guest/activate.json';
export const TWEET_QUERY_URL = 'https://x.com/i/api/graphql/2ICDjqPd81tulZcYrtpTuQ/TweetResultByRestId';

// The feature switches X's web app sends with this query (yt-dlp `_build_graphql_query`).
const FEATURES = {
  creator_subscriptions_tweet_preview_api_enabled: true,
  premium_content_api_read_enabled: false,
  communities_web_enable_tweet_community_results_fetch: true,
  c9s_tweet_anatomy_moderator_badge_enabled: true,
  responsive_web_grok_analyze_button_fetch_trends_enabled: false,
  articles_preview_enabled: true,
  responsive_web_edit_tweet_api_enabled: true,
  graphql_is_translatable_rweb_tweet_is_translatable_enabled: true,
  view_counts_everywhere_api_enabled: true,
  longform_notetweets_consumption_enabled: true,
  responsive_web_twitter_article_tweet_consumption_enabled: true,
  tweet_awards_web_tipping_enabled: false,
  freedom_of_speech_not_reach_fetch_enabled: true,
  standardized_nudges_misinfo: true,
  tweet_with_visibility_results_prefer_gql_limited_actions_policy_enabled: true,
  longform_notetweets_rich_text_read_enabled: true,
  longform_notetweets_inline_media_enabled: true,
  responsive_web_graphql_exclude_directive_enabled: true,
  verified_phone_label_enabled: false,
  responsive_web_graphql_skip_user_profile_image_extensions_enabled: false,
  responsive_web_graphql_timeline_navigation_enabled: true,
  responsive_web_enhance_cards_enabled: false,
};

export function tweetQueryUrl(tweetId: string): string {
  const query = new URLSearchParams({
    variables: JSON.stringify({ tweetId, withCommunity: false, includePromotedContent: false, withVoice: false }),
    features: JSON.stringify(FEATURES),
    fieldToggles: JSON.stringify({ withArticleRichContentState: false }),
  });
  return `${TWEET_QUERY_URL}?${query.toString()}`;
}

/** `Tweet`, or the tweet inside `TweetWithVisibilityResults`; tombstones and unavailable tweets are gone. */
function readResult(result: JsonObject | undefined): TweetLookup {
  if (result === undefined) return { kind: 'gone', failure: noTranscript('microblog', 'X says this post does not exist') };
  const typename = asString(result.__typename);
  if (typename === 'TweetWithVisibilityResults') return readResult(asObject(result.tweet));
  if (typename === 'TweetTombstone') {
    const text = asString(at(result, 'tombstone', 'text', 'text')) ?? 'This post is unavailable';
    return { kind: 'gone', failure: noTranscript('microblog', `X says: ${text}`) };
  }
  if (typename === 'TweetUnavailable') {
    const reason = asString(result.reason) ?? 'unavailable';
    const why = reason === 'Protected' ? 'the account is protected' : /^Nsfw/.test(reason) ? 'it is age-restricted and needs a sign-in' : reason;
    return { kind: 'gone', failure: noTranscript('microblog', `X does not show this post to visitors who are not signed in: ${why}`) };
  }
  if (typename !== 'Tweet' && typename !== undefined) return { kind: 'blocked', failure: upstreamFailure(`X answered with a ${typename}, which this build does not know`) };
  const legacy = asObject(result.legacy);
  if (legacy === undefined) return { kind: 'blocked', failure: upstreamFailure("X's answer has no post data (its API may have changed)") };
  return { kind: 'found', tweet: { media: mediaOf(legacy, 'extended_entities', 'media'), text: asString(legacy.full_text) ?? '' } };
}

export async function tweetFromGraphql(upstream: UpstreamClient, tweetId: string, signal: AbortSignal): Promise<TweetLookup> {
  const authorization = `Bearer ${decodeURIComponent(WEB_BEARER)}`;
  const activated = await fetchUpstream(upstream, 'microblog', { url: GUEST_ACTIVATE_URL, method: 'POST', signal, headers: { authorization, accept: 'application/json' } });
  if (!activated.ok) return { kind: 'blocked', failure: activated.failure };
  const activateRefused = statusFailure('microblog', activated.response, 'a guest token', { missingMeansGone: false });
  if (activateRefused !== undefined) return { kind: 'blocked', failure: activateRefused };
  const guest = parseJson(activated.response.text());
  const guestToken = guest.ok ? asString(at(guest.value, 'guest_token')) : undefined;
  if (guestToken === undefined) return { kind: 'blocked', failure: upstreamFailure('X gave no guest token') };

  const fetched = await fetchUpstream(upstream, 'microblog', {
    url: tweetQueryUrl(tweetId),
    signal,
    headers: { authorization, 'x-guest-token': guestToken, 'content-type': 'application/json', 'x-twitter-active-user': 'yes', 'x-twitter-client-language': 'en', accept: 'application/json' },
  });
  if (!fetched.ok) return { kind: 'blocked', failure: fetched.failure };
  const response = fetched.response;
  // 400–404 bodies still carry `errors[]`; anything else that is not a 2xx is a refusal.
  const parsed = parseJson(response.text());
  if (!parsed.ok || response.status >= 429 || response.status < 200) {
    return { kind: 'blocked', failure: statusFailure('microblog', response, 'this post', { missingMeansGone: false }) ?? upstreamFailure("X's answer is not valid JSON") };
  }
  const messages = asArray(at(parsed.value, 'errors')).map((e) => asString(at(e, 'message')) ?? '');
  const tweetResult = asObject(at(parsed.value, 'data', 'tweetResult'));
  if (tweetResult !== undefined) return readResult(asObject(tweetResult.result));
  if (response.status === 404 || messages.some((m) => /not found|No status found/i.test(m))) return { kind: 'gone', failure: noTranscript('microblog', 'X says this post does not exist') };
  const detail = messages.filter((m) => m !== '').join('; ');
  return { kind: 'blocked', failure: upstreamFailure(`X refused the post query (HTTP ${response.status}${detail ? `: ${detail}` : ''})`) };
}
