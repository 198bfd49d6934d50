// The one place in the main process that touches Electron's ipcMain: it hands it to the
// electron-agnostic registration (register.ts). The lint rule keeps raw ipcMain out of every other
// file, so every IPC channel the app answers is one of the contract's, origin-checked.
import { ipcMain } from 'electron';
import { registerDeskIpc, type DeskIpcOptions } from './register';

export function registerDeskOnIpcMain(options: Omit<DeskIpcOptions, 'ipcMain'>): () => void {
  return registerDeskIpc({ ...options, ipcMain });
}
