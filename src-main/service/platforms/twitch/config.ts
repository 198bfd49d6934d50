// Twitch's private GQL API, as its web player uses it. Twitch rotates the persisted-query hashes
// every few months (three times in 13 months: research/upstream-clips-podcast.md §2.2); when a hash
// is retired the API answers HTTP 200 with `PersistedQueryNotFound`. Every value that rotates lives
// here, so an update is a change to this file alone.

export const TWITCH_GQL_URL = 'https://gql.twitch.tv/gql';

/**
 * The Client-ID sent with every GQL request: the one yt-dlp uses since 2023 (the web player's own
 * `kimne78kx3ncx6brgo4mv6wki5h1ko` started to meet Client-Integrity checks).
 */
export const TWITCH_CLIENT_ID = 'ue6666qo983tsx6so1t0vnawi233wa';

export interface ClipOperation {
  operationName: string;
  sha256Hash: string;
  variables(slug: string): Record<string, string>;
}

/** Tried in this order; the next one only when Twitch says it no longer knows the previous hash. */
export const CLIP_OPERATIONS: readonly ClipOperation[] = [
  { operationName: 'ShareClipRenderStatus', sha256Hash: '0a02bb974443b576f5579aab0fef1d4b7f44e58a8a256f0c5adfead0db70640f', variables: (slug) => ({ slug }) },
  { operationName: 'VideoAccessToken_Clip', sha256Hash: '4f35f1ac933d76b1da008c806cd5546a7534dfaff83e033a422a81f24e5991b3', variables: (slug) => ({ platform: 'web', slug }) },
  { operationName: 'ClipsDownloadButton', sha256Hash: '9c0a5b51612a41b06bfb93065deb6fd7bb7e011db2beb6e5e5d7588ae7f3ff4b', variables: (slug) => ({ slug }) },
];
