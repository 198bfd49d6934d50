// The desktop app's composition root: the log file, the keychain, the service on Chromium's
// network stack, the desk over IPC, the window, the menu and the taskbar, in that order; and
// `shutdown`, which undoes them in reverse so podcast jobs stop where they can resume at the next start.
import { join } from 'node:path';
import { app, Menu, session, shell, type BrowserWindow } from 'electron';
import type { AppCommand } from '#shared/contract/host';
import type { PlatformToken } from '#shared/platforms';
import { loadStoredCookies } from '../desk/cookies';
import { createDesk, type CliLaunch, type Desk, type DeskHost } from '../desk/index';
import { RestApiHost } from '../http/restApiHost';
import { registerDeskOnIpcMain } from '../ipc/electronMain';
import { originOf } from '../ipc/register';
import { resolveHome } from '#service/home';
import { openService, type OpenedService } from '#service/open';
import { chooseFolder, chooseUrlFiles } from './dialogs';
import { launchFiles, type LaunchArgsOptions } from './launchArgs';
import { copyConsoleInto, openAppLog } from './logFile';
import { createMainWindow } from './mainWindow';
import { buildMenuTemplate } from './menu';
import { electronTransport } from './net/electronTransport';
import { mirrorCookies, sessionFor } from './net/sessions';
import { canSignIn, openSignInWindow } from './net/signIn';
import { showActivity } from './progress';
import { APP_INDEX_URL, APP_ORIGIN, installAppProtocol } from './protocol';
import { createSecretStore } from './secrets/index';
import { prepareOwnerKey } from './secrets/ownerKey';
import { StoredSecretSettings } from './secrets/settingsSecrets';
import { denyPermissions } from './security';

export interface Desktop {
  /** Shows (or creates and shows) the window. */
  focus(): void;
  /** Hands files given on a command line to the desk: URL lists' links are queued, media files become media jobs. */
  importFiles(paths: readonly string[]): void;
  shutdown(): Promise<void>;
}

/** Where the build put the renderer and the preload (out/renderer, out/preload next to out/main). */
const RENDERER_DIR = join(__dirname, '../renderer');
const PRELOAD = join(__dirname, '../preload/index.js');

/**
 * This install's CLI for Settings ▸ Agents (MCP). Unpackaged (a checkout, `npm start`): this
 * Electron run as Node on the bundle next to this file, so the native modules are the ones the
 * app itself loads. Packaged: the RunAsNode fuse is off (ARCHITECTURE §6), so the app binary
 * cannot run its CLI; the snippet names the npm-installed command and says so.
 */
function cliLaunch(): CliLaunch | undefined {
  if (!app.isPackaged) return { command: process.execPath, args: [join(__dirname, 'cli.js')], env: { ELECTRON_RUN_AS_NODE: '1' } };
  return undefined;
}

