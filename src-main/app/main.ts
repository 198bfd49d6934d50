// Electron entry. For now it hosts the service and shows the placeholder renderer; the shell issue
// adds the app:// scheme, IPC, menus, the keychain and packaging.
import { join } from 'node:path';
import { app, BrowserWindow } from 'electron';
import { resolveHome } from '../service/home';
import { openService } from '../service/open';

function createWindow(): void {
  const window = new BrowserWindow({
    width: 1200,
    height: 800,
    webPreferences: {
      preload: join(__dirname, '../preload/index.js'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
    },
  });
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }));
  const devUrl = process.env.ELECTRON_RENDERER_URL;
  if (devUrl !== undefined) void window.loadURL(devUrl);
  else void window.loadFile(join(__dirname, '../renderer/index.html'));
}

app
  .whenReady()
  .then(() => {
    const opened = openService(resolveHome(process.env, app.getPath('userData')));
    app.on('will-quit', () => opened.close());
    createWindow();
  })
  .catch((error: unknown) => {
    console.error('Transcript Desk could not start:', error);
    app.exit(1);
  });

app.on('window-all-closed', () => app.quit());
