// keys, credits and balance: the account administration commands.
import { randomUUID } from 'node:crypto';
import type { Command } from 'commander';
import { PLANS, type Plan } from '#service/store/port';
import { fail, plan, wholeNumber, withService } from './common';

const DEFAULT_NEW_KEY_CREDITS = 100;

export function registerAccountCommands(program: Command): void {
  const keys = program.command('keys').description('API keys');

  keys
    .command('create')
    .description('create an account with a key (the key is printed once and never stored in clear)')
    .option('--plan <plan>', `plan: ${PLANS.join(', ')}`, plan, 'free' as Plan)
    .option('--credits <n>', 'starting credits', wholeNumber, DEFAULT_NEW_KEY_CREDITS)
    .option('--label <label>', 'a note to recognise the key by', '')
    .option('--for <prefix>', 'add a key to the account of an existing key instead of a new account')
    .option('--json', 'print JSON')
    .action((options: { plan: Plan; credits: number; label: string; for?: string; json?: boolean }) =>
      withService(async ({ store }) => {
        const created = await store.transaction(async (tx) => {
          if (options.for !== undefined) {
            const existing = await tx.keys.byPrefix(options.for);
            if (existing === undefined) fail(`No key with prefix ${options.for}`);
            return { accountId: existing.accountId, ...(await tx.keys.create(existing.accountId, options.label)) };
          }
          const account = await tx.accounts.create(options.plan, options.label);
          if (options.credits > 0) await tx.credits.grant(account.id, options.credits, 'key created');
          return { accountId: account.id, ...(await tx.keys.create(account.id, options.label)) };
        });
        const account = await store.accounts.get(created.accountId);
        const summary = { key: created.key, prefix: created.prefix, plan: account?.plan, credits: account?.balance };
        if (options.json) process.stdout.write(`${JSON.stringify(summary)}\n`);
        else process.stdout.write(`${created.key}\n(prefix ${created.prefix}, plan ${summary.plan}, ${summary.credits} credits; the key is shown only this once)\n`);
      }),
    );

  keys
    .command('list')
    .description('list keys (prefixes only)')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      withService(async ({ store }) => {
        const rows = await store.keys.list();
        if (options.json) return void process.stdout.write(`${JSON.stringify(rows)}\n`);
        for (const k of rows) {
          const state = k.revokedAt === null ? 'active' : 'revoked';
          process.stdout.write(`${k.prefix}  ${k.plan.padEnd(7)} ${String(k.balance).padStart(7)} credits  ${state.padEnd(7)} ${k.isOwner ? 'owner ' : ''}${k.label}\n`);
        }
      }),
    );

  keys
    .command('revoke <prefix>')
    .description('revoke a key; it answers 401 Invalid API key from then on')
    .action((prefix: string) =>
      withService(async ({ store }) => {
        if (!(await store.keys.revoke(prefix))) fail(`No active key with prefix ${prefix}`);
        process.stdout.write(`revoked ${prefix}\n`);
      }),
    );

  const credits = program.command('credits').description('credits');
  credits
    .command('grant <prefix> <n>')
    .description('add credits to the account of a key')
    .action((prefix: string, n: string) =>
      withService(async ({ store }) => {
        const amount = Number(n);
        if (!Number.isSafeInteger(amount) || amount <= 0) fail('The number of credits must be a whole number above 0');
        const key = await store.keys.byPrefix(prefix);
        if (key === undefined) fail(`No key with prefix ${prefix}`);
        process.stdout.write(`${await store.credits.grant(key.accountId, amount, 'granted from the CLI')}\n`);
      }),
    );

  credits
    .command('set <prefix> <n>')
    .description('set the balance of the account of a key to n (books the difference as a grant or a charge)')
    .action((prefix: string, n: string) =>
      withService(async ({ store }) => {
        const target = Number(n);
        if (!Number.isSafeInteger(target) || target < 0) fail('The balance must be a whole number, 0 or more');
        const key = await store.keys.byPrefix(prefix);
        if (key === undefined) fail(`No key with prefix ${prefix}`);
        const difference = target - (await store.credits.balance(key.accountId));
        if (difference > 0) await store.credits.grant(key.accountId, difference, 'balance set from the CLI');
        if (difference < 0) await store.credits.charge(key.accountId, -difference, `cli-set-${randomUUID()}`, 'balance set from the CLI');
        process.stdout.write(`${await store.credits.balance(key.accountId)}\n`);
      }),
    );

  program
    .command('balance <prefix>')
    .description('credits and plan of the account of a key')
    .option('--json', 'print JSON')
    .action((prefix: string, options: { json?: boolean }) =>
      withService(async ({ store }) => {
        const key = await store.keys.byPrefix(prefix);
        const account = key && (await store.accounts.get(key.accountId));
        if (account === undefined) fail(`No key with prefix ${prefix}`);
        if (options.json) process.stdout.write(`${JSON.stringify({ credits: account.balance, plan: account.plan })}\n`);
        else process.stdout.write(`${account.balance} credits, plan ${account.plan}\n`);
      }),
    );
}
