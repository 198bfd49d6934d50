// The export dialog's last choices (format, one file per transcript or a zip, download or folder),
// remembered in this browser's / window's storage so the next export, after a reload too, starts
// from them. Nothing secret: a choice the storage refuses is simply not remembered.
import { isExportFormat, type ExportFormat } from '#shared/format/exportFormats';

const KEY = 'transcript-desk.export-choice';

export interface ExportChoice {
  format: ExportFormat;
  target: 'folder' | 'zip';
  /** The browser build only: download to this browser, or write into a folder on the server's machine. */
  destination: 'download' | 'folder';
}

const DEFAULTS: ExportChoice = { format: 'srt', target: 'folder', destination: 'download' };

export function loadExportChoice(): ExportChoice {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<Record<keyof ExportChoice, unknown>>;
    return {
      format: isExportFormat(stored.format) ? stored.format : DEFAULTS.format,
      target: stored.target === 'zip' ? 'zip' : 'folder',
      destination: stored.destination === 'folder' ? 'folder' : 'download',
    };
  } catch {
    return DEFAULTS;
  }
}

export function saveExportChoice(choice: ExportChoice): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(choice));
  } catch {
    // not remembered
  }
}
