// URLs out of a drop or a paste: files (.txt .csv .md .html …), dragged links, HTML and text.
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
}

/** The links of plain text, and the link-like tokens that are not links. */
export function readText(text: string): DropResult {
  return { urls: extractUrls(text), refused: [], malformed: findMalformedLinks(text) };
}

const MAX_FILE_BYTES = 20 * 1024 * 1024;

export async function readFiles(files: readonly File[]): Promise<DropResult> {
  const urls: string[] = [];
  const refused: string[] = [];
  const malformed: string[] = [];
  for (const file of files) {
    const ext = droppableExtension(file.name);
    if (ext === undefined) {
      refused.push(`${file.name}: only .txt, .csv, .md and .html files are read`);
      continue;
    }
    if (file.size > MAX_FILE_BYTES) {
      refused.push(`${file.name}: larger than 20 MB`);
      continue;
    }
    const text = await file.text();
    urls.push(...(ext === 'html' || ext === 'htm' ? urlsFromHtml(text) : extractUrls(text)));
    malformed.push(...findMalformedLinks(text));
  }
  return { urls, refused, malformed: [...new Set(malformed)] };
}

/** What a drag carried: files first, else the link list, else HTML, else text. */
export async function readDataTransfer(data: DataTransfer): Promise<DropResult> {
  const files = Array.from(data.files);
  if (files.length > 0) return readFiles(files);
  const uriList = data.getData('text/uri-list');
  if (uriList !== '') return { urls: uriList.split(/\r?\n/).filter((line) => line.trim() !== '' && !line.startsWith('#')), refused: [] };
  const html = data.getData('text/html');
  if (html !== '') return { urls: urlsFromHtml(html), refused: [] };
  return readText(data.getData('text/plain'));
}
