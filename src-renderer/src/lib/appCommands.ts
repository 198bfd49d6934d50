// The desktop app's side of the desk: menu commands from the main process, and URL-list files
// the main process reads itself (dropped files by path, or its open dialog).
import type { AppCommand, ImportFilesOutput } from '#shared/contract/host';
import { deskErrorOf } from '#shared/contract/result';
import { useApp } from '../stores/app';
import { desk } from './desk';
import { summarizeIntake } from './intakeSummary';

function report(result: ImportFilesOutput): void {
  const notify = useApp.getState().notify;
  for (const file of result.files) if (file.error !== null) notify('error', `${file.name}: ${file.error}`);
  // A file that could not be read has said so above; "no links found" is for files that were read.
  const notice = summarizeIntake(result, result.malformed, result.files.every((f) => f.error === null) ? 'No links found in the file' : null);
  if (notice !== null) notify(notice.kind, notice.text);
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
