// System dialogs the desk asks for: files to add (URL lists and audio or video), a folder to export
// into. Always attached to the main window (modal on macOS), and a cancel is an answer (null), not
// an error.
import { dialog, type BrowserWindow, type OpenDialogOptions } from 'electron';
import { DROPPABLE_EXTENSIONS } from '#shared/queue/extract';

/**
 * Audio and video the dialog lists: the types the app is associated with (packaging/config.cjs)
 * and the other containers ffprobe's whitelist reads (stt/audio/tools.ts). Only a filter: the desk
 * probes what it is given, and "All files" is one choice away.
 */
export const MEDIA_FILE_EXTENSIONS = [
  'mp3', 'm4a', 'aac', 'wav', 'flac', 'ogg', 'oga', 'opus', 'webm', 'weba', 'mka', 'mp4', 'm4v', 'mov', 'mkv', 'avi', 'wma', 'wmv', 'asf',
  'aif', 'aiff', 'caf', 'amr', '3gp', 'mpg', 'mpeg', 'ts', 'mts', 'm2ts', 'flv', 'ac3', 'au', 'w64',
] as const;

async function open(window: BrowserWindow | undefined, options: OpenDialogOptions): Promise<string[] | null> {
  const result = window === undefined ? await dialog.showOpenDialog(options) : await dialog.showOpenDialog(window, options);
  return result.canceled || result.filePaths.length === 0 ? null : result.filePaths;
}

/** Files for `queue.importFiles`: URL lists give links, audio and video become media jobs. */
export function chooseUrlFiles(window: BrowserWindow | undefined): Promise<string[] | null> {
  return open(window, {
    title: 'Add links or recordings',
    buttonLabel: 'Add',
    properties: ['openFile', 'multiSelections'],
    filters: [
      { name: 'Links and media', extensions: [...DROPPABLE_EXTENSIONS, ...MEDIA_FILE_EXTENSIONS] },
      { name: 'Audio and video', extensions: [...MEDIA_FILE_EXTENSIONS] },
      { name: 'URL lists', extensions: [...DROPPABLE_EXTENSIONS] },
      { name: 'All files', extensions: ['*'] },
    ],
  });
}

export async function chooseFolder(window: BrowserWindow | undefined, options: { title: string; defaultPath: string }): Promise<string | null> {
  const chosen = await open(window, { title: options.title, defaultPath: options.defaultPath, buttonLabel: 'Choose', properties: ['openDirectory', 'createDirectory'] });
  return chosen?.[0] ?? null;
}
