// The sites whose cookies belong to each platform: an imported cookies.txt keeps only these (a
// whole browser's export would otherwise put every site's session in the keychain), and the
// desktop app's sign-in window may navigate only within them.
import type { PlatformToken } from '#shared/platforms';

export const PLATFORM_SITES: Readonly<Record<PlatformToken, readonly string[]>> = {
  longform: ['youtube.com', 'google.com'],
  shortform: ['tiktok.com'],
  reels: ['instagram.com'],
  social: ['facebook.com'],
  professional: ['linkedin.com'],
  openvideo: ['rumble.com'],
  microblog: ['x.com', 'twitter.com'],
  clips_a: ['kick.com'],
  clips_b: ['twitch.tv'],
  podcast: ['apple.com'],
};

/** Whether a host name (or a cookie's domain, with or without its leading dot) is one of `sites` or under one. */
export function isOnSites(host: string, sites: readonly string[]): boolean {
  const name = host.toLowerCase().replace(/^\./, '').replace(/\.$/, '');
  return sites.some((site) => name === site || name.endsWith(`.${site}`));
}
