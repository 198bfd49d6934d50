// Which upstream requests travel with a browser's handshake (impit) and which with Node's own
// (undici). A fixed allow-list of the platforms' page and API hosts that fingerprint the client:
// the TikTok page (and its short-link hosts), Instagram's pages and GraphQL, every Kick API call,
// Rumble's pages and embed API, YouTube's player API and timedtext (research §0 X1: where yt-dlp
// impersonates a browser, plus Rumble). Everything else, above all media and enclosure URLs that
// come out of payloads (CDNs, podcast hosts), stays on undici, whose address guard checks the
// very answer it connects to (impitTransport.ts says why that matters).
import { IMPIT_UNAVAILABLE } from './impitTransport';
import type { Transport } from './transport';

export const BROWSER_GRADE_HOSTS: ReadonlySet<string> = new Set([
  'tiktok.com',
  'www.tiktok.com',
  'm.tiktok.com',
  'vm.tiktok.com',
  'vt.tiktok.com',
  'instagram.com',
  'www.instagram.com',
  'kick.com',
  'www.kick.com',
  'rumble.com',
  'www.rumble.com',
  'youtube.com',
  'www.youtube.com',
  'm.youtube.com',
]);

/** Whether a logical URL goes through the browser-grade transport: its exact host is on the list (no subdomains: CDNs live there). */
export function needsBrowserGrade(url: URL): boolean {
  return BROWSER_GRADE_HOSTS.has(url.hostname.toLowerCase().replace(/\.$/, ''));
}

export interface BrowserGradeOptions {
  /** The impersonating transport (impitTransport). */
  browser: Transport;
  /** Node's own stack (undiciTransport). */
  plain: Transport;
  /** Where the one warning goes when the browser transport cannot load. */
  warn?: (message: string) => void;
}

/**
 * Picks the wire per request by its logical URL (under TRANSCRIPT_DESK_UPSTREAM the routed URL
 * names the fixture, not the site). If impit's native binary cannot load on this machine, the
 * allow-listed hosts fall back to undici with one warning: Node's handshake may be refused by
 * some sites, but every other platform keeps working.
 */
export function browserGradeTransport(options: BrowserGradeOptions): Transport {
  const { browser, plain } = options;
  let browserMissing = false;
  const wants = (url: URL) => !browserMissing && needsBrowserGrade(url);
  return {
    async send(req) {
      if (!wants(req.logicalUrl ?? req.url)) return plain.send(req);
      try {
        return await browser.send(req);
      } catch (error) {
        if ((error as { code?: unknown }).code !== IMPIT_UNAVAILABLE) throw error;
        browserMissing = true;
        (options.warn ?? console.warn)(`transcript-desk: ${(error as Error).message}; TikTok, Instagram, Kick, Rumble and YouTube get Node's own TLS handshake, which they may refuse`);
        return plain.send(req);
      }
    },
    async close() {
      await Promise.all([browser.close(), plain.close()]);
    },
    userAgentFor(url, scope) {
      return (wants(url) ? browser : plain).userAgentFor?.(url, scope);
    },
  };
}
