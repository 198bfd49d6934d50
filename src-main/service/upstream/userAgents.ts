import type { PlatformToken } from '../../../src-shared/platforms';

// Current desktop browsers, as the sites expect them. Platforms that look at the User-Agent get one
// that matches what a logged-out browser sends; the YouTube fetcher sets its own per InnerTube client.
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const SAFARI = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.0 Safari/605.1.15';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:145.0) Gecko/20100101 Firefox/145.0';

export type UpstreamScope = PlatformToken | 'media';

const BY_SCOPE: Partial<Record<UpstreamScope, string>> = {
  shortform: SAFARI,
  social: CHROME,
  professional: FIREFOX,
};

export function userAgentFor(scope: UpstreamScope | undefined): string {
  return (scope && BY_SCOPE[scope]) ?? CHROME;
}
