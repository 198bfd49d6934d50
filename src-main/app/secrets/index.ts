// The desktop app's SecretStore: the OS keychain through keytar first, Electron safeStorage as
// the fallback, and when neither can keep a secret, a store that refuses every write and says
// why. Never plain text.
import type { SecretStore } from '#service/secrets';
import { SecretStoreError } from '#service/secrets';
import { KeytarSecretStore, loadKeytar, type KeytarLike } from './keytarStore';
import { SafeStorageSecretStore, safeStorageProblem } from './safeStorageStore';

export type { SecretStore } from '#service/secrets';

/** A SecretStore that can name where a secret lives (for "stored in …" messages). */
export type DescribedSecretStore = SecretStore & { describe(name: string): string };

class RefusingSecretStore implements SecretStore {
  readonly backend = 'none' as const;
  constructor(readonly problem: string) {}
  describe(): string {
    return 'nowhere (no secure storage)';
  }
  get(): Promise<string | null> {
    return Promise.resolve(null);
  }
  set(name: string): Promise<void> {
    return Promise.reject(new SecretStoreError(`${name} was not stored: ${this.problem}`));
  }
  delete(): Promise<void> {
    return Promise.resolve();
  }
}

export interface SecretStoreOptions {
  home: string;
  /** Where keytar comes from; tests give a failing loader. */
  keytar?: () => Promise<KeytarLike>;
  platform?: NodeJS.Platform;
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Picks the store; call after the app is ready (safeStorage needs it). Never throws. */
export async function createSecretStore(options: SecretStoreOptions): Promise<DescribedSecretStore> {
  let keytarProblem: string;
  try {
    const store = new KeytarSecretStore(await (options.keytar ?? loadKeytar)(), options.home);
    await store.probe();
    return store;
  } catch (error) {
    keytarProblem = `the OS keychain is not reachable through keytar (${message(error)})`;
  }
  const safeProblem = safeStorageProblem(options.platform);
  if (safeProblem === null) return new SafeStorageSecretStore(options.home, `${keytarProblem}; secrets are encrypted with Electron safeStorage instead`);
  return new RefusingSecretStore(`No secure storage: ${keytarProblem}, and ${safeProblem[0]?.toLowerCase()}${safeProblem.slice(1)}. Keys and cookies cannot be saved until one works.`);
}
