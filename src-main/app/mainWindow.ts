// The desk's window: the security baseline's webPreferences, the app:// page (or the dev server's
// in development), and its size and place remembered between starts.
import { BrowserWindow, screen } from 'electron';
import { reloadAfterRendererCrash } from './rendererRecovery';
import { mainWindowPreferences } from './security';
import { DEFAULT_SIZE, loadWindowState, saveWindowState, windowStateFile } from './windowState';

export interface MainWindowOptions {
  home: string;
  preload: string;
  url: string;
}

export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const file = windowStateFile(options.home);
  const saved = loadWindowState(
    file,
    screen.getAllDisplays().map((d) => d.workArea),
  );
  const window = new BrowserWindow({
    ...(saved === undefined ? DEFAULT_SIZE : { x: saved.x, y: saved.y, width: saved.width, height: saved.height }),
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'Transcript Desk',
    backgroundColor: '#1e1f22',
    webPreferences: mainWindowPreferences(options.preload),
  });
  if (saved?.maximized === true) window.maximize();
  window.once('ready-to-show', () => window.show());

  const save = () => {
    if (window.isDestroyed() || window.isMinimized()) return;
    const bounds = window.getNormalBounds();
    try {
      saveWindowState(file, { ...bounds, maximized: window.isMaximized() });
    } catch (error) {
      console.warn('transcript-desk: the window state could not be saved:', error);
    }
  };
  window.on('close', save);
  reloadAfterRendererCrash(window, options.url, (line) => process.stdout.write(`transcript-desk: ${line}\n`));
  void window.loadURL(options.url);
  return window;
}
