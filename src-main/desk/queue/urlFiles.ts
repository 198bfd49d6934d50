// URL-list files read by the main process: files dropped on the desktop app's window (their paths
// come from Electron's webUtils), picked in its open dialog, or named on a second launch's command
// line. A path is only a request: it must be absolute, a regular file of a URL-list type and of a
// sane size, or it is refused with the reason; only the links in it ever reach the queue.
import { readFile, realpath, stat } from 'node:fs/promises';
import { basename, isAbsolute } from 'node:path';
import { Parser } from 'htmlparser2';
import { DROPPABLE_EXTENSIONS, droppableExtension, extractUrls } from '#shared/queue/extract';
import { findMalformedLinks } from '#shared/queue/malformed';

/** The same limit as the browser build's drop zone. */
export const MAX_URL_FILE_BYTES = 20 * 1024 * 1024;

export class UrlFileError extends Error {}

const HREF = /^(https?:)?\/\//i;
const BARE_HREF = /^[\w.-]+\.[a-z]{2,}\//i;

/** Links of an HTML document: every href, and links written out in its text (once per document, like the renderer's reader). */
export function urlsFromHtml(html: string): string[] {
  const hrefs: string[] = [];
  let text = '';
  let skip = 0;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'script' || name === 'style') skip++;
        const href = name === 'a' ? attributes.href : undefined;
        if (href !== undefined && (HREF.test(href) || BARE_HREF.test(href))) hrefs.push(href);
      },
      onclosetag(name) {
        if ((name === 'script' || name === 'style') && skip > 0) skip--;
      },
      ontext(chunk) {
        if (skip === 0) text += chunk;
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return [...new Set([...hrefs, ...extractUrls(text)])];
}

/** Reads one URL-list file after checking the path; throws UrlFileError with a sentence for the user. */
export async function readUrlFile(path: string): Promise<{ urls: string[]; malformed: string[] }> {
  if (!isAbsolute(path)) throw new UrlFileError('not an absolute path');
  const ext = droppableExtension(path);
  if (ext === undefined) throw new UrlFileError(`only ${DROPPABLE_EXTENSIONS.map((e) => `.${e}`).join(' ')} files are read`);
  let real: string;
  try {
    real = await realpath(path);
  } catch {
    throw new UrlFileError('no such file');
  }
  // A .txt name that links to the ledger (or any other file) does not make it a URL list.
  if (droppableExtension(real) === undefined) throw new UrlFileError('links to a file that is not a URL list');
  const info = await stat(real);
  if (!info.isFile()) throw new UrlFileError('not a regular file');
  if (info.size > MAX_URL_FILE_BYTES) throw new UrlFileError(`larger than ${MAX_URL_FILE_BYTES / 1024 / 1024} MB`);
  const text = await readFile(real, 'utf8');
  return { urls: ext === 'html' || ext === 'htm' ? urlsFromHtml(text) : extractUrls(text), malformed: findMalformedLinks(text) };
}

export interface FileLinks {
  name: string;
  urls: string[];
  /** Link-like tokens that are not http(s) (`htps://…`): reported, not queued. */
  malformed: string[];
  error: string | null;
}

/** Every file's links, in order; a file that cannot be read is reported, the others still count. */
export async function readUrlFiles(paths: readonly string[]): Promise<FileLinks[]> {
  const out: FileLinks[] = [];
  for (const path of paths) {
    try {
      out.push({ name: basename(path), ...(await readUrlFile(path)), error: null });
    } catch (error) {
      const reason = error instanceof UrlFileError ? error.message : `could not be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
      out.push({ name: basename(path), urls: [], malformed: [], error: reason });
    }
  }
  return out;
}
