// Reading a source page by page until it ends, or until enough is read: the newest N asked for,
// the since-date passed (sources are newest first, so nothing older can follow), or
// MAX_SOURCE_ITEMS. A page that fails after others were read keeps what was read and says why.
import { MAX_SOURCE_ITEMS, type SourceItem } from '#shared/contract/sources';
import type { ExpandFailure } from './index';

export type PageRead = { ok: true; title: string; items: SourceItem[]; next: string | undefined } | { ok: false; failure: ExpandFailure };
export type ReadPage = (cursor: string | undefined, signal?: AbortSignal) => Promise<PageRead>;

export interface PageReader {
  read: ReadPage;
  /** The list is newest first, so a since-date can stop the paging (a playlist's own order cannot). */
  newestFirst?: boolean;
}

export interface Collected {
  title: string;
  items: SourceItem[];
  complete: boolean;
  note: string | null;
}

/** More pages than this is a loop (a token that keeps coming back), not a list. */
const MAX_PAGES = 1000;

export async function collectPages(reader: PageReader, limits: { newest?: number; since?: number }, signal?: AbortSignal): Promise<{ ok: true; collected: Collected } | { ok: false; failure: ExpandFailure }> {
  const wanted = Math.min(limits.newest ?? MAX_SOURCE_ITEMS, MAX_SOURCE_ITEMS);
  const items: SourceItem[] = [];
  const seen = new Set<string>();
  const tokens = new Set<string>();
  let title = '';
  let cursor: string | undefined;
  for (let pages = 0; pages < MAX_PAGES; pages++) {
    const page = await reader.read(cursor, signal);
    if (!page.ok) {
      if (items.length === 0) return page;
      return { ok: true, collected: { title, items, complete: false, note: `Only the first ${items.length} items could be read: ${page.failure.message}` } };
    }
    title = page.title;
    let passedSince = false;
    for (const item of page.items) {
      // A video twice in a playlist is one item to transcribe.
      if (seen.has(item.url)) continue;
      seen.add(item.url);
      if (limits.since !== undefined && item.publishedAt !== null && item.publishedAt < limits.since) {
        passedSince = reader.newestFirst === true;
        continue;
      }
      items.push(item);
      if (items.length >= wanted) {
        const more = page.next !== undefined || page.items.indexOf(item) < page.items.length - 1;
        const reason = wanted === limits.newest ? `the newest ${wanted} were asked for` : `a source is read up to ${MAX_SOURCE_ITEMS} items`;
        return { ok: true, collected: { title, items, complete: !more, note: more ? `Stopped after ${wanted} items: ${reason}` : null } };
      }
    }
    if (page.next === undefined || passedSince) return { ok: true, collected: { title, items, complete: true, note: null } };
    if (tokens.has(page.next)) return { ok: true, collected: { title, items, complete: false, note: 'The site kept answering with the same page; stopped there' } };
    tokens.add(page.next);
    cursor = page.next;
  }
  return { ok: true, collected: { title, items, complete: false, note: `Stopped after ${MAX_PAGES} pages` } };
}
