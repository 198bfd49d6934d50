import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Store } from './store/port';

/** The owner's starting plan and credits (issue: first start creates a `pro` owner with 1,000 credits). */
export const OWNER_PLAN = 'pro';
export const OWNER_CREDITS = 1000;

/**
 * Data home: `TRANSCRIPT_DESK_HOME`, else the caller's default (Electron passes its `userData`),
 * else `~/.transcript-desk` (ARCHITECTURE §5).
 */
export function resolveHome(env: NodeJS.ProcessEnv = process.env, fallback?: string): string {
  const fromEnv = env.TRANSCRIPT_DESK_HOME?.trim();
  if (fromEnv) return fromEnv;
  return fallback ?? join(homedir(), '.transcript-desk');
}

export const ledgerFile = (home: string) => join(home, 'ledger.sqlite');
export const ownerKeyFile = (home: string) => join(home, 'owner-key');

/**
 * Every file and folder this process creates from now on is its user's alone (0600 / 0700): the
 * ledger and its -wal/-shm (SQLite asks for 0644), work folders, downloaded models. Called first
 * thing by each entry point (the CLI and `serve`, the Electron main process). The umask is
 * process-wide, so exports and `get -o` files are private too; that is fine for this app (the user
 * can share a file on purpose, nobody else could read a transcript by accident).
 */
export function keepNewFilesPrivate(): void {
  process.umask(0o077);
}

/**
 * Creates the data home 0700. One that already exists and is open to others (made by an older
 * build, or Electron's `userData`, which Chromium creates 0755) is tightened to 0700 when this user
 * owns it; the folder's mode is what keeps the files inside it private. Someone else's folder is
 * left as it is: changing it is not ours to do.
 */
export function prepareHome(home: string): void {
  mkdirSync(home, { recursive: true, mode: 0o700 });
  const { uid, mode } = statSync(home);
  // No getuid on Windows, where these mode bits mean nothing.
  if (process.getuid !== undefined && uid === process.getuid() && (mode & 0o077) !== 0) chmodSync(home, 0o700);
}

/**
 * The ledger holds no owner although `owner-key` is there: the ledger file was emptied, deleted or
 * replaced. Starting over would create a second owner with fresh credits and overwrite the key
 * file, hiding the loss, so the start is refused and the user decides.
 */
export class LostLedgerError extends Error {
  constructor(readonly ledger: string, readonly keyFile: string) {
    super(
      `The ledger ${ledger} has no owner account, but ${keyFile} exists: the ledger was emptied, deleted or replaced, so nothing was started. ` +
        `Restore your last copy from \`transcript-desk backup\` to ${ledger}, or, to start over with a new owner and fresh credits, move ${keyFile} away.`,
    );
    this.name = 'LostLedgerError';
  }
}

/**
 * Where the owner's key is kept between starts. Synchronous (a file, or a value the host read
 * before): it is used inside the store transaction that settles the owner, and a transaction never
 * waits on anything outside the store. The desktop app reads its keychain before opening the service
 * and hands the answer over (src-main/app/secrets/ownerKey.ts).
 */
export interface OwnerKeyStore {
  /** Said to the user: a file path, or which keychain entry. */
  readonly location: string;
  read(): string | undefined;
  write(key: string): void;
}

/** The CLI's and the headless server's store: a 0600 file in the data home. */
export function fileOwnerKeyStore(home: string): OwnerKeyStore {
  const file = ownerKeyFile(home);
  return {
    location: file,
    read: () => (existsSync(file) ? readFileSync(file, 'utf8').trim() || undefined : undefined),
    write: (key) => {
      writeFileSync(file, `${key}\n`, { mode: 0o600 });
      chmodSync(file, 0o600);
    },
  };
}

export interface OwnerBootstrap {
  accountId: number;
  /** Where the owner's key is kept: the 0600 file for the CLI, the keychain entry in the desktop app. */
  keyFile: string;
  /** True when this start created the owner account. */
  created: boolean;
  key: string;
}

/**
 * Makes sure the install has its owner account and a key for the app. If the key was lost,
 * a new key is issued to the same account (its balance is kept) instead of a second owner.
 * A ledger without an owner next to an `owner-key` file is refused (LostLedgerError). Only the
 * file counts, not a key in the desktop app's keychain: the keychain outlives a data home the
 * user deleted on purpose, the file does not.
 */
export async function ensureOwner(ledger: Store, home: string, store: OwnerKeyStore = fileOwnerKeyStore(home)): Promise<OwnerBootstrap> {
  prepareHome(home);
  return ledger.transaction(async (tx) => {
    let owner = await tx.accounts.findOwner();
    const created = owner === undefined;
    if (owner === undefined) {
      // Inside the write transaction: processes opening a fresh home at once see the first one's
      // owner and key file together, never the file without the owner.
      if (existsSync(ownerKeyFile(home))) throw new LostLedgerError(ledgerFile(home), ownerKeyFile(home));
      owner = await tx.accounts.create(OWNER_PLAN, 'owner', true);
      await tx.credits.grant(owner.id, OWNER_CREDITS, 'owner account created');
    }
    const stored = store.read();
    const storedKey = stored === undefined ? undefined : await tx.keys.find(stored);
    if (stored !== undefined && storedKey !== undefined && !storedKey.revoked && storedKey.accountId === owner.id) {
      return { accountId: owner.id, keyFile: store.location, created, key: stored };
    }
    const { key } = await tx.keys.create(owner.id, 'app');
    store.write(key);
    return { accountId: owner.id, keyFile: store.location, created, key };
  });
}
