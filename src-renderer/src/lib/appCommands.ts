// The desktop app's side of the desk: menu commands from the main process, and files the main
// process reads itself (dropped files by path, or its open dialog): URL lists, audio and video
// (local media jobs), folders (counted, then offered).
import type { AppCommand, ImportFilesOutput } from '#shared/contract/host';
import { deskErrorOf } from '#shared/contract/result';
import { detectSource } from '#shared/sources/detect';
import { useApp } from '../stores/app';
import { useSources } from '../stores/sources';
import { useMediaIntake } from '../stores/mediaIntake';
import { desk } from './desk';
import { summarizeIntake } from './intakeSummary';

/** What became of files handed to the main process: a drop's answer, or files the app was opened with (`files.opened`). */
export function reportImportedFiles(result: ImportFilesOutput): void {
  const notify = useApp.getState().notify;
  for (const file of result.files) if (file.error !== null) notify('error', `${file.name}: ${file.error}`);
  // Media files and folders speak in the media panel (jobs, refusals with their reason, a folder's question).
  if (result.media !== undefined) {
    useMediaIntake.getState().begin();
    useMediaIntake.getState().take(result.media);
  }
  // Sources among the links open their pickers one after the other, as a pasted playlist does.
  if (result.sources !== undefined && result.sources.length > 0) useSources.getState().pick(result.sources.map((url) => ({ url, kind: detectSource(url)?.kind ?? null })));
  // A file that could not be read has said so above; "no links found" is for URL lists that were read.
  const read = result.files.length > 0 && result.files.every((f) => f.error === null);
  const notice = summarizeIntake(result, result.malformed, read ? 'No links found in the file' : null);
  if (notice !== null) notify(notice.kind, notice.text);
}

/** Hands files to the main process: these paths, or the ones its open dialog returns. */
export async function importFiles(paths?: string[]): Promise<void> {
  try {
    reportImportedFiles(await desk().invoke('queue.importFiles', paths === undefined ? {} : { paths }));
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
      void importFiles();
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
