// The fallback when the keychain cannot be reached through keytar: values encrypted with
// Electron's safeStorage (which holds its key in the OS keychain or DPAPI) in one file of the data
// home. On Linux safeStorage may have only its `basic_text` backend, a key written in Chromium's
// source: that is plain text by another name, so it is refused like no encryption at all.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { safeStorage } from 'electron';
import { z } from 'zod';
import { SecretStoreError, type SecretStore } from '#service/secrets';

export const secretsFile = (home: string) => join(home, 'secrets.safestorage.json');

const fileSchema = z.object({ version: z.literal(1), entries: z.record(z.string(), z.string()) });

/** Why safeStorage cannot keep secrets here, or null when it can. Call after the app is ready. */
export function safeStorageProblem(platform: NodeJS.Platform = process.platform): string | null {
  if (!safeStorage.isEncryptionAvailable()) return 'Electron safeStorage has no encryption available on this system';
  if (platform === 'linux') {
    const backend = safeStorage.getSelectedStorageBackend();
    if (backend === 'basic_text' || backend === 'unknown') return `Electron safeStorage would use its "${backend}" backend, which is not encryption with a key of this machine (no Secret Service or KWallet)`;
  }
  return null;
}

export class SafeStorageSecretStore implements SecretStore {
  readonly backend = 'safeStorage' as const;
  private readonly file: string;

  constructor(
    home: string,
    readonly problem: string | null,
  ) {
    this.file = secretsFile(home);
  }

  describe(name: string): string {
    return `${this.file} (${name}, encrypted with Electron safeStorage)`;
  }

  get(name: string): Promise<string | null> {
    const blob = this.read()[name];
    if (blob === undefined) return Promise.resolve(null);
    try {
      return Promise.resolve(safeStorage.decryptString(Buffer.from(blob, 'base64')));
    } catch (error) {
      return Promise.reject(new SecretStoreError(`${name} could not be decrypted (was the OS keychain reset?): ${(error as Error).message}`, { cause: error }));
    }
  }

  set(name: string, value: string): Promise<void> {
    const problem = safeStorageProblem();
    if (problem !== null) return Promise.reject(new SecretStoreError(`${name} was not stored: ${problem}`));
    const entries = this.read();
    entries[name] = safeStorage.encryptString(value).toString('base64');
    this.write(entries);
    return Promise.resolve();
  }

  delete(name: string): Promise<void> {
    const entries = this.read();
    if (Object.hasOwn(entries, name)) {
      delete entries[name];
      this.write(entries);
    }
    return Promise.resolve();
  }

  private read(): Record<string, string> {
    if (!existsSync(this.file)) return {};
    try {
      const parsed = fileSchema.safeParse(JSON.parse(readFileSync(this.file, 'utf8')));
      return parsed.success ? { ...parsed.data.entries } : {};
    } catch {
      return {};
    }
  }

  /** Whole-file replace under a temporary name, mode 0600 (the values are encrypted; the names need not be public either). */
  private write(entries: Record<string, string>): void {
    const temp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify({ version: 1, entries }), { mode: 0o600 });
    renameSync(temp, this.file);
  }
}
