#!/usr/bin/env node
// transcript-desk: the service from a terminal. Every command reads TRANSCRIPT_DESK_HOME.
import { Command, InvalidArgumentError } from 'commander';
import { startApiServer } from './http/server';
import { resolveHome } from './service/home';
import { isPlan, PLANS, type Plan } from './service/ledger/index';
import { openService, type OpenedService } from './service/open';

const DEFAULT_NEW_KEY_CREDITS = 100;

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new InvalidArgumentError('expected a whole number ≥ 0');
  return n;
}

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('expected a port between 0 and 65535');
  return n;
}

function plan(value: string): Plan {
  if (!isPlan(value)) throw new InvalidArgumentError(`expected one of ${PLANS.join(', ')}`);
  return value;
}

/** Opens the data home; says on stderr (stdout stays clean for --json) when the owner was just created. */
function open(): OpenedService {
  const home = resolveHome();
  const opened = openService(home);
  if (opened.owner.created) {
    process.stderr.write(`Created the owner account (pro plan, 1000 credits) in ${home}.\nIts API key is stored in ${opened.owner.keyFile}\n`);
  }
  return opened;
}

function withService<T>(fn: (opened: OpenedService) => T): T {
  const opened = open();
  try {
    return fn(opened);
  } finally {
    opened.close();
  }
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const program = new Command('transcript-desk').description('Transcripts from public video, clip and podcast URLs: local service and CLI.').showHelpAfterError();

program
  .command('serve')
  .description('answer the REST API on this machine')
  .option('--host <host>', 'address to listen on (loopback unless you mean otherwise)', '127.0.0.1')
  .option('--port <port>', 'port; 0 picks a free one', port, 8787)
  .action(async (options: { host: string; port: number }) => {
    const opened = open();
    const server = await startApiServer(opened.service, options.host, options.port);
    process.stdout.write(`listening on ${server.url}\n`);
    process.stdout.write(`owner key file: ${opened.owner.keyFile}\n`);
    if (options.host !== '127.0.0.1' && options.host !== '::1' && options.host !== 'localhost') {
      process.stderr.write(`warning: listening on ${options.host}; anyone who can reach it and has a key can spend its credits\n`);
    }
    const stop = () => {
      server.close().then(
        () => {
          opened.close();
          process.exit(0);
        },
        () => process.exit(1),
      );
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });

const keys = program.command('keys').description('API keys');

keys
  .command('create')
  .description('create an account with a key (the key is printed once and never stored in clear)')
  .option('--plan <plan>', `plan: ${PLANS.join(', ')}`, plan, 'free' as Plan)
  .option('--credits <n>', 'starting credits', positiveInt, DEFAULT_NEW_KEY_CREDITS)
  .option('--label <label>', 'a note to recognise the key by', '')
  .option('--for <prefix>', 'add a key to the account of an existing key instead of a new account')
  .option('--json', 'print JSON')
  .action((options: { plan: Plan; credits: number; label: string; for?: string; json?: boolean }) =>
    withService(({ ledger }) => {
      const created = ledger.transaction(() => {
        if (options.for !== undefined) {
          const existing = ledger.keys.byPrefix(options.for);
          if (existing === undefined) fail(`No key with prefix ${options.for}`);
          return { accountId: existing.accountId, ...ledger.keys.create(existing.accountId, options.label) };
        }
        const account = ledger.accounts.create(options.plan, options.label);
        if (options.credits > 0) ledger.credits.grant(account.id, options.credits, 'key created');
        return { accountId: account.id, ...ledger.keys.create(account.id, options.label) };
      });
      const account = ledger.accounts.get(created.accountId);
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
    withService(({ ledger }) => {
      const rows = ledger.keys.list();
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
    withService(({ ledger }) => {
      if (!ledger.keys.revoke(prefix)) fail(`No active key with prefix ${prefix}`);
      process.stdout.write(`revoked ${prefix}\n`);
    }),
  );

program
  .command('credits')
  .description('credits')
  .command('grant <prefix> <n>')
  .description("add credits to the account of a key")
  .action((prefix: string, n: string) =>
    withService(({ ledger }) => {
      const amount = Number(n);
      if (!Number.isSafeInteger(amount) || amount <= 0) fail('The number of credits must be a whole number above 0');
      const key = ledger.keys.byPrefix(prefix);
      if (key === undefined) fail(`No key with prefix ${prefix}`);
      const balance = ledger.credits.grant(key.accountId, amount, 'granted from the CLI');
      process.stdout.write(`${balance}\n`);
    }),
  );

program
  .command('balance <prefix>')
  .description('credits and plan of the account of a key')
  .option('--json', 'print JSON')
  .action((prefix: string, options: { json?: boolean }) =>
    withService(({ ledger }) => {
      const key = ledger.keys.byPrefix(prefix);
      const account = key && ledger.accounts.get(key.accountId);
      if (account === undefined) fail(`No key with prefix ${prefix}`);
      if (options.json) process.stdout.write(`${JSON.stringify({ credits: account.balance, plan: account.plan })}\n`);
      else process.stdout.write(`${account.balance} credits, plan ${account.plan}\n`);
    }),
  );

program.parseAsync(process.argv).catch((error: unknown) => fail(error instanceof Error ? error.message : String(error)));
