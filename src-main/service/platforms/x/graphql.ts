// X's web API as the web app uses it: TweetResultByRestId, as a guest (a guest token from
// `guest/activate.json`, kept for its lifetime) or, with the user's imported session cookies, signed
// in (research/upstream-live-2026.md §7, §0 X3). Query id and bearer come from the upstream profile.
import type { UpstreamClient } from '#service/upstream/client';
import type { UpstreamProfile } from '#service/upstream/profile';
import { SessionCache } from '#service/upstream/sessionCache';
import type { FetchFailure } from '../fetcher';
import { noTranscript, statusFailure, upstreamFailure } from '../failures';
import { asArray, asObject, asString, at, parseJson, type JsonObject } from '../json';
import { fetchUpstream } from '../request';
import { cardOf, mediaOf, type TweetLookup } from './tweet';

export const GUEST_ACTIVATE_URL = 'https://api.x.com/1.1/guest/activate.json';
const X_HOME = 'https://x.com/';

/** X's web app sets its guest token as the `gt` cookie with Max-Age=10800 (RSS-Bridge#2374): three hours. */
const GUEST_TOKEN_TTL_MS = 3 * 60 * 60 * 1000;

// yt-dlp `TwitterIE._build_graphql_query` (HEAD 81ecd58b, 2026-08), names and values exactly: X
// answers 400 "features cannot be null" when one it expects is missing.
const FEATURES = {
  creator_subscriptions_tweet_preview_api_enabled: true,
  tweetypie_unmention_optimization_enabled: true,
  responsive_web_edit_tweet_api_enabled: true,
  graphql_is_translatable_rweb_tweet_is_translatable_enabled: true,
  view_counts_everywhere_api_enabled: true,
  longform_notetweets_consumption_enabled: true,
  responsive_web_twitter_article_tweet_consumption_enabled: false,
  tweet_awards_web_tipping_enabled: false,
  freedom_of_speech_not_reach_fetch_enabled: true,
  standardized_nudges_misinfo: true,
  tweet_with_visibility_results_prefer_gql_limited_actions_policy_enabled: true,
  longform_notetweets_rich_text_read_enabled: true,
  longform_notetweets_inline_media_enabled: true,
  responsive_web_graphql_exclude_directive_enabled: true,
  verified_phone_label_enabled: false,
  responsive_web_media_download_video_enabled: false,
  responsive_web_graphql_skip_user_profile_image_extensions_enabled: false,
  responsive_web_graphql_timeline_navigation_enabled: true,
  responsive_web_enhance_cards_enabled: false,
};

export function tweetQueryUrl(queryId: string, tweetId: string): string {
  const query = new URLSearchParams({
    variables: JSON.stringify({ tweetId, withCommunity: false, includePromotedContent: false, withVoice: false }),
    features: JSON.stringify(FEATURES),
    fieldToggles: JSON.stringify({ withArticleRichContentState: false }),
  });
  return `https://x.com/i/api/graphql/${encodeURIComponent(queryId)}/TweetResultByRestId?${query.toString()}`;
}

/** The quoted post's own media, whether X wraps it in `TweetWithVisibilityResults` or not. */
function quotedMedia(result: JsonObject): unknown[] {
  const quoted = asObject(at(result, 'quoted_status_result', 'result'));
  const tweet = asString(quoted?.__typename) === 'TweetWithVisibilityResults' ? asObject(quoted?.tweet) : quoted;
  return mediaOf(asObject(tweet?.legacy), 'extended_entities', 'media');
}

/** `Tweet`, the tweet inside `TweetWithVisibilityResults`, or a retweet's original; tombstones and unavailable tweets are gone. */
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
  // A retweet's own record lists no media: the video is the original post's (yt-dlp prefers it too).
  const retweeted = asObject(at(legacy, 'retweeted_status_result', 'result'));
  if (retweeted !== undefined) return readResult(retweeted);
  const card = cardOf(at(result, 'card', 'legacy'));
  return {
    kind: 'found',
    tweet: { media: mediaOf(legacy, 'extended_entities', 'media'), quoted: quotedMedia(result), cardVideos: card.videos, playerCard: card.playerCard, text: asString(legacy.full_text) ?? '' },
  };
}

/** The value of one cookie in a Cookie header. */
const cookieValue = (header: string | undefined, name: string) => header?.split(/;\s*/).find((c) => c.startsWith(`${name}=`))?.slice(name.length + 1);

type Activation = { ok: true; token: string } | { ok: false; failure: FetchFailure };
type Auth = { ok: true; headers: Record<string, string>; guestToken?: string } | { ok: false; failure: FetchFailure };

export interface XWebApi {
  lookUp(tweetId: string, signal: AbortSignal): Promise<TweetLookup>;
}

