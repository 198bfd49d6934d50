// upstream show | set | reset: the rotating values the fetchers send (client versions, GQL hashes,
// doc ids, bearer), so a user can follow a site's rotation the day it happens. The profile is one
// JSON file in the data home; a running `serve` or desktop app reads it again on its next request,
// so these commands need neither the ledger nor a restart.
import type { Command } from 'commander';
import { prepareHome, resolveHome } from '#service/home';
import { ProfileError, profileFile, UpstreamProfile, type ProfileEntry } from '#service/upstream/profile';
import { fail } from './common';

/** Values longer than this (X's bearer) overflow their column instead of widening every row. */
const VALUE_COLUMN_MAX = 64;

const state = (entry: ProfileEntry) => (entry.overridden ? '(set)' : '(default)');

function table(entries: ProfileEntry[]): string {
  const keyWidth = Math.max(...entries.map((e) => e.key.length));
  const valueWidth = Math.min(VALUE_COLUMN_MAX, Math.max(...entries.map((e) => e.value.length)));
  return entries.map((e) => `${e.key.padEnd(keyWidth)}  ${e.value.padEnd(valueWidth)}  ${state(e).padEnd('(default)'.length)}  ${e.about}\n`).join('');
}

/** Opens the profile of the data home; `forWriting` creates the home (0700) as every other command does. */
function openProfile(forWriting: boolean): { profile: UpstreamProfile; file: string } {
  const home = resolveHome();
  if (forWriting) prepareHome(home);
  const file = profileFile(home);
  return { profile: new UpstreamProfile(file), file };
}

/** A refusal (unknown key, wrong shape) is the user's to fix: its message and exit code 1, no stack. */
function refusing<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof ProfileError) fail(error.message);
    throw error;
  }
}

export function registerUpstreamCommands(program: Command): void {
  const upstream = program
    .command('upstream')
    .description('the rotating values sent to the platforms (client versions, query hashes, doc ids): compiled defaults, overridable in the data home');

  upstream
    .command('show')
    .description('every key with its value, whether it is the compiled default or set, and what it is')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) => {
      const { profile, file } = openProfile(false);
      const entries = profile.entries();
      if (options.json) return void process.stdout.write(`${JSON.stringify(entries)}\n`);
      const overridden = entries.filter((e) => e.overridden).length;
      process.stdout.write(`${table(entries)}\n${overridden === 0 ? 'Every value is the compiled default.' : `${overridden} of ${entries.length} set`} Overrides are kept in ${file}\n`);
    });

  upstream
    .command('set <key> <value>')
    .description('override one value (checked against the shape of its key); a running server uses it from its next request')
    .action((key: string, value: string) => {
      const { profile } = openProfile(true);
      const entry = refusing(() => profile.set(key, value));
      process.stdout.write(`${entry.key} = ${entry.value} ${state(entry)}\n`);
    });

  upstream
    .command('reset [key]')
    .description('back to the compiled default: one key, or every key when none is named')
    .action((key: string | undefined) => {
      const { profile } = openProfile(true);
      refusing(() => profile.reset(key));
      if (key === undefined) return void process.stdout.write('Every upstream value is back to its compiled default.\n');
      const entry = profile.entries().find((e) => e.key === key) as ProfileEntry;
      process.stdout.write(`${entry.key} = ${entry.value} ${state(entry)}\n`);
    });
}
