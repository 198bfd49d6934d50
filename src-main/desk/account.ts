// Balance and API keys from the desk, with the same rules as the CLI's `keys` commands.
import type { Balance, KeyListing } from '#shared/contract/account';
import type { OperationOutput, ParsedInput } from '#shared/contract/operations';
import { DeskError } from '#shared/contract/result';
import { normalizePrefix } from '#service/store/port';
import type { DeskDeps } from './deps';
import { balanceWith, type DeskClient } from './teamServer';

const prefixOf = (key: string) => key.slice(0, 16);

/**
 * The balance record the header shows: the owner's from this machine's core, or the team key's
 * from a team server (teamServer.ts); rate limited like GET /api/balance.
 */
export function readBalance(client: DeskClient): Promise<Balance> {
  return balanceWith(client);
}

export async function listKeys(deps: DeskDeps): Promise<KeyListing[]> {
  const appKey = prefixOf(deps.owner.key);
  return (await deps.store.keys.list()).map((k) => ({ ...k, isAppKey: k.prefix === appKey }));
}

/** A new account with a key; the key is in the answer once and stored only as a hash. */
export async function createKey(deps: DeskDeps, input: ParsedInput<'keys.create'>): Promise<OperationOutput<'keys.create'>> {
  const { store } = deps;
  const created = await store.transaction(async (tx) => {
    const account = await tx.accounts.create(input.plan, input.label);
    if (input.credits > 0) await tx.credits.grant(account.id, input.credits, 'key created in the desk');
    return { accountId: account.id, ...(await tx.keys.create(account.id, input.label)) };
  });
  return { key: created.key, prefix: created.prefix, plan: input.plan, credits: await store.credits.balance(created.accountId) };
}

export async function revokeKey(deps: DeskDeps, prefix: string): Promise<{ revoked: boolean }> {
  if (normalizePrefix(prefix) === prefixOf(deps.owner.key)) {
    throw new DeskError('unavailable', 'This is the key the app itself uses; revoking it would lock the desk out of its own service');
  }
  if (!(await deps.store.keys.revoke(prefix))) throw new DeskError('not_found', `No active key with prefix ${prefix}`);
  return { revoked: true };
}

/**
 * Adds credits to the owner account: the desk's owner runs this service, so the ledger is their
 * own (the CLI's `credits grant` does the same). Other accounts keep being managed through keys.
 */
export async function addOwnerCredits(deps: DeskDeps, credits: number): Promise<Balance> {
  const balance = await deps.store.credits.grant(deps.owner.accountId, credits, 'added by the owner in the desk');
  return { credits: balance, plan: (await deps.store.accounts.get(deps.owner.accountId))?.plan ?? 'free' };
}
