// "Sign in to <platform>": the platform's login page in a window of its own, on the platform's
// upstream session, so what the user signs in with is what later requests carry. The window is a
// plain sandboxed browser page: no preload, no Node, no desk; it may navigate only within the
// platform's sites (frames inside it, such as a captcha, only over https) and opens no windows.
import { BrowserWindow } from 'electron';
import { PLATFORMS, type PlatformToken } from '#shared/platforms';
import { isOnSites, PLATFORM_SITES } from '#service/upstream/platformSites';
import { allowNavigation } from '../security';
import { browserUserAgent, partitionFor, sessionFor } from './sessions';

/** Login pages, and sites the login flow passes through beyond the platform's own. */
export const SIGN_IN_PAGES: Readonly<Partial<Record<PlatformToken, { url: string; alsoVia?: readonly string[] }>>> = {
  longform: { url: 'https://accounts.google.com/ServiceLogin?service=youtube&continue=https%3A%2F%2Fwww.youtube.com%2F' },
  shortform: { url: 'https://www.tiktok.com/login' },
  reels: { url: 'https://www.instagram.com/accounts/login/', alsoVia: ['facebook.com'] },
  social: { url: 'https://www.facebook.com/login/' },
  professional: { url: 'https://www.linkedin.com/login' },
  openvideo: { url: 'https://rumble.com/' },
  microblog: { url: 'https://x.com/i/flow/login' },
  clips_a: { url: 'https://kick.com/' },
  clips_b: { url: 'https://www.twitch.tv/login' },
};

export const canSignIn = (platform: PlatformToken) => SIGN_IN_PAGES[platform] !== undefined;

/** Where a sign-in window may go: https pages of the platform's sites; any https frame inside them. */
export function signInNavigation(platform: PlatformToken): (url: string, isMainFrame: boolean) => boolean {
  const sites = [...PLATFORM_SITES[platform], ...(SIGN_IN_PAGES[platform]?.alsoVia ?? [])];
  return (raw, isMainFrame) => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return false;
    }
    if (url.protocol !== 'https:') return false;
    return !isMainFrame || isOnSites(url.hostname, sites);
  };
}

const open = new Map<PlatformToken, BrowserWindow>();

export function openSignInWindow(platform: PlatformToken, parent: BrowserWindow | undefined): boolean {
  const page = SIGN_IN_PAGES[platform];
  if (page === undefined) return false;
  const existing = open.get(platform);
  if (existing !== undefined && !existing.isDestroyed()) {
    existing.focus();
    return true;
  }
  const session = sessionFor(platform);
  const window = new BrowserWindow({
    width: 520,
    height: 760,
    title: `Sign in to ${PLATFORMS[platform].uiName}`,
    ...(parent === undefined ? {} : { parent }),
    autoHideMenuBar: true,
    webPreferences: { partition: partitionFor(platform), sandbox: true, contextIsolation: true, nodeIntegration: false, webviewTag: false, spellcheck: false },
  });
  allowNavigation(window.webContents, signInNavigation(platform));
  // The page's own title would replace ours; the user should always see which platform this is.
  window.on('page-title-updated', (event) => event.preventDefault());
  open.set(platform, window);
  window.on('closed', () => open.delete(platform));
  void window.loadURL(page.url, { userAgent: browserUserAgent(session) });
  return true;
}
