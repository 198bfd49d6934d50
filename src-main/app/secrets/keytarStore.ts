// Secrets in the OS keychain through keytar (macOS Keychain, Windows Credential Manager, the
// Secret Service on Linux). Entries are named per data home, so two homes never share a secret.
import { createRequire } from 'node:module';
import type { SecretStore } from '../../service/secrets';
import { SecretStoreError } from '../../service/secrets';

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

export class KeytarSecretStore implements SecretStore {
  readonly backend = 'keychain' as const;

  constructor(
    private readonly keytar: KeytarLike,
    /** The data home: entries are `<name>@<home>`. */
    private readonly scope: string,
    readonly problem: string | null = null,
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
    try {
      return await this.keytar.getPassword(KEYCHAIN_SERVICE, this.account(name));
    } catch (error) {
      throw new SecretStoreError(`The keychain could not be read: ${message(error)}`, { cause: error });
    }
  }

  async set(name: string, value: string): Promise<void> {
    try {
      await this.keytar.setPassword(KEYCHAIN_SERVICE, this.account(name), value);
    } catch (error) {
      throw new SecretStoreError(`The keychain refused to store ${name}: ${message(error)}`, { cause: error });
    }
  }

  async delete(name: string): Promise<void> {
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
