// A stand-in for the `electron` module in unit tests (Electron's binary cannot be downloaded here).
// Tests do `vi.mock('electron', () => import('../../helpers/electronMock'))` and inspect these
// objects. safeStorage encrypts for real (AES-256-GCM with a key made per run), so "the file holds
// no plain text" is a real check; its availability and backend are switchable per test.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { vi } from 'vitest';

type Handler = (event: unknown, ...args: unknown[]) => Promise<unknown>;

export const ipcMain = {
  handlers: new Map<string, Handler>(),
  handle: vi.fn((channel: string, handler: Handler) => {
    if (ipcMain.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
    ipcMain.handlers.set(channel, handler);
  }),
  removeHandler: vi.fn((channel: string) => void ipcMain.handlers.delete(channel)),
};

export const shell = { openExternal: vi.fn(() => Promise.resolve()), openPath: vi.fn((_path: string) => Promise.resolve('')) };

export const protocol = { registerSchemesAsPrivileged: vi.fn() };

const key = randomBytes(32);
export const safeStorageState = { available: true, backend: 'gnome_libsecret' as string };
export const safeStorage = {
  isEncryptionAvailable: () => safeStorageState.available,
  getSelectedStorageBackend: () => safeStorageState.backend,
  encryptString(text: string): Buffer {
    if (!safeStorageState.available) throw new Error('Encryption is not available.');
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  },
  decryptString(blob: Buffer): string {
    const decipher = createDecipheriv('aes-256-gcm', key, blob.subarray(0, 12));
    decipher.setAuthTag(blob.subarray(12, 28));
    return Buffer.concat([decipher.update(blob.subarray(28)), decipher.final()]).toString('utf8');
  },
};

export const webUtils = { getPathForFile: vi.fn(() => '') };
export const net = { request: vi.fn() };

/** A session as far as the shell uses one: permission handlers and the app:// handler are kept for inspection. */
export function fakeSession() {
  return {
    permissionRequest: undefined as unknown,
    protocolHandlers: new Map<string, (request: Request) => Promise<Response>>(),
    setPermissionRequestHandler(handler: unknown) {
      this.permissionRequest = handler;
    },
    setPermissionCheckHandler: vi.fn(),
    setDevicePermissionHandler: vi.fn(),
    resolveHost: vi.fn(),
    getUserAgent: () => 'Mozilla/5.0 Chrome/140.0.0.0 Electron/45.4.1 Safari/537.36',
    get protocol() {
      const handlers = this.protocolHandlers;
      return { handle: (scheme: string, handler: (request: Request) => Promise<Response>) => void handlers.set(scheme, handler) };
    },
  };
}
export const session = { fromPartition: vi.fn(() => fakeSession()), defaultSession: fakeSession() };
export const dialog = { showOpenDialog: vi.fn(), showErrorBox: vi.fn() };
export const app = { isPackaged: false, name: 'Transcript Desk', getVersion: () => '0.0.0-test', on: vi.fn(), getPath: vi.fn((_name: string) => '/tmp') };
export const screen = { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] };
/** Menus set as the application menu, newest last (plain records: vitest clears vi.fn calls between hooks and tests). */
export const appMenus: unknown[][] = [];
export const Menu = { buildFromTemplate: (template: unknown[]) => ({ template }), setApplicationMenu: (menu: { template: unknown[] }) => void appMenus.push(menu.template) };
// A function, not an arrow: the code under test calls it with `new`.
export const Notification = Object.assign(
  vi.fn(function () {
    return { show: vi.fn() };
  }),
  { isSupported: () => true },
);

/** Windows the code under test created, newest last. */
export const windows: FakeWindow[] = [];

export class FakeWindow {
  readonly options: Record<string, unknown>;
  readonly loaded: string[] = [];
  readonly progress: number[] = [];
  readonly sent: unknown[][] = [];
  destroyed = false;
  private readonly contentsListeners = new Map<string, ((...args: unknown[]) => void)[]>();
  readonly webContents = {
    send: (...args: unknown[]) => void this.sent.push(args),
    isDestroyed: () => this.destroyed,
    on: (name: string, listener: (...args: unknown[]) => void) => void this.contentsListeners.set(name, [...(this.contentsListeners.get(name) ?? []), listener]),
    /** What Electron would fire on the page's webContents (render-process-gone …). */
    emit: (name: string, ...args: unknown[]) => {
      for (const listener of this.contentsListeners.get(name) ?? []) listener(...args);
    },
  };
  private readonly listeners = new Map<string, ((...args: unknown[]) => void)[]>();
  constructor(options: Record<string, unknown>) {
    this.options = options;
    windows.push(this);
  }
  on(name: string, listener: (...args: unknown[]) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
    return this;
  }
  once(name: string, listener: (...args: unknown[]) => void) {
    return this.on(name, listener);
  }
  emit(name: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(name) ?? []) listener(...args);
  }
  loadURL(url: string) {
    this.loaded.push(url);
    return Promise.resolve();
  }
  setProgressBar(value: number) {
    this.progress.push(value);
  }
  isDestroyed = () => this.destroyed;
  isFocused = () => false;
  isMinimized = () => false;
  isMaximized = () => false;
  getNormalBounds = () => ({ x: 10, y: 20, width: 1200, height: 800 });
  maximize = vi.fn();
  show = vi.fn();
  focus = vi.fn();
  restore = vi.fn();
}
export const BrowserWindow = FakeWindow;

export default { ipcMain, shell, protocol, safeStorage, webUtils, net, session, dialog, app, screen, Menu, Notification, BrowserWindow };

/**
 * Points the app at a test data home: its ledger and Electron's paths under `dir`, safeStorage
 * available, and never the developer's own keychain (keytar finds no session bus and the app falls
 * back). Quiets the app's stdout. The caller restores process.env and the mocks afterwards.
 */
export function useDesktopHome(dir: string): void {
  process.env.DBUS_SESSION_BUS_ADDRESS = 'unix:path=/nonexistent/bus';
  process.env.TRANSCRIPT_DESK_HOME = dir;
  safeStorageState.available = true;
  safeStorageState.backend = 'gnome_libsecret';
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  app.getPath.mockImplementation((name: string) => `${dir}/${name}`);
}
