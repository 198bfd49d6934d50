// The window baseline with a mocked electron module: webPreferences, the CSP, navigation and new
// windows denied on every webContents, webviews refused, permissions denied but the desk's own
// clipboard writes, and links leaving only through the external-link guard.
import { EventEmitter } from 'node:events';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { shell } from '../../helpers/electronMock';
import { checkExternalUrl, openExternalSafely } from '../../../src-main/app/externalLinks';
import { allowNavigation, denyPermissions, hardenWebContents, mainWindowPreferences, RENDERER_CSP } from '../../../src-main/app/security';
import { signInNavigation } from '../../../src-main/app/net/signIn';
import type { Session, WebContents } from 'electron';

vi.mock('electron', () => import('../../helpers/electronMock'));

/** A webContents as far as the baseline touches it. */
function fakeContents() {
  const emitter = new EventEmitter();
  let openHandler: ((details: { url: string }) => { action: string }) | undefined;
  const contents = Object.assign(emitter, { setWindowOpenHandler: (h: typeof openHandler) => (openHandler = h) });
  hardenWebContents(contents as unknown as WebContents);
  const fire = (name: string, url: string, isMainFrame = true) => {
    const event = { url, isMainFrame, defaultPrevented: false, preventDefault() {
      this.defaultPrevented = true;
    } };
    emitter.emit(name, event);
    return event.defaultPrevented;
  };
  return { contents, fire, open: (url: string) => openHandler?.({ url }) };
}

