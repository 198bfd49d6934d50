// The application menu: File (Open Links or Recordings…, Export…, Settings), the standard Edit, View
// and Window menus by role so they behave as the OS expects (copy/paste, zoom, full screen), and
// Help (Open Log Folder, for whoever helps a user: logFile.ts).
import type { MenuItemConstructorOptions } from 'electron';
import type { AppCommand } from '#shared/contract/host';

export interface MenuOptions {
  platform: NodeJS.Platform;
  appName: string;
  /** Development builds keep the developer tools in the View menu. */
  devTools: boolean;
  command(command: AppCommand): void;
  /** Shows the folder of the app's log file in the system's file manager. */
  openLogFolder(): void;
}

export function buildMenuTemplate(options: MenuOptions): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin';
  const settings: MenuItemConstructorOptions = { label: mac ? 'Settings…' : 'Settings', accelerator: 'CmdOrCtrl+,', click: () => options.command('settings') };
  const file: MenuItemConstructorOptions = {
    label: 'File',
    submenu: [
      { label: 'Open Links or Recordings…', accelerator: 'CmdOrCtrl+O', click: () => options.command('import-urls') },
      { label: 'Export…', accelerator: 'CmdOrCtrl+Shift+E', click: () => options.command('export') },
      ...(mac ? [] : [{ type: 'separator' } as const, settings, { type: 'separator' } as const, { role: 'quit' } as const]),
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: 'View',
    submenu: [
      ...(options.devTools ? [{ role: 'reload' } as const, { role: 'toggleDevTools' } as const, { type: 'separator' } as const] : []),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };
  const appMenu: MenuItemConstructorOptions = {
    label: options.appName,
    submenu: [{ role: 'about' }, { type: 'separator' }, settings, { type: 'separator' }, { role: 'services' }, { type: 'separator' }, { role: 'hide' }, { role: 'hideOthers' }, { role: 'unhide' }, { type: 'separator' }, { role: 'quit' }],
  };
  // The `help` role puts macOS's search field on top; elsewhere it is a plain menu.
  const help: MenuItemConstructorOptions = { role: 'help', submenu: [{ label: 'Open Log Folder', click: () => options.openLogFolder() }] };
  return [...(mac ? [appMenu] : []), file, { role: 'editMenu' }, view, { role: 'windowMenu' }, help];
}
