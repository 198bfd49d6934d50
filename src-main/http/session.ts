// Browser sessions of the desk (serve --ui). A session is made from the owner key: either the
// one-time link `serve --ui` prints (it holds a login token minted at start), or the owner key
// itself typed into the sign-in screen. Sessions live as long as the server process.
//
// The session token travels only in a request header (HTTP_SESSION_HEADER) that the desk's page
// adds from its web storage, never in a cookie: browsers send cookies to every port of a host, so
// any program listening on another loopback port could collect a cookie from a page of its own
// (security test 2, F2), while web storage belongs to one origin, port included.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const token = () => randomBytes(32).toString('base64url');
const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
const sameSecret = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

export class SessionStore {
  private readonly loginTokens = new Set<string>();
  private readonly sessions = new Set<string>();

  constructor(private readonly ownerKey: string) {}

  /** A token for the one-time link; it opens one session and is gone. */
  mintLoginToken(): string {
    const t = token();
    this.loginTokens.add(t);
    return t;
  }

  /** A session token for a login token, once; undefined for a used or unknown one. */
  redeem(loginToken: string): string | undefined {
    if (!this.loginTokens.delete(loginToken)) return undefined;
    return this.open();
  }

  /** A session token for whoever shows the owner key. */
  signIn(key: string): string | undefined {
    return sameSecret(key.trim(), this.ownerKey) ? this.open() : undefined;
  }

  isValid(sessionToken: string | undefined): boolean {
    return sessionToken !== undefined && this.sessions.has(sessionToken);
  }

  signOut(sessionToken: string | undefined): void {
    if (sessionToken !== undefined) this.sessions.delete(sessionToken);
  }

  private open(): string {
    const id = token();
    this.sessions.add(id);
    return id;
  }
}
