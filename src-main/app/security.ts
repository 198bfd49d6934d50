// The security baseline of every window (ARCHITECTURE §6, Electron's checklist): the renderer is
// a sandboxed web page with one door (`window.desk`); it cannot navigate, open windows, attach
// webviews or get permissions; links leave through the external-link guard only.
import type { App, Session, WebContents, WebPreferences } from 'electron';
import { openExternalSafely } from './externalLinks';

/**
 * The policy the app:// handler sends with every page (the page's meta tag says the same for the
 * browser build). No `unsafe-eval`, no inline script, and no network at all: the renderer reaches
 * the app over IPC and nothing else; images come as data: URLs from the main process, and the
 * player's audio and video from app:// itself (protocol.ts).
 */
export const RENDERER_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  // The desk's player: local files through app://desk/app/media/<token> (protocol.ts).
  "media-src 'self'",
  "connect-src 'none'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** webPreferences of the main window; `preload` is the only addition. */
export function mainWindowPreferences(preload: string): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webviewTag: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    spellcheck: false,
  };
}

/** Where a webContents may navigate: nowhere for the desk (it is one page), a platform's own sites for a sign-in window. */
export type NavigationPolicy = (url: string, isMainFrame: boolean) => boolean;

const policies = new WeakMap<WebContents, NavigationPolicy>();
const NOWHERE: NavigationPolicy = () => false;

/** Lets a webContents navigate where `policy` says (sign-in windows); everything else stays at nowhere. */
export function allowNavigation(contents: WebContents, policy: NavigationPolicy): void {
  policies.set(contents, policy);
}

/** Applies the baseline to one webContents; `installSecurityBaseline` does it for every one created. */
export function hardenWebContents(contents: WebContents): void {
  const allowed = (url: string, isMainFrame: boolean) => (policies.get(contents) ?? NOWHERE)(url, isMainFrame);
  // will-frame-navigate covers the main frame and iframes alike; will-navigate is kept for Electron builds that only emit it.
  contents.on('will-navigate', (event) => {
    if (!allowed(event.url, true)) event.preventDefault();
  });
  contents.on('will-frame-navigate', (event) => {
    if (!allowed(event.url, event.isMainFrame)) event.preventDefault();
  });
  contents.on('will-redirect', (event) => {
    if (!allowed(event.url, event.isMainFrame)) event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
  // No new windows ever; a link meant for a new window opens in the user's browser if it passes the guard.
  contents.setWindowOpenHandler(({ url }) => {
    void openExternalSafely(url);
    return { action: 'deny' };
  });
}

/** Permissions the desk's own page may have: writing to the clipboard (Copy in the viewer and for new keys). */
const DESK_PERMISSIONS: ReadonlySet<string> = new Set(['clipboard-sanitized-write']);

/** Denies every permission except the desk's clipboard writes, for requests and checks alike. */
export function denyPermissions(session: Session, isDeskOrigin: (url: string) => boolean): void {
  session.setPermissionRequestHandler((contents, permission, callback, details) => {
    callback(DESK_PERMISSIONS.has(permission) && isDeskOrigin(details.requestingUrl));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) => DESK_PERMISSIONS.has(permission) && isDeskOrigin(requestingOrigin));
  session.setDevicePermissionHandler(() => false);
}

/** Hooks the baseline into every webContents and session the app will ever create. */
export function installSecurityBaseline(app: App, isDeskOrigin: (url: string) => boolean): void {
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));
  app.on('session-created', (session) => denyPermissions(session, isDeskOrigin));
}
