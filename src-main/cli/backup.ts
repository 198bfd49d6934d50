// backup: a consistent copy of the ledger, made while servers and the app keep running.
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { ledgerFile, resolveHome } from '#service/home';
import { backupDatabase } from '#service/ledger/database';

export function registerBackup(program: Command): void {
  program
    .command('backup <file>')
    .description('copy the ledger (keys, credits, cache, settings) to <file>, a new file readable only by you; safe while servers run')
    .action(async (file: string) => {
      const source = ledgerFile(resolveHome());
      const target = resolve(file);
      await backupDatabase(source, target);
      process.stdout.write(`backed up ${source} to ${target}\n`);
    });
}
