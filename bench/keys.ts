import type { Ledger } from '#service/ledger/index';

/**
 * `count` keys, each on its own free account with `credits`, made in one transaction: through the
 * CLI one key takes a process start (about 1.4 s), and a benchmark spreads its load over thousands
 * so that no key meets the rate limit (120 a minute).
 */
export function createBenchKeys(ledger: Ledger, count: number, credits: number): string[] {
  return ledger.transaction(() =>
    Array.from({ length: count }, () => {
      const account = ledger.accounts.create('free');
      ledger.credits.grant(account.id, credits);
      return ledger.keys.create(account.id).key;
    }),
  );
}
