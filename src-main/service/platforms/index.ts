import type { SyncPlatformToken } from '#shared/platforms';
import type { SpeechToText } from '../stt/index';
import type { UpstreamClient } from '../upstream/client';
import type { UpstreamProfile } from '../upstream/profile';
import { facebookFetcher } from './facebook/index';
import type { PlatformFetcher } from './fetcher';
import { instagramFetcher } from './instagram/index';
import { kickFetcher } from './kick/index';
import { linkedinFetcher } from './linkedin/index';
import { notImplementedFetcher } from './notImplemented';
import { rumbleFetcher } from './rumble/index';
import { tiktokFetcher } from './tiktok/index';
import { twitchFetcher } from './twitch/index';
import { xFetcher } from './x/index';
import { youtubeFetcher } from './youtube/index';

/** Each platform's fetcher, typed by the body it answers. */
export type FetcherTable = { [P in SyncPlatformToken]: PlatformFetcher<P> };

const SYNC_PLATFORMS: readonly SyncPlatformToken[] = ['longform', 'shortform', 'reels', 'social', 'professional', 'openvideo', 'microblog', 'clips_a', 'clips_b'];

/** The fetchers this build ships; platforms without one answer a clear 502. */
export function defaultFetchers(overrides: Partial<FetcherTable> = {}): FetcherTable {
  const table = Object.fromEntries(SYNC_PLATFORMS.map((p) => [p, overrides[p] ?? notImplementedFetcher(p)]));
  // Object.fromEntries loses the per-platform key types; each entry is its own platform's.
  return table as FetcherTable;
}

/** What every fetcher is built on. */
export interface FetcherDeps {
  upstream: UpstreamClient;
  stt: SpeechToText;
  /** The rotating values (client versions, hashes, doc ids); compiled defaults unless the home overrides them. */
  profile: UpstreamProfile;
}

/** Every fetcher, all on the one upstream client; the platforms without captions use speech-to-text. */
export function buildFetchers(deps: FetcherDeps): FetcherTable {
  return {
    longform: youtubeFetcher(deps),
    shortform: tiktokFetcher(deps),
    reels: instagramFetcher(deps),
    social: facebookFetcher(deps),
    professional: linkedinFetcher(deps),
    openvideo: rumbleFetcher(deps),
    microblog: xFetcher(deps),
    clips_a: kickFetcher(deps),
    clips_b: twitchFetcher(deps),
  };
}
