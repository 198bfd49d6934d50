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

export const shell = { openExternal: vi.fn(() => Promise.resolve()) };

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
export const session = { fromPartition: vi.fn(), defaultSession: {} };
export const dialog = { showOpenDialog: vi.fn() };
export const app = { isPackaged: false, on: vi.fn(), getPath: vi.fn(() => '/tmp') };

export default { ipcMain, shell, protocol, safeStorage, webUtils, net, session, dialog, app };
