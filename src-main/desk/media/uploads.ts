// The browser build's uploads: copies the service made in `<home>/uploads`, kept while their
// transcript is in the library (the player reads them) and deleted with it. A file the person
// dropped on the desktop app is theirs, never ours to delete.
import { realpath } from 'node:fs/promises';
import { isAbsolute, relative } from 'node:path';
import { LOCAL_PLATFORM } from '#shared/platforms';
import { localBodyOf } from '#service/localTranscripts';
import type { Store } from '#service/store/port';

const isInside = (folder: string, path: string) => {
  const rel = relative(folder, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel);
};

/** The upload copies behind these library entries. */
export async function uploadedFilesOf(store: Store, ids: readonly number[], uploadsDir: string): Promise<string[]> {
  const files: string[] = [];
  // Library paths are real paths (localTranscripts.ts): compare with the folder's.
  const folder = await realpath(uploadsDir).catch(() => uploadsDir);
  for (const id of ids) {
    const row = await store.library.get(id);
    if (row?.platform !== LOCAL_PLATFORM) continue;
    const cached = await store.cache.get(LOCAL_PLATFORM, row.refKey);
    const body = cached === undefined ? undefined : localBodyOf(cached);
    if (body !== undefined && isInside(folder, body.file.path)) files.push(body.file.path);
  }
  return files;
}
