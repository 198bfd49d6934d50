// Instagram's REST-ish web API: the ruling (`get_ruling_for_content`, Instagram's own "may a visitor
// see this" check, whose title/description say why not, e.g. "Restricted Video") and, for a
// signed-in session, `media/<pk>/info/` (yt-dlp instagram.py `_real_extract`).
import type { UpstreamClient } from '#service/upstream/client';
import type { UpstreamProfile } from '#service/upstream/profile';
import { noTranscript, upstreamFailure } from '../failures';
import { asArray, asObject, asString, parseJson } from '../json';
import { fetchUpstream } from '../request';
import { apiHeaders, blockOf, isLoginPage, type SourceAnswer } from './source';

const API = 'https://www.instagram.com/api/v1';

export interface Ruling {
  /** `status: "ok"`: Instagram lets this client go on; only then does the logged-out query get the CSRF header (as yt-dlp). */
  granted: boolean;
  /** "title: description" when Instagram withholds the post, e.g. "Restricted Video: You must be 18 …". */
  words: string | undefined;
}

/** Never fatal: a ruling that fails or says nothing leaves the decision to the other sources. */
export async function fetchRuling(upstream: UpstreamClient, profile: UpstreamProfile, mediaId: string, signal: AbortSignal): Promise<Ruling> {
  const url = `${API}/web/get_ruling_for_content/?content_type=MEDIA&target_id=${mediaId}`;
  const fetched = await fetchUpstream(upstream, 'reels', { url, signal, retry: false, headers: apiHeaders(profile.get('instagram.appId'), profile.get('instagram.asbdId')) });
  if (!fetched.ok || fetched.response.status !== 200) return { granted: false, words: undefined };
  const parsed = parseJson(fetched.response.text());
  const answer = parsed.ok ? asObject(parsed.value) : undefined;
  const words = [asString(answer?.title), asString(answer?.description)].filter((w): w is string => w !== undefined && w.trim() !== '').join(': ');
  return { granted: answer?.status === 'ok', words: words === '' ? undefined : words };
}

export type SignedIn = SourceAnswer | { kind: 'signed_out' };

/** The signed-in media API; a session Instagram no longer accepts (sent to its login page) falls back to the visitor's path. */
export async function fetchSignedInMedia(upstream: UpstreamClient, profile: UpstreamProfile, mediaId: string, csrf: string | undefined, signal: AbortSignal): Promise<SignedIn> {
  const fetched = await fetchUpstream(upstream, 'reels', {
    url: `${API}/media/${mediaId}/info/`,
    signal,
    headers: { ...apiHeaders(profile.get('instagram.appId'), profile.get('instagram.asbdId')), ...(csrf === undefined ? {} : { 'x-csrftoken': csrf }) },
  });
  if (!fetched.ok) return { kind: 'blocked', failure: fetched.failure };
  const response = fetched.response;
  if (isLoginPage(response.url) && response.redirects.length > 0) return { kind: 'signed_out' };
  const blocked = blockOf(response);
  if (blocked !== undefined) return blocked;
  const parsed = parseJson(response.text());
  const answer = parsed.ok ? asObject(parsed.value) : undefined;
  const message = asString(answer?.message);
  // What Instagram answers a signed-in user for a post that is gone or not theirs to see.
  if ((response.status === 400 || response.status === 404) && message !== undefined && /not found|unavailable/i.test(message)) {
    return { kind: 'said', failure: noTranscript('reels', `Instagram says: ${message}`) };
  }
  const media = asObject(asArray(answer?.items)[0]);
  if (response.status === 200 && media !== undefined) return { kind: 'media', media };
  return { kind: 'blocked', failure: upstreamFailure(`Instagram's media API answered HTTP ${response.status} without the post${message === undefined ? '' : ` (${message})`} for a signed-in session`) };
}
