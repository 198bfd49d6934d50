// Balance and API keys from the desk, with the same rules as the CLI's `keys` commands.
import type { Balance, KeyListing } from '../../src-shared/contract/account';
import type { OperationOutput, ParsedInput } from '../../src-shared/contract/operations';
import { DeskError } from '../../src-shared/contract/result';
import { normalizePrefix } from '../service/ledger/keys';
import type { DeskDeps } from './deps';

const prefixOf = (key: string) => key.slice(0, 16);

/** The balance record with the owner's key, from the core: rate limited like GET /api/balance. */
export function readBalance(deps: DeskDeps): Promise<Balance> {
  const { core } = deps.service;
  const admitted = core.admitKey(deps.owner.key, 'desk');
  if (!admitted.ok) return Promise.reject(new DeskError('refused', `${admitted.error}${admitted.message === undefined ? '' : `: ${admitted.message}`}`));
  return Promise.resolve(core.balance(admitted.caller));
}

export function listKeys(deps: DeskDeps): KeyListing[] {
  const appKey = prefixOf(deps.owner.key);
  return deps.ledger.keys.list().map((k) => ({ ...k, isAppKey: k.prefix === appKey }));
}

/** A new account with a key; the key is in the answer once and stored only as a hash. */
export function createKey(deps: DeskDeps, input: ParsedInput<'keys.create'>): OperationOutput<'keys.create'> {
  const { ledger } = deps;
  const created = ledger.transaction(() => {
    const account = ledger.accounts.create(input.plan, input.label);
    if (input.credits > 0) ledger.credits.grant(account.id, input.credits, 'key created in the desk');
    return { accountId: account.id, ...ledger.keys.create(account.id, input.label) };
  });
  return { key: created.key, prefix: created.prefix, plan: input.plan, credits: ledger.credits.balance(created.accountId) };
}

export function revokeKey(deps: DeskDeps, prefix: string): { revoked: boolean } {
  if (normalizePrefix(prefix) === prefixOf(deps.owner.key)) {
    throw new DeskError('unavailable', 'This is the key the app itself uses; revoking it would lock the desk out of its own service');
  }
  if (!deps.ledger.keys.revoke(prefix)) throw new DeskError('not_found', `No active key with prefix ${prefix}`);
  return { revoked: true };
}

/**
 * Adds credits to the owner account: the desk's owner runs this service, so the ledger is their
 * own (the CLI's `credits grant` does the same). Other accounts keep being managed through keys.
 */
export function addOwnerCredits(deps: DeskDeps, credits: number): Balance {
  const balance = deps.ledger.credits.grant(deps.owner.accountId, credits, 'added by the owner in the desk');
  return { credits: balance, plan: deps.ledger.accounts.get(deps.owner.accountId)?.plan ?? 'free' };
}