/** `argv`: the command line without the executable; `launch` says how to read it (launchArgs.ts). */
export async function startDesktop(argv: readonly string[], launch: LaunchArgsOptions = {}): Promise<Desktop> {
  const home = resolveHome(process.env, app.getPath('userData'));
  const appLog = openAppLog(home);
  const restoreConsole = copyConsoleInto(appLog.logger);
  const log = (line: string) => {
    process.stdout.write(`transcript-desk: ${line}\n`);
    appLog.logger.info(line);
  };
  log(`started ${app.name} ${app.getVersion()} (Electron ${process.versions.electron ?? '?'}, ${process.platform} ${process.arch})`);
  // electron-vite dev serves the renderer itself; only an unpackaged app may load it from there.
  const devUrl = app.isPackaged ? undefined : process.env.ELECTRON_RENDERER_URL;
  const allowedOrigins = [APP_ORIGIN, ...(devUrl === undefined ? [] : [originOf(devUrl) ?? ''])].filter((o) => o !== '');
  const isDeskOrigin = (url: string) => allowedOrigins.includes(originOf(url) ?? '');
  denyPermissions(session.defaultSession, isDeskOrigin);

  const secrets = await createSecretStore({ home });
  if (secrets.problem !== null) log(secrets.problem);
  const ownerKey = await prepareOwnerKey(secrets, home);
  const secretSettings = await StoredSecretSettings.load(secrets);
  const opened: OpenedService = await openService(home, {}, process.env, { ownerKey: ownerKey.keyStore, secretSettings, transport: electronTransport({ sessionFor }) });
  try {
    const settled = await ownerKey.settle(opened.owner.key).catch((error: unknown) => `the owner key could not be stored (${(error as Error).message}); a new one is issued at the next start`);
    if (settled !== null) log(settled);
    const moved = await secretSettings.adoptFromLedger(opened.store).catch((error: unknown) => {
      log(`secret settings stay in the ledger: ${(error as Error).message}`);
      return [];
    });
    if (moved.length > 0) log(`moved ${moved.join(', ')} from the ledger into ${secrets.describe('settings')}`);
    const cookies = await loadStoredCookies(secrets, opened.upstream.cookies).catch(() => []);
    if (cookies.length > 0) log(`imported cookies in use for ${cookies.join(', ')}`);
  } catch (error) {
    await opened.close();
    restoreConsole();
    appLog.close();
    throw error;
  }

  let window: BrowserWindow | undefined;
  const currentWindow = () => (window === undefined || window.isDestroyed() ? undefined : window);

  const host: DeskHost = {
    info: () => ({ kind: 'desktop', dialogs: true, signIn: true, secrets: { backend: secrets.backend, problem: secrets.problem } }),
    chooseUrlFiles: () => chooseUrlFiles(currentWindow()),
    chooseFolder: (options) => chooseFolder(currentWindow(), options),
    openFolder: (path) => shell.openPath(path),
    signIn: (platform: PlatformToken) => Promise.resolve(openSignInWindow(platform, currentWindow())),
    canSignIn,
    secrets,
    cookiesChanged: (platform, list) => mirrorCookies(platform, list),
  };
  const restApi = new RestApiHost(opened.service, { logger: appLog.logger });
  const desk: Desk = createDesk(opened, { home, defaultExportFolder: join(app.getPath('documents'), 'Transcript Desk'), restApi, host, cli: cliLaunch() });
  // Before the window opens: its page and the desk's player both come from app://.
  installAppProtocol(session.defaultSession, RENDERER_DIR, (token) => desk.mediaFile(token));
  const unregisterIpc = registerDeskOnIpcMain({ desk, allowedOrigins, targets: () => [currentWindow()?.webContents].filter((c) => c !== undefined) });

  const resumed = await opened.podcast.resume();
  if (resumed.length > 0) log(`resuming ${resumed.length} podcast episode(s) left processing`);

  const command = (name: AppCommand) => {
    const target = currentWindow();
    if (target === undefined) return;
    target.show();
    target.focus();
    desk.events.emit('app.command', { command: name });
  };
  const openLogFolder = () => {
    void shell.openPath(appLog.folder).then((problem) => {
      if (problem !== '') log(`could not open the log folder ${appLog.folder}: ${problem}`);
    });
  };
  Menu.setApplicationMenu(Menu.buildFromTemplate(buildMenuTemplate({ platform: process.platform, appName: app.name, devTools: !app.isPackaged, command, openLogFolder })));

  const openWindow = () => {
    window = createMainWindow({ home, preload: PRELOAD, url: devUrl ?? APP_INDEX_URL });
  };
  openWindow();
  const stopActivity = await showActivity(desk, currentWindow);

  const importFiles = (paths: readonly string[]) => {
    if (paths.length === 0) return;
    void desk.call('queue.importFiles', { paths: [...paths] }).then((result) => {
      if (!result.ok) return log(`could not import ${paths.join(', ')}: ${result.error.message}`);
      // A file opened with the app that is neither a URL list nor media gets no card: the window
      // shows why (as for a drop), and the log keeps it for a window not open yet.
      desk.events.emit('files.opened', result.value);
      for (const file of [...result.value.files, ...(result.value.media?.files ?? [])]) {
        if (file.error !== null) log(`could not open ${file.name}: ${file.error}`);
      }
    });
  };
  importFiles(launchFiles(argv, process.cwd(), launch));

  let closing: Promise<void> | undefined;
  return {
    focus() {
      const target = currentWindow();
      if (target === undefined) return openWindow();
      if (target.isMinimized()) target.restore();
      target.show();
      target.focus();
    },
    importFiles,
    shutdown() {
      closing ??= (async () => {
        stopActivity();
        unregisterIpc();
        await desk.close();
        // Podcast work stops between chunks; the jobs stay `processing` and resume at the next start.
        await opened.podcast.close();
        await opened.close();
        log('stopped');
        restoreConsole();
        appLog.close();
      })();
      return closing;
    },
  };
}
