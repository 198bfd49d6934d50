// expand: a playlist, channel, show, feed or a channel's clips as the item URLs the service takes,
// one per line on stdout, so `expand <source> | get --out dir -` transcribes a whole source. What
// the source is and how much of it was read goes to stderr, so stdout stays a clean list. Reads
// through this machine's upstream client (its pacing and cooldowns), the library marks from its
// data home.
import { InvalidArgumentError, type Command } from 'commander';
import { MAX_SOURCE_ITEMS } from '#shared/contract/sources';
import { expandSource } from '#service/sources/index';
import { fail, open } from './common';

interface ExpandOptions {
  newest?: number;
  since?: number;
  json?: boolean;
  skipLibrary?: boolean;
}

function count(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_SOURCE_ITEMS) throw new InvalidArgumentError(`expected a whole number from 1 to ${MAX_SOURCE_ITEMS}`);
  return n;
}

/** `2026-11-01` (midnight UTC) or a full ISO time. */
export function sinceDate(value: string): number {
  const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (!Number.isFinite(ms)) throw new InvalidArgumentError('expected a date such as 2026-11-01');
  return ms;
}

export function registerExpand(program: Command): void {
  program
    .command('expand <source-url>')
    .description('list the items of a YouTube playlist or channel (/videos, /shorts, /streams), an Apple Podcasts show, a podcast RSS/Atom feed or a Twitch channel\'s clips, one URL per line (pipe it into `get -`)')
    .option('--newest <n>', 'only the newest N items (for a playlist: its first N)', count)
    .option('--since <date>', 'only items published on or after this date (items without a date are kept)', sinceDate)
    .option('--skip-library', 'leave out items whose transcripts the library already has')
    .option('--json', 'print the whole expansion (source, items with titles, dates, durations, library marks) as JSON')
    .action(async (url: string, options: ExpandOptions) => {
      const opened = await open();
      const outcome = await expandSource(opened, { url, ...(options.newest === undefined ? {} : { newest: options.newest }), ...(options.since === undefined ? {} : { since: options.since }) }).finally(() => opened.close());
      if (!outcome.ok) fail(`${url}: ${outcome.failure.message}`);
      const { expansion } = outcome;
      const items = options.skipLibrary === true ? expansion.items.filter((i) => !i.inLibrary) : expansion.items;
      process.stdout.write(options.json === true ? `${JSON.stringify({ ...expansion, items }, null, 2)}\n` : items.map((i) => `${i.url}\n`).join(''));
      const inLibrary = expansion.items.filter((i) => i.inLibrary).length;
      const library = inLibrary === 0 ? '' : options.skipLibrary === true ? `, ${inLibrary} already in the library left out` : `, ${inLibrary} already in the library`;
      process.stderr.write(`${expansion.source.title}: ${items.length} item${items.length === 1 ? '' : 's'}${library}\n`);
      if (expansion.note !== null) process.stderr.write(`${expansion.note}\n`);
    });
}
