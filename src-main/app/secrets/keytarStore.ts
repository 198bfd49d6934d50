// Secrets in the OS keychain through keytar (macOS Keychain, Windows Credential Manager, the
// Secret Service on Linux). Entries are named per data home, so two homes never share a secret.
import { createRequire } from 'node:module';
import type { SecretStore } from '#service/secrets';
import { SecretStoreError } from '#service/secrets';

export const KEYCHAIN_SERVICE = 'Transcript Desk';

/** The part of keytar this store uses (tests hand in a failing one). */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/**
 * keytar's native module, or a rejection saying why it cannot load (not built, wrong ABI, missing
 * libsecret). `require` rather than `import()`: Electron's require finds a native module that the
 * package unpacked from the asar archive.
 */
export function loadKeytar(): Promise<KeytarLike> {
  try {
    return Promise.resolve(createRequire(__filename)('keytar') as KeytarLike);
  } catch (error) {
    return Promise.reject(error instanceof Error ? error : new Error(String(error)));
  }
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Windows' Credential Manager holds at most 2,560 bytes per entry; a platform's cookies can be more.
 * Longer values are split over `<name>#1`, `<name>#2` … and the entry itself says how many.
 */
export const WINDOWS_MAX_VALUE = 2000;
// Keychains store C strings (a NUL would cut the value), so the marker is plain text no real secret starts with.
const CHUNKED = 'transcript-desk-chunks:';

export class KeytarSecretStore implements SecretStore {
  readonly backend = 'keychain' as const;

  constructor(
    private readonly keytar: KeytarLike,
    /** The data home: entries are `<name>@<home>`. */
    private readonly scope: string,
    readonly problem: string | null = null,
    private readonly maxValue: number = process.platform === 'win32' ? WINDOWS_MAX_VALUE : Infinity,
  ) {}

  /** Where a secret lives, in words a user can look up in their keychain app. */
  describe(name: string): string {
    return `the OS keychain ("${KEYCHAIN_SERVICE}", ${this.account(name)})`;
  }

  /** Throws when the keychain cannot be reached (no D-Bus session, locked and refused …). */
  async probe(): Promise<void> {
    await this.keytar.getPassword(KEYCHAIN_SERVICE, this.account('probe'));
  }

  async get(name: string): Promise<string | null> {
    const value = await this.read(name);
    if (value === null || !value.startsWith(CHUNKED)) return value;
    const pieces: string[] = [];
    for (let i = 1; i <= Number(value.slice(CHUNKED.length)); i++) {
      const piece = await this.read(`${name}#${i}`);
      if (piece === null) throw new SecretStoreError(`${name} is incomplete in the keychain (part ${i} is missing)`);
      pieces.push(piece);
    }
    return pieces.join('');
  }

  async set(name: string, value: string): Promise<void> {
    const old = await this.read(name).catch(() => null);
    if (value.length <= this.maxValue) {
      await this.write(name, value);
    } else {
      const count = Math.ceil(value.length / this.maxValue);
      for (let i = 1; i <= count; i++) await this.write(`${name}#${i}`, value.slice((i - 1) * this.maxValue, i * this.maxValue));
      await this.write(name, `${CHUNKED}${count}`);
    }
    await this.dropPieces(name, old, value.length <= this.maxValue ? 0 : Math.ceil(value.length / this.maxValue));
  }

  async delete(name: string): Promise<void> {
    const old = await this.read(name);
    await this.remove(name);
    await this.dropPieces(name, old, 0);
  }

  /** Removes the pieces of an earlier, longer value beyond the `keep` the new one uses. */
  private async dropPieces(name: string, old: string | null, keep: number): Promise<void> {
    if (old === null || !old.startsWith(CHUNKED)) return;
    for (let i = keep + 1; i <= Number(old.slice(CHUNKED.length)); i++) await this.remove(`${name}#${i}`);
  }

  private async read(name: string): Promise<string | null> {
    try {
      return await this.keytar.getPassword(KEYCHAIN_SERVICE, this.account(name));
    } catch (error) {
      throw new SecretStoreError(`The keychain could not be read: ${message(error)}`, { cause: error });
    }
  }

  private async write(name: string, value: string): Promise<void> {
    try {
      await this.keytar.setPassword(KEYCHAIN_SERVICE, this.account(name), value);
    } catch (error) {
      throw new SecretStoreError(`The keychain refused to store ${name}: ${message(error)}`, { cause: error });
    }
  }

  private async remove(name: string): Promise<void> {
    try {
      await this.keytar.deletePassword(KEYCHAIN_SERVICE, this.account(name));
    } catch (error) {
      throw new SecretStoreError(`The keychain could not delete ${name}: ${message(error)}`, { cause: error });
    }
  }

  private account(name: string): string {
    return `${name}@${this.scope}`;
  }
}
