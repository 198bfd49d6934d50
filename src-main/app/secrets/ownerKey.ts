// The owner's key in the desktop app: kept in the SecretStore. At the first start on a data home
// that has the CLI's `<home>/owner-key` file, the key moves into the store and the file is
// removed, once the store holds it. The service settles the owner synchronously (one ledger
// transaction), so the store is read before the service opens and written after.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { fileOwnerKeyStore, ownerKeyFile, type OwnerKeyStore } from '#service/home';
import type { DescribedSecretStore } from './index';

export const OWNER_KEY_SECRET = 'owner-key';

export interface OwnerKeyHandoff {
  /** For openService's `ownerKey`. */
  keyStore: OwnerKeyStore;
  /**
   * After openService: stores the key the service settled on (a new one, or the file's) and
   * removes the file it came from. Resolves with what happened, for the log.
   */
  settle(key: string): Promise<string | null>;
}

export async function prepareOwnerKey(store: DescribedSecretStore, home: string): Promise<OwnerKeyHandoff> {
  // No secure store: the 0600 file stays where the CLI keeps it, rather than anywhere weaker.
  if (store.backend === 'none') return { keyStore: fileOwnerKeyStore(home), settle: () => Promise.resolve(null) };
  const stored = (await store.get(OWNER_KEY_SECRET)) ?? undefined;
  const file = ownerKeyFile(home);
  const fromFile = existsSync(file) ? readFileSync(file, 'utf8').trim() || undefined : undefined;
  return {
    keyStore: {
      location: store.describe(OWNER_KEY_SECRET),
      read: () => stored ?? fromFile,
      // Kept for settle: the store is asynchronous and the service's transaction is not.
      write: () => undefined,
    },
    async settle(key) {
      if (key === stored) return null;
      await store.set(OWNER_KEY_SECRET, key);
      // The file is the CLI's once the app has its own key in the store; it is only taken over (and
      // removed) when it is what the app started from.
      if (stored === undefined && fromFile === key) {
        rmSync(file, { force: true });
        return `moved the owner key from ${file} into ${store.describe(OWNER_KEY_SECRET)}`;
      }
      return `stored a new owner key in ${store.describe(OWNER_KEY_SECRET)}`;
    },
  };
}
