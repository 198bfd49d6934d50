// Secrets the desktop app keeps out of plain files: the owner's key, speech-to-text provider keys
// and platform cookies. The interface lives here, in plain Node, so the service and the desk can
// receive a store without importing electron; the stores themselves (keytar, Electron safeStorage)
// are the shell's (src-main/app/secrets/).
import type { SecretBackend } from '#shared/contract/host';

export type { SecretBackend } from '#shared/contract/host';

export interface SecretStore {
  /** Where values go: the OS keychain, Electron safeStorage, or nowhere (every write is refused). */
  readonly backend: SecretBackend;
  /** Why the preferred backend is not in use, or why nothing can be stored; null when all is well. */
  readonly problem: string | null;
  get(name: string): Promise<string | null>;
  /** Stores securely or throws SecretStoreError; never falls back to plain text. */
  set(name: string, value: string): Promise<void>;
  delete(name: string): Promise<void>;
}

export class SecretStoreError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'SecretStoreError';
  }
}
