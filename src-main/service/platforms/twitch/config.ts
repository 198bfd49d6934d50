// Twitch's private GQL API, as its web player uses it. Twitch rotates the persisted-query hashes
// every few months (three times in 13 months: research/upstream-clips-podcast.md §2.2); when a hash
// is retired the API answers HTTP 200 with `PersistedQueryNotFound`. The values that rotate (the
// Client-ID and the hashes) live in the upstream profile (`twitch.*`, upstream/profile.ts), so a
// user follows a rotation with `transcript-desk upstream set`; this file says what is asked, in
// which order, and what the last resort is.
import type { ProfileKey } from '#service/upstream/profile';

export const TWITCH_GQL_URL = 'https://gql.twitch.tv/gql';

/**
 * The Client-ID sent with every GQL request: by default the one yt-dlp uses since 2023 (the web
 * player's own `kimne78kx3ncx6brgo4mv6wki5h1ko` started to meet Client-Integrity checks).
 */
export const CLIENT_ID_KEY: ProfileKey = 'twitch.clientId';

export interface ClipOperation {
  operationName: string;
  /** The profile key of its persisted-query hash. */
  hashKey: ProfileKey;
  variables(slug: string): Record<string, string>;
}

/** Tried in this order; the next one only when Twitch says it no longer knows the previous hash. */
export const CLIP_OPERATIONS: readonly ClipOperation[] = [
  { operationName: 'ShareClipRenderStatus', hashKey: 'twitch.hash.ShareClipRenderStatus', variables: (slug) => ({ slug }) },
  { operationName: 'VideoAccessToken_Clip', hashKey: 'twitch.hash.VideoAccessToken_Clip', variables: (slug) => ({ platform: 'web', slug }) },
  { operationName: 'ClipsDownloadButton', hashKey: 'twitch.hash.ClipsDownloadButton', variables: (slug) => ({ slug }) },
];

/**
 * The last resort when Twitch knows none of the hashes: the same fields as a plain GraphQL query
 * (research/upstream-live-2026.md §9; yt-dlp still sends raw queries for VOD tokens). The slug goes
 * in as a variable, never into the query text.
 */
export const RAW_CLIP_QUERY = {
  operationName: 'TranscriptDeskClip',
  query:
    'query TranscriptDeskClip($slug: ID!) { clip(slug: $slug) { id title durationSeconds videoQualities { quality sourceURL } playbackAccessToken(params: {platform: "web", playerBackend: "mediaplayer", playerType: "site"}) { signature value } } }',
};
