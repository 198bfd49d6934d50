import type { PlatformToken } from '#shared/platforms';

// One browser for every request outside the desktop app: the one the impit transport impersonates
// for the sites that fingerprint (impitTransport.ts), so the User-Agent never disagrees with the
// TLS and HTTP/2 handshake it travels with (a Safari or Firefox UA over a Chrome handshake is a
// classic bot signal). Both names move together: test/unit/upstream-impit.test.ts checks that
// impit, impersonating IMPERSONATED_BROWSER, sends exactly BROWSER_USER_AGENT. Inside Electron the
// session's own Chromium UA is used instead (app/net/electronTransport.ts). A fetcher that names a
// client of its own (YouTube's InnerTube clients) still sets its UA explicitly, as yt-dlp does.
export const IMPERSONATED_BROWSER = 'chrome151';
export const BROWSER_USER_AGENT = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/151.0.0.0 Safari/537.36';

export type UpstreamScope = PlatformToken | 'media';
