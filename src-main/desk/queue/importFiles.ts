// `queue.importFiles`: the links of URL-list files on this machine, queued like a drop.
import type { ImportFilesOutput } from '#shared/contract/host';
import { MAX_ENQUEUE } from '#shared/contract/queue';
import { detectSource } from '#shared/sources/detect';
import { parseAny } from '#shared/url/parse';
import type { DeskQueue } from './index';
import { readUrlFiles } from './urlFiles';

/** Pickers a list may open at most: a file of 5,000 channel links is not 5,000 dialogs (the rest are queued and say what they are). */
const MAX_SOURCES = 20;

export async function importUrlFiles(queue: DeskQueue, paths: readonly string[]): Promise<ImportFilesOutput> {
  const files = await readUrlFiles(paths);
  // A source among the links (a playlist …) is not queued as an invalid row: the renderer opens its picker, as for a paste.
  const sources = new Set<string>();
  const urls = files
    .flatMap((f) => f.urls)
    .filter((url) => {
      const source = parseAny(url).ok || sources.size >= MAX_SOURCES ? undefined : detectSource(url);
      if (source === undefined) return true;
      sources.add(source.url);
      return false;
    });
  let added = 0;
  let invalid = 0;
  let folded = 0;
  // In slices the contract accepts, like the renderer's enqueue.
  for (let i = 0; i < urls.length; i += MAX_ENQUEUE) {
    const slice = urls.slice(i, i + MAX_ENQUEUE);
    const result = await queue.enqueue(slice.map((url) => ({ url })));
    folded += result.folded;
    added += slice.length - result.folded;
    invalid += result.items.filter((item) => item.status === 'invalid' && item.count === 1).length;
  }
  const malformed = [...new Set(files.flatMap((f) => f.malformed))];
  return { files: files.map((f) => ({ name: f.name, links: f.urls.length, error: f.error })), links: urls.length, added, invalid, folded, malformed, ...(sources.size === 0 ? {} : { sources: [...sources] }) };
}
