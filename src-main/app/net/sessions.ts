// One Chromium session per platform for upstream traffic (`persist:upstream-<platform>`): its
// cookie store holds what the platform set and what the user's sign-in left, its proxy settings
// are the system's, and its TLS handshake is Chromium's own.
import { session as electronSession, type Session } from 'electron';
import type { Cookie } from 'tough-cookie';
import type { UpstreamScope } from '#service/upstream/userAgents';

export const partitionFor = (scope: UpstreamScope | undefined) => `persist:upstream-${scope ?? 'general'}`;

export function sessionFor(scope: UpstreamScope | undefined): Session {
  return electronSession.fromPartition(partitionFor(scope));
}

/**
 * Writes imported cookies into the platform's session (Chromium sends the session's cookies for a
 * site in place of a Cookie header the request carries), or with null clears the session: the
 * imported cookies and the sign-in alike.
 */
export async function mirrorCookies(scope: UpstreamScope, cookies: readonly Cookie[] | null): Promise<void> {
  const session = sessionFor(scope);
  if (cookies === null) {
    await session.clearStorageData();
    return;
  }
  for (const cookie of cookies) {
    const domain = cookie.domain ?? '';
    const expires = cookie.expires instanceof Date ? cookie.expires.getTime() / 1000 : undefined;
    await session.cookies
      .set({
        url: `${cookie.secure ? 'https' : 'http'}://${domain}${cookie.path ?? '/'}`,
        name: cookie.key,
        value: cookie.value,
        ...(cookie.hostOnly === true ? {} : { domain: `.${domain}` }),
        path: cookie.path ?? '/',
        secure: cookie.secure,
        httpOnly: cookie.httpOnly,
        ...(expires === undefined ? {} : { expirationDate: expires }),
      })
      .catch((error: unknown) => console.warn(`transcript-desk: Chromium refused cookie ${cookie.key} for ${domain}:`, error));
  }
}

/**
 * Chromium's own User-Agent as Chrome itself sends it: without the app's and Electron's tokens
 * (sign-in pages refuse them, and no real browser carries them) and with the version reduced to
 * `<major>.0.0.0` like Chrome's (a full build number is another tell).
 */
export function browserUserAgent(session: Pick<Session, 'getUserAgent'>): string {
  return session
    .getUserAgent()
    .replace(/\s+Electron\/\S+/, '')
    .replace(/(\(KHTML, like Gecko\))\s+.*?\s*(Chrome\/)/, '$1 $2')
    .replace(/Chrome\/(\d+)\.[\d.]+/, 'Chrome/$1.0.0.0');
}
