// `transcript-desk owner-key`: prints the owner's API key again, for the desk's sign-in form in a
// browser (serve --ui prints it at start, with a one-time link; the link works once, the key always).
import type { Command } from 'commander';
import { withService } from './common';

export function registerOwnerKey(program: Command): void {
  program
    .command('owner-key')
    .description("print the owner's API key (the desk's sign-in in a browser takes it)")
    .action(async () => {
      process.stdout.write(`${await withService((opened) => opened.owner.key)}\n`);
    });
}
