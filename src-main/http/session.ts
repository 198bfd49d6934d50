// Browser sessions of the desk (serve --ui). A session is made from the owner key: either the
// one-time link `serve --ui` prints (it holds a login token minted at start), or the owner key
// itself typed into the sign-in screen. The session id travels only in an HttpOnly,
// SameSite=Strict cookie; it lives as long as the server process.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

export const SESSION_COOKIE = 'td_session';

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

  /** A session for a login token, once; undefined for a used or unknown one. */
  redeem(loginToken: string): string | undefined {
    if (!this.loginTokens.delete(loginToken)) return undefined;
    return this.open();
  }

  /** A session for whoever shows the owner key. */
  signIn(key: string): string | undefined {
    return sameSecret(key.trim(), this.ownerKey) ? this.open() : undefined;
  }

  isValid(sessionId: string | undefined): boolean {
    return sessionId !== undefined && this.sessions.has(sessionId);
  }

  signOut(sessionId: string | undefined): void {
    if (sessionId !== undefined) this.sessions.delete(sessionId);
  }

  private open(): string {
    const id = token();
    this.sessions.add(id);
    return id;
  }
}

/** The value of one cookie in a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function sessionCookie(id: string): string {
  return `${SESSION_COOKIE}=${id}; HttpOnly; SameSite=Strict; Path=/app`;
}
