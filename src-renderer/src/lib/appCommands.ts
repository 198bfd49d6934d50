// The desktop app's side of the desk: menu commands from the main process, and URL-list files
// the main process reads itself (dropped files by path, or its open dialog).
import type { AppCommand, ImportFilesOutput } from '../../../src-shared/contract/host';
import { describeMalformed } from '../../../src-shared/queue/malformed';
import { useApp } from '../stores/app';
import { desk } from './desk';
import { deskErrorOf } from '../../../src-shared/contract/result';
import { plural } from './format';

function report(result: ImportFilesOutput): void {
  const notify = useApp.getState().notify;
  for (const file of result.files) if (file.error !== null) notify('error', `${file.name}: ${file.error}`);
  const malformed = describeMalformed(result.malformed ?? []);
  if (result.links === 0) {
    if (malformed !== null) notify('error', `No links added: ${malformed}`);
    else if (result.files.every((f) => f.error === null)) notify('error', 'No links found in the file');
    return;
  }
  const parts = [plural(result.added, 'new item')];
  if (result.invalid > 0) parts.push(`${result.invalid} invalid`);
  if (result.folded > 0) parts.push(`${plural(result.folded, 'duplicate')} folded`);
  notify('info', `${plural(result.links, 'link')}: ${parts.join(', ')}${malformed === null ? '' : `. ${malformed}`}`);
}

/** Queues the links of files the main process reads: these paths, or the ones its open dialog returns. */
export async function importUrlFiles(paths?: string[]): Promise<void> {
  try {
    report(await desk().invoke('queue.importFiles', paths === undefined ? {} : { paths }));
  } catch (error) {
    const { code, message } = deskErrorOf(error);
    if (code !== 'cancelled') useApp.getState().notify('error', message);
  }
}

/** Paths of dropped files where the host can give them (the desktop app), else null. */
export function droppedPaths(files: readonly File[]): string[] | null {
  const api = desk();
  if (api.pathForFile === undefined || files.length === 0) return null;
  const paths = files.map((file) => api.pathForFile?.(file) ?? '').filter((path) => path !== '');
  return paths.length === files.length ? paths : null;
}

export function runAppCommand(command: AppCommand): void {
  const app = useApp.getState();
  switch (command) {
    case 'import-urls':
      app.setTab('queue');
      void importUrlFiles();
      return;
    case 'export':
      app.setTab('queue');
      // The queue view takes the request when it mounts, or at once when it shows already.
      app.requestExport();
      return;
    case 'settings':
      app.setTab('settings');
      return;
  }
}