/** One per fetcher: the guest token is shared by every post until X stops accepting it. */
export function xWebApi(deps: { upstream: UpstreamClient; profile: UpstreamProfile }): XWebApi {
  const guestTokens = new SessionCache<Activation>(4);

  async function activate(authorization: string, signal: AbortSignal): Promise<{ value: Activation; ttlMs: number }> {
    const refused = (failure: FetchFailure) => ({ value: { ok: false as const, failure }, ttlMs: 0 });
    const activated = await fetchUpstream(deps.upstream, 'microblog', { url: GUEST_ACTIVATE_URL, method: 'POST', signal, headers: { authorization, accept: 'application/json' } });
    if (!activated.ok) return refused(activated.failure);
    const status = statusFailure('microblog', activated.response, 'a guest token', { missingMeansGone: false });
    if (status !== undefined) return refused(status);
    const guest = parseJson(activated.response.text());
    const token = guest.ok ? asString(at(guest.value, 'guest_token')) : undefined;
    if (token === undefined) return refused(upstreamFailure('X gave no guest token'));
    return { value: { ok: true, token }, ttlMs: GUEST_TOKEN_TTL_MS };
  }

  /** Signed in when the jar holds X's session cookies (yt-dlp `_set_base_headers`, `_call_api`): no guest token then. */
  async function authorize(bearer: string, signal: AbortSignal): Promise<Auth> {
    const authorization = `Bearer ${bearer}`;
    const common = { authorization, 'x-twitter-active-user': 'yes', 'x-twitter-client-language': 'en' };
    const cookies = deps.upstream.cookies.header('microblog', X_HOME);
    const csrf = cookieValue(cookies, 'ct0');
    if (cookieValue(cookies, 'auth_token') !== undefined && csrf !== undefined) return { ok: true, headers: { ...common, 'x-csrf-token': csrf, 'x-twitter-auth-type': 'OAuth2Session' } };
    const guest = await guestTokens.get(bearer, () => activate(authorization, signal));
    if (!guest.ok) return guest;
    return { ok: true, headers: { ...common, 'x-guest-token': guest.token }, guestToken: guest.token };
  }

  async function query(tweetId: string, signal: AbortSignal, retried: boolean): Promise<TweetLookup> {
    const bearer = decodeURIComponent(deps.profile.get('x.bearer'));
    const auth = await authorize(bearer, signal);
    if (!auth.ok) return { kind: 'blocked', failure: auth.failure };
    const fetched = await fetchUpstream(deps.upstream, 'microblog', {
      url: tweetQueryUrl(deps.profile.get('x.queryId.TweetResultByRestId'), tweetId),
      signal,
      headers: { ...auth.headers, 'content-type': 'application/json', accept: 'application/json' },
    });
    if (!fetched.ok) return { kind: 'blocked', failure: fetched.failure };
    const response = fetched.response;
    // X stopped accepting the guest token before its three hours (a per-token quota): a new one, once.
    if (auth.guestToken !== undefined && (response.status === 401 || response.status === 403) && !retried) {
      guestTokens.forget(bearer);
      return query(tweetId, signal, true);
    }
    const parsed = parseJson(response.text());
    const messages = parsed.ok ? asArray(at(parsed.value, 'errors')).map((e) => asString(at(e, 'message')) ?? '') : [];
    const detail = messages.filter((m) => m !== '').join('; ');
    if (response.status === 400) {
      // A 400 is how X says a feature switch or the query id rotated: the body names it, and whoever
      // updates the profile needs exactly that text.
      process.emitWarning(`X answered HTTP 400 to TweetResultByRestId for post ${tweetId}: ${response.text().slice(0, 2000)}`);
      return { kind: 'blocked', failure: upstreamFailure(`X refused the post query (HTTP 400: ${detail || response.text().slice(0, 300) || 'no details'})`) };
    }
    // 401–404 bodies still carry `errors[]`; anything else that is not a 2xx is a refusal.
    if (!parsed.ok || response.status >= 429 || response.status < 200) {
      return { kind: 'blocked', failure: statusFailure('microblog', response, 'this post', { missingMeansGone: false }) ?? upstreamFailure("X's answer is not valid JSON") };
    }
    const tweetResult = asObject(at(parsed.value, 'data', 'tweetResult'));
    if (tweetResult !== undefined) return readResult(asObject(tweetResult.result));
    if (response.status === 404 || messages.some((m) => /not found|No status found/i.test(m))) return { kind: 'gone', failure: noTranscript('microblog', 'X says this post does not exist') };
    return { kind: 'blocked', failure: upstreamFailure(`X refused the post query (HTTP ${response.status}${detail ? `: ${detail}` : ''})`) };
  }

  return { lookUp: (tweetId, signal) => query(tweetId, signal, false) };
}
