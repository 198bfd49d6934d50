// Instagram's two known GraphQL queries for one post. The logged-out one
// (PolarisLoggedOutDesktopWWWPostRootContentQuery, by media id) is what yt-dlp sends; the second
// (PolarisPostRootQuery, by shortcode, answering in `xdt_api__v1__media__shortcode__web_info`,
// X-CSRFToken required) is what instaloader moved to in 2026-06 (PR#2706) when a doc id rotated.
// Both give visitors an empty answer when Instagram distrusts the client, so empty moves on.
import type { UpstreamClient } from '#service/upstream/client';
import type { UpstreamProfile } from '#service/upstream/profile';
import { upstreamFailure } from '../failures';
import { asArray, asObject, at, parseJson } from '../json';
import { fetchUpstream } from '../request';
import type { InstagramSession } from './session';
import { apiHeaders, blockOf, LOGIN_WALL, type SourceAnswer } from './source';

const LOGGED_OUT_QUERY = 'PolarisLoggedOutDesktopWWWPostRootContentQuery';
const POST_ROOT_QUERY = 'PolarisPostRootQuery';
export const LOGGED_OUT_URL = 'https://www.instagram.com/api/graphql';
export const POST_ROOT_URL = 'https://www.instagram.com/graphql/query';

export interface QueryContext {
  upstream: UpstreamClient;
  profile: UpstreamProfile;
  session: InstagramSession;
  lsd: string;
  referer: string;
  signal: AbortSignal;
}

async function post(ctx: QueryContext, url: string, name: string, form: Record<string, string>, csrf: string | undefined): Promise<{ ok: true; data: unknown } | { ok: false; answer: SourceAnswer }> {
  const fetched = await fetchUpstream(ctx.upstream, 'reels', {
    url,
    method: 'POST',
    body: new URLSearchParams({ lsd: ctx.lsd, fb_api_caller_class: 'RelayModern', fb_api_req_friendly_name: name, server_timestamps: 'true', ...form }).toString(),
    signal: ctx.signal,
    headers: {
      ...apiHeaders(ctx.profile.get('instagram.appId'), ctx.profile.get('instagram.asbdId')),
      'content-type': 'application/x-www-form-urlencoded',
      referer: ctx.referer,
      'x-fb-lsd': ctx.lsd,
      'x-fb-friendly-name': name,
      'x-requested-with': 'XMLHttpRequest',
      ...(csrf === undefined ? {} : { 'x-csrftoken': csrf }),
    },
  });
  if (!fetched.ok) return { ok: false, answer: { kind: 'blocked', failure: fetched.failure } };
  const response = fetched.response;
  const blocked = blockOf(response);
  if (blocked !== undefined) return { ok: false, answer: blocked };
  const parsed = parseJson(response.text());
  if (parsed.ok && at(parsed.value, 'require_login') === true) return { ok: false, answer: { kind: 'blocked', failure: upstreamFailure(LOGIN_WALL) } };
  if (response.status === 400) ctx.session.forget();
  if (response.status < 200 || response.status >= 300) return { ok: false, answer: { kind: 'empty', why: `HTTP ${response.status}` } };
  if (!parsed.ok) return { ok: false, answer: { kind: 'empty', why: 'not JSON (a block page?)' } };
  return { ok: true, data: at(parsed.value, 'data') };
}

/** The logged-out query: `data.xig_polaris_media.if_not_gated_logged_out`. */
export async function loggedOutQuery(ctx: QueryContext, mediaId: string, csrf: string | undefined): Promise<SourceAnswer> {
  const answered = await post(ctx, LOGGED_OUT_URL, LOGGED_OUT_QUERY, { variables: JSON.stringify({ media_id: mediaId }), doc_id: ctx.profile.get('instagram.docId.loggedOutPostRoot') }, csrf);
  if (!answered.ok) return answered.answer;
  const media = asObject(at(answered.data, 'xig_polaris_media', 'if_not_gated_logged_out'));
  if (media !== undefined) return { kind: 'media', media };
  return { kind: 'empty', why: asObject(answered.data) === undefined ? 'no data' : at(answered.data, 'xig_polaris_media') === null ? 'xig_polaris_media: null' : 'no media for visitors' };
}

/** PolarisPostRootQuery: `data.xdt_api__v1__media__shortcode__web_info.items[0]`; refused without a csrftoken. */
export async function postRootQuery(ctx: QueryContext, shortcode: string): Promise<SourceAnswer> {
  const csrf = ctx.session.csrf();
  if (csrf === undefined) return { kind: 'empty', why: 'not sent (Instagram set no csrftoken cookie)' };
  const answered = await post(ctx, POST_ROOT_URL, POST_ROOT_QUERY, { variables: JSON.stringify({ shortcode }), doc_id: ctx.profile.get('instagram.docId.postRoot') }, csrf);
  if (!answered.ok) return answered.answer;
  const media = asObject(asArray(at(answered.data, 'xdt_api__v1__media__shortcode__web_info', 'items'))[0]);
  return media !== undefined ? { kind: 'media', media } : { kind: 'empty', why: 'no items' };
}
