// URLs out of a drop or a paste: files (.txt .csv .md .html …), dragged links, HTML and text; any
// other file is set aside as audio or video for the server to probe (browser build: uploaded).
import { droppableExtension, extractUrls } from '#shared/queue/extract';
import { findMalformedLinks } from '#shared/queue/malformed';

/** Links of an HTML document or fragment: every href, and links written out in its text. */
export function urlsFromHtml(html: string): string[] {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  const hrefs = Array.from(doc.querySelectorAll('a[href]'), (a) => a.getAttribute('href') ?? '').filter((href) => /^(https?:)?\/\//i.test(href) || /^[\w.-]+\.[a-z]{2,}\//i.test(href));
  const inText = extractUrls(doc.body.textContent ?? '');
  // A link usually shows its own address as text too: keep each address once per document.
  return [...new Set([...hrefs, ...inText])];
}

export interface DropResult {
  urls: string[];
  /** Files that were not read, and why. */
  refused: string[];
  /** Tokens that look like links but are not http(s) (`htps://…`): reported, not sent. */
  malformed?: string[];
  /**
   * Files that are not URL lists: offered as audio or video. Whether they are is the server's call
   * (it probes them), never the name's: a renamed text file is refused there, with the reason.
   */
  media?: File[];
  /** Dropped folders, which a page cannot upload. */
  folders?: string[];
  /** How many URL-list files were read (files only: a paste or a dragged link leaves it out). */
  listsRead?: number;
}

/** The links of plain text, and the link-like tokens that are not links. */
export function readText(text: string): DropResult {
  return { urls: extractUrls(text), refused: [], malformed: findMalformedLinks(text) };
}

const MAX_FILE_BYTES = 20 * 1024 * 1024;

export async function readFiles(files: readonly File[], folders: ReadonlySet<string> = new Set()): Promise<DropResult> {
  const urls: string[] = [];
  const refused: string[] = [];
  const malformed: string[] = [];
  const media: File[] = [];
  const dropped: string[] = [];
  let listsRead = 0;
  for (const file of files) {
    if (folders.has(file.name)) {
      dropped.push(file.name);
      continue;
    }
    const ext = droppableExtension(file.name);
    if (ext === undefined) {
      media.push(file);
      continue;
    }
    if (file.size > MAX_FILE_BYTES) {
      refused.push(`${file.name}: larger than 20 MB`);
      continue;
    }
    const text = await file.text();
    listsRead++;
    urls.push(...(ext === 'html' || ext === 'htm' ? urlsFromHtml(text) : extractUrls(text)));
    malformed.push(...findMalformedLinks(text));
  }
  return { urls, refused, malformed: [...new Set(malformed)], media, folders: dropped, listsRead };
}

/** Names of the folders in a drop; read while the drop event runs (the browser empties `items` after it). */
function folderNames(data: DataTransfer): Set<string> {
  const names = new Set<string>();
  for (const item of Array.from(data.items)) {
    const entry = item.kind === 'file' ? item.webkitGetAsEntry() : null;
    if (entry?.isDirectory === true) names.add(entry.name);
  }
  return names;
}

/** What a drag carried: files first, else the link list, else HTML, else text. */
export async function readDataTransfer(data: DataTransfer): Promise<DropResult> {
  const files = Array.from(data.files);
  if (files.length > 0) return readFiles(files, folderNames(data));
  const uriList = data.getData('text/uri-list');
  if (uriList !== '') return { urls: uriList.split(/\r?\n/).filter((line) => line.trim() !== '' && !line.startsWith('#')), refused: [] };
  const html = data.getData('text/html');
  if (html !== '') return { urls: urlsFromHtml(html), refused: [] };
  return readText(data.getData('text/plain'));
}
