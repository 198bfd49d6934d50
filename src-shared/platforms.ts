// The ten sources of the spec. The spec names them by neutral tokens; the product, the UI and
// the REST aliases use the real names. This table is the one place that maps between them.

export const PLATFORM_TOKENS = [
  'longform',
  'shortform',
  'reels',
  'social',
  'professional',
  'openvideo',
  'microblog',
  'clips_a',
  'clips_b',
  'podcast',
] as const;

export type PlatformToken = (typeof PLATFORM_TOKENS)[number];

/**
 * Where a library transcript came from: one of the ten sources, or `local`, a file on this machine
 * transcribed by our own speech-to-text (the desk's dropped media, `transcribe FILE`). `local` is
 * never a REST platform: no REST path, cookie or fetcher takes it.
 */
export const LOCAL_PLATFORM = 'local';
export const LIBRARY_PLATFORMS = [...PLATFORM_TOKENS, LOCAL_PLATFORM] as const;
export type LibraryPlatform = (typeof LIBRARY_PLATFORMS)[number];

/** A library platform's name as the desk shows it. */
export function libraryPlatformName(platform: LibraryPlatform): string {
  return platform === LOCAL_PLATFORM ? 'Local file' : PLATFORMS[platform].uiName;
}
export type SyncPlatformToken = Exclude<PlatformToken, 'podcast'>;

/** Where a platform's transcript comes from: captions the upstream serves, or our own speech-to-text. */
export type TranscriptSource = 'captions' | 'speech';

export interface PlatformInfo {
  token: PlatformToken;
  /** Lower-case real names accepted in REST paths as aliases of the token. */
  aliases: readonly string[];
  uiName: string;
  mode: 'sync' | 'async';
  source: TranscriptSource;
  /** The 400 text of the spec for a URL of the wrong shape (clips carry a platform variant). */
  invalidUrlText: string;
}

const INVALID_URL = 'Invalid URL';
const invalidClipText = (uiName: string) => `Invalid URL. Please provide a valid ${uiName} clip URL.`;

export const PLATFORMS: Readonly<Record<PlatformToken, PlatformInfo>> = {
  longform: { token: 'longform', aliases: ['youtube'], uiName: 'YouTube', mode: 'sync', source: 'captions', invalidUrlText: INVALID_URL },
  shortform: { token: 'shortform', aliases: ['tiktok'], uiName: 'TikTok', mode: 'sync', source: 'captions', invalidUrlText: INVALID_URL },
  reels: { token: 'reels', aliases: ['instagram'], uiName: 'Instagram', mode: 'sync', source: 'speech', invalidUrlText: INVALID_URL },
  social: { token: 'social', aliases: ['facebook'], uiName: 'Facebook', mode: 'sync', source: 'captions', invalidUrlText: INVALID_URL },
  professional: { token: 'professional', aliases: ['linkedin'], uiName: 'LinkedIn', mode: 'sync', source: 'captions', invalidUrlText: INVALID_URL },
  openvideo: { token: 'openvideo', aliases: ['rumble'], uiName: 'Rumble', mode: 'sync', source: 'captions', invalidUrlText: INVALID_URL },
  microblog: { token: 'microblog', aliases: ['x', 'twitter'], uiName: 'X', mode: 'sync', source: 'speech', invalidUrlText: INVALID_URL },
  clips_a: { token: 'clips_a', aliases: ['kick'], uiName: 'Kick', mode: 'sync', source: 'speech', invalidUrlText: invalidClipText('Kick') },
  clips_b: { token: 'clips_b', aliases: ['twitch'], uiName: 'Twitch', mode: 'sync', source: 'speech', invalidUrlText: invalidClipText('Twitch') },
  podcast: { token: 'podcast', aliases: ['applepodcasts', 'apple-podcasts'], uiName: 'Podcasts', mode: 'async', source: 'speech', invalidUrlText: INVALID_URL },
};

const BY_PATH_SEGMENT: ReadonlyMap<string, PlatformToken> = new Map(
  PLATFORM_TOKENS.flatMap((token) => [[token, token] as const, ...PLATFORMS[token].aliases.map((a) => [a, token] as const)]),
);

/** Resolves a REST path segment (`longform` or `youtube`) to the platform token; case-insensitive. */
export function platformFromPathSegment(segment: string): PlatformToken | undefined {
  return BY_PATH_SEGMENT.get(segment.toLowerCase());
}

export function isPlatformToken(value: unknown): value is PlatformToken {
  return typeof value === 'string' && (PLATFORM_TOKENS as readonly string[]).includes(value);
}
