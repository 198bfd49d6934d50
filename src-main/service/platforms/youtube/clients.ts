// InnerTube client contexts, in the order they are tried (research/upstream-video.md §1.2). Since
// mid-2025 YouTube gates WEB caption URLs behind PO tokens (`exp=xpe`); the TV and Android
// clients still got plain caption URLs in 2026, WEB with a Safari User-Agent and visionOS are
// the fallbacks. YouTube rotates what works: versions and order are the first thing to update
// when captions stop coming.

export interface InnertubeClient {
  /** Name in messages. */
  label: string;
  clientName: string;
  clientVersion: string;
  /** X-YouTube-Client-Name. */
  clientId: number;
  userAgent: string;
  /** Device fields some clients must send in `context.client`. */
  extra?: Record<string, string | number>;
}

export const CLIENT_CHAIN: readonly InnertubeClient[] = [
  {
    label: 'TV',
    clientName: 'TVHTML5',
    clientVersion: '7.20260707.07.00',
    clientId: 7,
    userAgent: 'Mozilla/5.0 (ChromiumStylePlatform) Cobalt/25.lts.30.1034943-gold (unlike Gecko), Unknown_TV_Unknown_0/Unknown (Unknown, Unknown)',
  },
  {
    label: 'Android',
    clientName: 'ANDROID',
    clientVersion: '21.26.364',
    clientId: 3,
    userAgent: 'com.google.android.youtube/21.26.364 (Linux; U; Android 11) gzip',
    extra: { androidSdkVersion: 30, osName: 'Android', osVersion: '11' },
  },
  {
    label: 'Web (Safari)',
    clientName: 'WEB',
    clientVersion: '2.20260708.00.00',
    clientId: 1,
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.5 Safari/605.1.15,gzip(gfe)',
  },
  {
    label: 'visionOS',
    clientName: 'VISIONOS',
    clientVersion: '1.02',
    clientId: 101,
    userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.0 Safari/605.1.15',
    extra: { deviceMake: 'Apple', deviceModel: 'RealityDevice17,1', osName: 'visionOS', osVersion: '26.5.23O471' },
  },
];

export const PLAYER_URL = 'https://www.youtube.com/youtubei/v1/player?prettyPrint=false';

export function playerRequestBody(client: InnertubeClient, videoId: string): string {
  return JSON.stringify({
    context: { client: { clientName: client.clientName, clientVersion: client.clientVersion, hl: 'en', gl: 'US', ...client.extra } },
    videoId,
    playbackContext: { contentPlaybackContext: { html5Preference: 'HTML5_PREF_WANTS' } },
    contentCheckOk: true,
    racyCheckOk: true,
  });
}

export function playerHeaders(client: InnertubeClient): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': client.userAgent,
    'x-youtube-client-name': String(client.clientId),
    'x-youtube-client-version': client.clientVersion,
    origin: 'https://www.youtube.com',
  };
}
