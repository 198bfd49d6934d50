// `queue.importFiles`: the links of URL-list files on this machine, queued like a drop.
import type { ImportFilesOutput } from '#shared/contract/host';
import { MAX_ENQUEUE } from '#shared/contract/queue';
import type { DeskQueue } from './index';
import { readUrlFiles } from './urlFiles';

export async function importUrlFiles(queue: DeskQueue, paths: readonly string[]): Promise<ImportFilesOutput> {
  const files = await readUrlFiles(paths);
  const urls = files.flatMap((f) => f.urls);
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
  return { files: files.map((f) => ({ name: f.name, links: f.urls.length, error: f.error })), links: urls.length, added, invalid, folded, malformed };
}
