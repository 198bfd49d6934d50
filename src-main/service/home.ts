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

export interface OwnerBootstrap {
  accountId: number;
  /** Where the owner's key is kept (a 0600 file until the Electron shell moves it to the keychain). */
  keyFile: string;
  /** True when this start created the owner account. */
  created: boolean;
  key: string;
}

/**
 * Makes sure the install has its owner account and a key for the app. If the key file was lost,
 * a new key is issued to the same account (its balance is kept) instead of a second owner.
 */
export function ensureOwner(ledger: Ledger, home: string): OwnerBootstrap {
  mkdirSync(home, { recursive: true, mode: 0o700 });
  const keyFile = ownerKeyFile(home);
  return ledger.transaction(() => {
    let owner = ledger.accounts.findOwner();
    const created = owner === undefined;
    if (owner === undefined) {
      owner = ledger.accounts.create(OWNER_PLAN, 'owner', true);
      ledger.credits.grant(owner.id, OWNER_CREDITS, 'owner account created');
    }
    const stored = existsSync(keyFile) ? readFileSync(keyFile, 'utf8').trim() : '';
    const storedKey = stored === '' ? undefined : ledger.keys.find(stored);
    if (storedKey !== undefined && !storedKey.revoked && storedKey.accountId === owner.id) {
      return { accountId: owner.id, keyFile, created, key: stored };
    }
    const { key } = ledger.keys.create(owner.id, 'app');
    writeFileSync(keyFile, `${key}\n`, { mode: 0o600 });
    chmodSync(keyFile, 0o600);
    return { accountId: owner.id, keyFile, created, key };
  });
}
