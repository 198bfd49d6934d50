// Links leave the app only through here: parsed, http or https, no credentials, no private host.
// Everything else (file:, javascript:, data:, custom schemes such as ms-msdt: or smb:, a router's
// address) is refused, because shell.openExternal hands the URL to whatever the OS registered.
import { shell } from 'electron';
import { literalHostProblem } from '#service/upstream/addressPolicy';

const LOOPBACK_NAMES: ReadonlySet<string> = new Set(['127.0.0.1', '[::1]', 'localhost']);

/**
 * The one loopback page that may open: the local REST API's reference page, which Settings → Local
 * REST API links to (http/apiReference.ts). Exactly `http://<loopback>:<port>/docs`: a page that
 * only reads, on a port of this machine, with no query that could carry anything to it.
 */
function isLocalApiReference(url: URL): boolean {
  return url.protocol === 'http:' && LOOPBACK_NAMES.has(url.hostname) && url.pathname === '/docs' && url.search === '' && url.hash === '';
}

/** The URL to open, or why not. */
export function checkExternalUrl(raw: string): { ok: true; url: string } | { ok: false; reason: string } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'not a URL' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: `the ${url.protocol} scheme is never opened` };
  if (url.username !== '' || url.password !== '') return { ok: false, reason: 'links with credentials are not opened' };
  if (isLocalApiReference(url)) return { ok: true, url: url.href };
  const problem = literalHostProblem(url);
  if (problem !== undefined) return { ok: false, reason: problem };
  return { ok: true, url: url.href };
}

/** Opens a link in the user's browser if it passes the check; says (in the log) why not otherwise. */
export async function openExternalSafely(raw: string): Promise<boolean> {
  const checked = checkExternalUrl(raw);
  if (!checked.ok) {
    console.warn(`transcript-desk: refused to open ${JSON.stringify(raw.slice(0, 200))}: ${checked.reason}`);
    return false;
  }
  await shell.openExternal(checked.url);
  return true;
}
