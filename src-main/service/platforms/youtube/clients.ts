// InnerTube client contexts, in the order they are asked (research/upstream-live-2026.md §1). In
// 2026 Android and iOS get plain caption URLs; the bare TV client answers `ERROR` for videos the
// others serve (obsidian-clipper#946), so it comes after them; visionOS is the last resort (whether
// it lists caption tracks at all is unverified). WEB is left out: without a PO token, which we have
// no way to mint, it gets `UNPLAYABLE` "The page needs to be reloaded" or `exp=xpe` caption URLs
// that answer empty (yt-dlp#16212, #17389). The device fields and User-Agents are yt-dlp's
// (`youtube/_base.py` at 81ecd58); the versions rotate and come from the upstream profile.
import { UpstreamProfile, type ProfileKey } from '#service/upstream/profile';

export interface InnertubeClient {
  /** Name in messages. */
  label: string;
  clientName: string;
  clientVersion: string;
  /** X-YouTube-Client-Name. */
  clientId: number;
  /** Sent as the User-Agent header and, as the apps do, as `context.client.userAgent`. */
  userAgent: string;
  /** Device fields some clients must send in `context.client`. */
  extra?: Record<string, string | number>;
}

/** The chain with the versions `version(key)` gives (the upstream profile's). */
export function clientChain(version: (key: ProfileKey) => string): InnertubeClient[] {
  const android = version('youtube.android.version');
  const ios = version('youtube.ios.version');
  return [
    {
      label: 'Android',
      clientName: 'ANDROID',
      clientVersion: android,
      clientId: 3,
      userAgent: `com.google.android.youtube/${android} (Linux; U; Android 11) gzip`,
      extra: { androidSdkVersion: 30, osName: 'Android', osVersion: '11' },
    },
    {
      label: 'iOS',
      clientName: 'IOS',
      clientVersion: ios,
      clientId: 5,
      userAgent: `com.google.ios.youtube/${ios} (iPhone16,2; U; CPU iOS 18_3_2 like Mac OS X;)`,
      extra: { deviceMake: 'Apple', deviceModel: 'iPhone16,2', osName: 'iPhone', osVersion: '18.3.2.22D82' },
    },
    {
      label: 'TV',
      clientName: 'TVHTML5',
      clientVersion: version('youtube.tv.version'),
      clientId: 7,
      userAgent: 'Mozilla/5.0 (ChromiumStylePlatform) Cobalt/25.lts.30.1034943-gold (unlike Gecko), Unknown_TV_Unknown_0/Unknown (Unknown, Unknown)',
    },
    {
      label: 'visionOS',
      clientName: 'VISIONOS',
      clientVersion: version('youtube.visionos.version'),
      clientId: 101,
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 15_7_3) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.0 Safari/605.1.15',
      extra: { deviceMake: 'Apple', deviceModel: 'RealityDevice17,1', osName: 'visionOS', osVersion: '26.5.23O471' },
    },
  ];
}

/** The chain with the compiled default versions (benches and tools that have no profile). */
export const CLIENT_CHAIN: readonly InnertubeClient[] = (() => {
  const defaults = new UpstreamProfile();
  return clientChain((key) => defaults.get(key));
})();

export const PLAYER_URL = 'https://www.youtube.com/youtubei/v1/player?prettyPrint=false';

export function playerRequestBody(client: InnertubeClient, videoId: string, visitorData?: string): string {
  const context = { clientName: client.clientName, clientVersion: client.clientVersion, hl: 'en', gl: 'US', userAgent: client.userAgent, ...client.extra, ...(visitorData === undefined ? {} : { visitorData }) };
  return JSON.stringify({
    context: { client: context },
    videoId,
    playbackContext: { contentPlaybackContext: { html5Preference: 'HTML5_PREF_WANTS' } },
    contentCheckOk: true,
    racyCheckOk: true,
  });
}

export function playerHeaders(client: InnertubeClient, visitorData?: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': client.userAgent,
    'x-youtube-client-name': String(client.clientId),
    'x-youtube-client-version': client.clientVersion,
    origin: 'https://www.youtube.com',
    ...(visitorData === undefined ? {} : { 'x-goog-visitor-id': visitorData }),
  };
}
