// One cookie jar per platform. Users of login-walled posts export their browser's cookies as a
// Netscape cookies.txt (the format every "export cookies" extension and yt-dlp use) and import it.
import { Cookie, CookieJar } from 'tough-cookie';
import type { UpstreamScope } from './userAgents';

export interface ImportReport {
  imported: number;
  skipped: number;
}

/** Parses Netscape cookies.txt lines: domain, include-subdomains, path, secure, expiry, name, value. */
export function parseNetscapeCookies(text: string): { cookies: Cookie[]; skipped: number } {
  const cookies: Cookie[] = [];
  let skipped = 0;
  for (const raw of text.split(/\r?\n/)) {
    const httpOnly = raw.startsWith('#HttpOnly_');
    const line = httpOnly ? raw.slice('#HttpOnly_'.length) : raw;
    if (line.trim() === '' || line.startsWith('#')) continue;
    const fields = line.split('\t');
    if (fields.length < 7) {
      skipped++;
      continue;
    }
    const [domain, , path, secure, expiry, name, ...rest] = fields as [string, string, string, string, string, string, ...string[]];
    const expires = Number(expiry);
    if (domain === '' || name === '' || !Number.isFinite(expires)) {
      skipped++;
      continue;
    }
    cookies.push(
      new Cookie({
        key: name,
        value: rest.join('\t'),
        domain: domain.replace(/^\./, ''),
        path: path || '/',
        secure: secure.toUpperCase() === 'TRUE',
        httpOnly,
        // 0 means a session cookie in this format.
        expires: expires > 0 ? new Date(expires * 1000) : 'Infinity',
        hostOnly: !domain.startsWith('.'),
      }),
    );
  }
  return { cookies, skipped };
}

export class CookieJars {
  private readonly jars = new Map<UpstreamScope, CookieJar>();

  jar(scope: UpstreamScope): CookieJar {
    let jar = this.jars.get(scope);
    if (jar === undefined) {
      jar = new CookieJar(undefined, { looseMode: true });
      this.jars.set(scope, jar);
    }
    return jar;
  }

  has(scope: UpstreamScope): boolean {
    return this.jars.has(scope);
  }

  importNetscape(scope: UpstreamScope, text: string): ImportReport {
    const { cookies, skipped } = parseNetscapeCookies(text);
    const imported = this.load(scope, cookies);
    return { imported, skipped: skipped + cookies.length - imported };
  }

  /** Puts cookies into the platform's jar; returns how many it took (expired or malformed ones are skipped). */
  load(scope: UpstreamScope, cookies: readonly Cookie[]): number {
    const jar = this.jar(scope);
    let imported = 0;
    for (const cookie of cookies) {
      const url = `${cookie.secure ? 'https' : 'http'}://${cookie.domain}${cookie.path ?? '/'}`;
      try {
        jar.setCookieSync(cookie, url, { ignoreError: false });
        imported++;
      } catch {
        // An expired or malformed cookie is skipped; the rest of the file still counts.
      }
    }
    return imported;
  }

  /** Forgets every cookie of the platform (imported and remembered). */
  clear(scope: UpstreamScope): void {
    this.jars.delete(scope);
  }

  /** The Cookie header for a logical URL, or undefined when the jar has nothing for it. */
  header(scope: UpstreamScope, url: string): string | undefined {
    if (!this.jars.has(scope)) return undefined;
    const value = this.jar(scope).getCookieStringSync(url);
    return value === '' ? undefined : value;
  }

  /** Keeps what upstreams set during this run (consent and session cookies), like a browser tab would. */
  remember(scope: UpstreamScope, url: string, setCookie: string[]): void {
    if (setCookie.length === 0) return;
    const jar = this.jar(scope);
    for (const header of setCookie) {
      try {
        jar.setCookieSync(header, url);
      } catch {
        // Upstreams send cookies for other domains; ignoring them is what a browser does.
      }
    }
  }
}
