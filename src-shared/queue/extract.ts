// Links out of whatever a user drops or pastes: a list, a CSV, Markdown, an e-mail. linkify-it
// finds them (with or without https://); HTML is read by the renderer's DOMParser first.
import { LinkifyIt } from 'linkify-it';

// Fuzzy links on: people paste `youtu.be/…` and `www.tiktok.com/…` without a scheme.
const linkify = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: false });

/** The URLs in `text`, in order of appearance (duplicates kept: folding them is the queue's job). */
export function extractUrls(text: string): string[] {
  const matches = linkify.match(text) ?? [];
  // A fuzzy match (`youtu.be/abc`) keeps its raw text: the URL rules add https://, not linkify's http://.
  return matches.filter((m) => m.schema === '' || m.schema === 'http:' || m.schema === 'https:' || m.schema === '//').map((m) => (m.schema === '' ? m.raw : m.url));
}

/** File types the drop zone reads (by extension; browsers report MIME types unreliably for these). */
export const DROPPABLE_EXTENSIONS = ['txt', 'csv', 'md', 'markdown', 'html', 'htm', 'url', 'tsv'] as const;

export function droppableExtension(fileName: string): (typeof DROPPABLE_EXTENSIONS)[number] | undefined {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  return (DROPPABLE_EXTENSIONS as readonly string[]).includes(ext ?? '') ? (ext as (typeof DROPPABLE_EXTENSIONS)[number]) : undefined;
}
