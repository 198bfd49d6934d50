// The renderer is served from app://desk, never file://: a privileged standard scheme whose
// handler answers GET for files under the built renderer folder and nothing else (Electron
// security checklist #18). Every HTML answer carries the CSP as a header as well as its meta tag.
// It also answers the desk's player, `/app/media/<token>` (the same path as the browser build's
// media route): the local file a token minted by `transcript.get` names, by byte ranges, so a
// media element plays a file on this machine without a file:// URL or a path in the renderer.
import { readFile, realpath } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, sep } from 'node:path';
import { protocol, type Session } from 'electron';
import { HTTP_MEDIA_PREFIX } from '#shared/contract/media';
import { mediaFileResponse } from '../desk/media/fileResponse';
import { RENDERER_CSP } from './security';

export const APP_SCHEME = 'app';
export const APP_HOST = 'desk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;
export const APP_INDEX_URL = `${APP_ORIGIN}/index.html`;

/**
 * Must run before the app is ready: Chromium fixes scheme privileges at start. `stream` lets a
 * media element read the scheme as it plays, with range requests, instead of whole.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } }]);
}

/** The local file a player token names (Desk.mediaFile), or undefined. */
export type MediaLookup = (token: string) => { path: string; contentType: string } | undefined;

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

const answer = (status: number, text: string) => new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' } });

/**
 * The file under `root` a request names, or undefined. Percent-escapes are decoded first, then any
 * `..`, backslash or NUL segment is refused, and the joined path must still be inside `root`.
 */
export function resolveAppPath(root: string, pathname: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const segments = decoded.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.some((s) => s === '..' || s.includes('\\') || s.includes('\0') || s.includes(':'))) return undefined;
  const target = join(root, ...(segments.length === 0 ? ['index.html'] : segments));
  const rel = relative(root, target);
  if (rel === '' || rel.startsWith('..') || isAbsolute(rel)) return undefined;
  return target;
}

/**
 * The handler for app://; `root` is the built renderer (out/renderer), `media` finds the file of
 * a player token (none: every player link is a 404).
 */
export function createAppProtocolHandler(root: string, media: MediaLookup = () => undefined): (request: Request) => Promise<Response> {
  const realRoot = realpath(root).catch(() => root);
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return answer(405, 'Only GET');
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return answer(400, 'Bad URL');
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return answer(404, 'Not found');
    if (url.pathname.startsWith(HTTP_MEDIA_PREFIX)) {
      const file = media(url.pathname.slice(HTTP_MEDIA_PREFIX.length));
      if (file === undefined) return answer(404, 'This player link is not known (links last until the app restarts): open the transcript again');
      return mediaFileResponse(file.path, file.contentType, request.method, request.headers.get('range') ?? undefined);
    }
    const base = await realRoot;
    const target = resolveAppPath(base, url.pathname);
    if (target === undefined) return answer(404, 'Not found');
    try {
      // A symlink inside the folder must not lead out of it.
      const real = await realpath(target);
      if (!real.startsWith(base + sep)) return answer(404, 'Not found');
      const body = await readFile(real);
      const type = TYPES[extname(real).toLowerCase()] ?? 'application/octet-stream';
      const headers: Record<string, string> = { 'content-type': type, 'x-content-type-options': 'nosniff', 'cache-control': 'no-cache' };
      if (type.startsWith('text/html')) headers['content-security-policy'] = RENDERER_CSP;
      return new Response(request.method === 'HEAD' ? null : body, { status: 200, headers });
    } catch {
      return answer(404, 'Not found');
    }
  };
}

export function installAppProtocol(session: Session, root: string, media: MediaLookup): void {
  session.protocol.handle(APP_SCHEME, createAppProtocolHandler(root, media));
}