beforeEach(() => {
  shell.openExternal.mockClear();
  // Refusals are logged; the tests check what was (not) opened.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

describe('main window', () => {
  it('has the baseline webPreferences: isolated, sandboxed, no Node, no webview', () => {
    const prefs = mainWindowPreferences('/app/out/preload/index.js');
    expect(prefs).toMatchObject({ preload: '/app/out/preload/index.js', contextIsolation: true, sandbox: true, nodeIntegration: false, nodeIntegrationInWorker: false, nodeIntegrationInSubFrames: false, webviewTag: false, webSecurity: true, allowRunningInsecureContent: false });
  });

  it('sends a CSP with no eval, no inline script, and no network for the renderer', () => {
    const directives = new Map(RENDERER_CSP.split(';').map((d) => d.trim().split(/\s+/) as [string, ...string[]]).map(([name, ...values]) => [name, values]));
    expect(RENDERER_CSP).not.toContain('unsafe-eval');
    expect(RENDERER_CSP).not.toContain('unsafe-inline');
    expect(directives.get('default-src')).toEqual(["'none'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.get('connect-src')).toEqual(["'none'"]);
    // The desk's player reads local files through app:// (protocol.ts), nothing else.
    expect(directives.get('media-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('every webContents', () => {
  it('may not navigate, redirect, attach a webview or open a window', () => {
    const { fire, open } = fakeContents();
    expect(fire('will-navigate', 'https://evil.example/')).toBe(true);
    expect(fire('will-frame-navigate', 'app://desk/other.html')).toBe(true);
    expect(fire('will-redirect', 'https://evil.example/')).toBe(true);
    expect(fire('will-attach-webview', 'https://evil.example/')).toBe(true);
    expect(open('https://www.youtube.com/watch?v=GJLlxj_dtq8')).toEqual({ action: 'deny' });
  });

  it('opens an http(s) link of a new-window request in the browser, and nothing else', async () => {
    const { open } = fakeContents();
    open('https://www.youtube.com/watch?v=GJLlxj_dtq8');
    open('file:///etc/passwd');
    open('javascript:alert(1)');
    await vi.waitFor(() => expect(shell.openExternal).toHaveBeenCalledTimes(1));
    expect(shell.openExternal).toHaveBeenCalledWith('https://www.youtube.com/watch?v=GJLlxj_dtq8');
  });

  it("lets a sign-in window go only to its platform's https pages, with https frames inside", () => {
    const { contents, fire } = fakeContents();
    allowNavigation(contents as unknown as WebContents, signInNavigation('reels'));
    expect(fire('will-navigate', 'https://www.instagram.com/accounts/login/')).toBe(false);
    expect(fire('will-redirect', 'https://www.facebook.com/login.php', true)).toBe(false);
    expect(fire('will-navigate', 'https://evil.example/phish')).toBe(true);
    expect(fire('will-navigate', 'http://www.instagram.com/')).toBe(true);
    expect(fire('will-navigate', 'https://instagram.com.evil.example/')).toBe(true);
    expect(fire('will-frame-navigate', 'https://www.google.com/recaptcha/api2/anchor', false)).toBe(false);
    expect(fire('will-frame-navigate', 'http://captcha.example/', false)).toBe(true);
  });
});

describe('permissions', () => {
  it('denies every request and check, except clipboard writes from the desk itself', () => {
    let request: ((c: unknown, permission: string, cb: (ok: boolean) => void, details: { requestingUrl: string }) => void) | undefined;
    let check: ((c: unknown, permission: string, origin: string) => boolean) | undefined;
    const session = {
      setPermissionRequestHandler: (h: typeof request) => (request = h),
      setPermissionCheckHandler: (h: typeof check) => (check = h),
      setDevicePermissionHandler: vi.fn(),
    };
    denyPermissions(session as unknown as Session, (url) => url.startsWith('app://desk'));
    const ask = (permission: string, url: string) => {
      let answer: boolean | undefined;
      request?.(null, permission, (ok) => (answer = ok), { requestingUrl: url });
      return answer;
    };
    for (const permission of ['media', 'geolocation', 'notifications', 'openExternal', 'fullscreen', 'clipboard-read']) expect(ask(permission, 'app://desk/index.html')).toBe(false);
    expect(ask('clipboard-sanitized-write', 'app://desk/index.html')).toBe(true);
    expect(ask('clipboard-sanitized-write', 'https://www.tiktok.com/')).toBe(false);
    expect(check?.(null, 'media', 'app://desk')).toBe(false);
    expect(check?.(null, 'clipboard-sanitized-write', 'https://evil.example')).toBe(false);
  });
});

describe('openExternal guard', () => {
  it.each([
    ['file:///etc/passwd', 'file:'],
    ['javascript:alert(1)', 'javascript:'],
    ['data:text/html,<script>alert(1)</script>', 'data:'],
    ['ms-msdt:/id PCWDiagnostic', 'ms-msdt:'],
    ['smb://attacker.example/share', 'smb:'],
    ['app://desk/index.html', 'app:'],
    ['vscode://file/etc/passwd', 'vscode:'],
  ])('refuses %s', async (url, scheme) => {
    expect(checkExternalUrl(url)).toEqual({ ok: false, reason: `the ${scheme} scheme is never opened` });
    expect(await openExternalSafely(url)).toBe(false);
    expect(shell.openExternal).not.toHaveBeenCalled();
  });

  it('refuses private hosts, credentials and text that is no URL', () => {
    for (const url of ['http://127.0.0.1:8787/api/balance', 'http://192.168.1.1/', 'http://[::1]/', 'http://router.local/', 'https://user:pass@example.com/', 'not a url']) {
      expect(checkExternalUrl(url).ok, url).toBe(false);
    }
  });

  it("opens the local REST API's reference page (Settings → Local REST API), and no other loopback page", () => {
    for (const url of ['http://127.0.0.1:8787/docs', 'http://[::1]:9000/docs', 'http://localhost:8787/docs']) expect(checkExternalUrl(url), url).toEqual({ ok: true, url });
    for (const url of ['http://127.0.0.1:8787/docs?x=1', 'http://127.0.0.1:8787/docs/init.js', 'http://127.0.0.1:8787/docs#x', 'https://127.0.0.1:8787/docs', 'http://192.168.1.1/docs', 'http://127.0.0.1:8787/openapi.json']) {
      expect(checkExternalUrl(url).ok, url).toBe(false);
    }
  });

  it('opens public http(s) links', async () => {
    expect(await openExternalSafely('https://www.youtube.com/watch?v=GJLlxj_dtq8&t=42s')).toBe(true);
    expect(shell.openExternal).toHaveBeenCalledWith('https://www.youtube.com/watch?v=GJLlxj_dtq8&t=42s');
  });
});
