// What each of Instagram's sources says about a post, in the terms the fetcher decides on: the
// media; nothing (move on to the next source, and remember why); Instagram itself saying the post
// is gone or withheld (404); or a block that every further source would meet too (stop, 502).
import type { UpstreamResponse } from '#service/upstream/client';
import type { FetchFailure } from '../fetcher';
import { rateLimitedFailure, upstreamFailure } from '../failures';
import type { JsonObject } from '../json';

export type SourceAnswer =
  | { kind: 'media'; media: JsonObject }
  | { kind: 'empty'; why: string }
  | { kind: 'said'; failure: FetchFailure }
  | { kind: 'blocked'; failure: FetchFailure };

export const LOGIN_WALL = 'Instagram sent its login page instead of the post: it limits how many posts a visitor who is not signed in may see from one address. Try again later';

/** Instagram sends visitors it rate-limits to its login page (yt-dlp also counts a redirect to `/`). */
export const isLoginPage = (url: string) => {
  const path = new URL(url).pathname;
  return path.startsWith('/accounts/login') || path === '/';
};

/**
 * The answers that end the walk with a 502: the login wall and a rate limit apply to every source
 * alike, and asking more only deepens the limit. Other refusals are one source's, so the next is tried.
 */
export function blockOf(response: UpstreamResponse): SourceAnswer | undefined {
  if (isLoginPage(response.url) && response.redirects.length > 0) return { kind: 'blocked', failure: upstreamFailure(LOGIN_WALL) };
  if (response.status === 429) return { kind: 'blocked', failure: rateLimitedFailure('Instagram', response.headers['retry-after']) };
  return undefined;
}

/** The `X-IG-App-ID` family every web API call carries (yt-dlp `_api_headers`). */
export function apiHeaders(appId: string, asbdId: string): Record<string, string> {
  return { 'x-ig-app-id': appId, 'x-asbd-id': asbdId, 'x-ig-www-claim': '0', origin: 'https://www.instagram.com', accept: '*/*' };
}
