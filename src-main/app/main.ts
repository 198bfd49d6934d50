// Electron entry: one instance per user (a second launch hands its files to the first and
// focuses it), the app:// scheme registered before ready, the security baseline on every window
// and session, then the desktop app (desktop.ts). Quitting waits for the service to wind down.
import { app, dialog } from 'electron';
import { originOf } from '../ipc/register';
import { keepNewFilesPrivate } from '#service/home';
import { startDesktop, type Desktop } from './desktop';
import { launchFiles } from './launchArgs';
import { APP_ORIGIN, registerAppScheme } from './protocol';
import { installSecurityBaseline } from './security';

/** Longest wait for the service to stop before quitting anyway (a stuck ffmpeg must not keep the app alive). */
const SHUTDOWN_LIMIT_MS = 15_000;

// Before anything creates a file: the data home (and Chromium's files in userData) stay the user's own.
keepNewFilesPrivate();
registerAppScheme();
const devOrigin = app.isPackaged ? undefined : originOf(process.env.ELECTRON_RENDERER_URL ?? '');
installSecurityBaseline(app, (url) => {
  const origin = originOf(url);
  return origin === APP_ORIGIN || (devOrigin !== undefined && origin === devOrigin);
});

if (!app.requestSingleInstanceLock()) {
  // The first instance gets our command line through 'second-instance'.
  app.quit();
} else {
  let desktop: Desktop | undefined;
  let quitting: 'no' | 'closing' | 'done' = 'no';

  app.on('second-instance', (_event, argv, workingDirectory) => {
    desktop?.focus();
    // In development the app's path follows the executable (`electron <app>`).
    desktop?.importFiles(launchFiles(argv.slice(1), workingDirectory, { appPathFirst: process.defaultApp === true }));
  });
  // macOS: files dropped on the dock icon or opened with the app.
  app.on('open-file', (event, path) => {
    event.preventDefault();
    desktop?.importFiles(launchFiles([path], '/'));
  });
  app.on('activate', () => desktop?.focus());
  // The service keeps running on macOS with no window (podcast jobs go on); elsewhere closing the window quits.
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('before-quit', (event) => {
    if (quitting === 'done' || desktop === undefined) return;
    event.preventDefault();
    if (quitting === 'closing') return;
    quitting = 'closing';
    const limit = new Promise<void>((resolve) => setTimeout(resolve, SHUTDOWN_LIMIT_MS).unref());
    void Promise.race([desktop.shutdown(), limit])
      .catch((error: unknown) => console.error('transcript-desk: shutting down failed:', error))
      .finally(() => {
        quitting = 'done';
        app.quit();
      });
  });

  app
    .whenReady()
    .then(async () => {
      desktop = await startDesktop(process.argv.slice(1), { appPathFirst: process.defaultApp === true });
    })
    .catch((error: unknown) => {
      console.error('Transcript Desk could not start:', error);
      dialog.showErrorBox('Transcript Desk could not start', error instanceof Error ? error.message : String(error));
      app.exit(1);
    });
}
