import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Ledger } from './ledger/index';

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
 * Where the owner's key is kept between starts. Synchronous because the owner is settled inside
 * one ledger transaction: the desktop app reads its keychain before opening the service and hands
 * the answer over (src-main/app/secrets/ownerKey.ts).
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
 */
export function ensureOwner(ledger: Ledger, home: string, store: OwnerKeyStore = fileOwnerKeyStore(home)): OwnerBootstrap {
  mkdirSync(home, { recursive: true, mode: 0o700 });
  return ledger.transaction(() => {
    let owner = ledger.accounts.findOwner();
    const created = owner === undefined;
    if (owner === undefined) {
      owner = ledger.accounts.create(OWNER_PLAN, 'owner', true);
      ledger.credits.grant(owner.id, OWNER_CREDITS, 'owner account created');
    }
    const stored = store.read();
    const storedKey = stored === undefined ? undefined : ledger.keys.find(stored);
    if (stored !== undefined && storedKey !== undefined && !storedKey.revoked && storedKey.accountId === owner.id) {
      return { accountId: owner.id, keyFile: store.location, created, key: stored };
    }
    const { key } = ledger.keys.create(owner.id, 'app');
    store.write(key);
    return { accountId: owner.id, keyFile: store.location, created, key };
  });
}
