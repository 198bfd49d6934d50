// System dialogs the desk asks for: URL-list files to import, a folder to export into. Always
// attached to the main window (modal on macOS), and a cancel is an answer (null), not an error.
import { dialog, type BrowserWindow, type OpenDialogOptions } from 'electron';
import { DROPPABLE_EXTENSIONS } from '#shared/queue/extract';

async function open(window: BrowserWindow | undefined, options: OpenDialogOptions): Promise<string[] | null> {
  const result = window === undefined ? await dialog.showOpenDialog(options) : await dialog.showOpenDialog(window, options);
  return result.canceled || result.filePaths.length === 0 ? null : result.filePaths;
}

export function chooseUrlFiles(window: BrowserWindow | undefined): Promise<string[] | null> {
  return open(window, {
    title: 'Import URL lists',
    buttonLabel: 'Import',
    properties: ['openFile', 'multiSelections'],
    filters: [{ name: 'URL lists', extensions: [...DROPPABLE_EXTENSIONS] }],
  });
}

export async function chooseFolder(window: BrowserWindow | undefined, options: { title: string; defaultPath: string }): Promise<string | null> {
  const chosen = await open(window, { title: options.title, defaultPath: options.defaultPath, buttonLabel: 'Choose', properties: ['openDirectory', 'createDirectory'] });
  return chosen?.[0] ?? null;
}
