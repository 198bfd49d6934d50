// follow add|list|remove|pause|resume|check: follows from a terminal, on the data home's store.
// The engine is the desk's (desk/follows) without its scheduler: this process checks only when
// told. New items a check finds are queued in the home's queue; the desktop app or `serve` fetches
// them (their follows engine runs the queue at its next check; Run in the app does it at once).
// The command does not run them itself: a second queue runner on the same ledger would take back
// the rows the app is running (a runner requeues `running` rows when it starts).
import { InvalidArgumentError, type Command } from 'commander';
import type { Follow, FollowSettings } from '#shared/contract/sources';
import { MIN_FOLLOW_INTERVAL_MINUTES } from '#shared/contract/sources';
import { isDeskError } from '#shared/contract/result';
import { classifyUrl } from '#shared/queue/intake';
import { randomUUID } from 'node:crypto';
import type { OpenedService } from '#service/open';
import { systemClock } from '../desk/clock';
import { FollowEngine } from '../desk/follows/engine';
import { parseWindow, windowText } from '../desk/follows/window';
import { fail, wholeNumber, withService } from './common';
import { table } from './status';

/** `90`, `90m`, `2h`, `1d` → minutes. */
function interval(value: string): number {
  const m = /^(\d+)\s*(m|min|h|d)?$/i.exec(value.trim());
  if (m === null) throw new InvalidArgumentError('expected minutes, or a number with m, h or d (60m, 2h, 1d)');
  const unit = (m[2] ?? 'm').toLowerCase();
  const n = Number(m[1]) * (unit === 'h' ? 60 : unit === 'd' ? 1440 : 1);
  if (n < MIN_FOLLOW_INTERVAL_MINUTES || n > 7 * 1440) throw new InvalidArgumentError(`expected between ${MIN_FOLLOW_INTERVAL_MINUTES} minutes and 7 days`);
  return n;
}

/** A date (`2026-11-01`, read as UTC midnight) or a full ISO time → ms. */
function date(value: string): number {
  const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value.trim()) ? `${value.trim()}T00:00:00Z` : value);
  if (Number.isNaN(ms)) throw new InvalidArgumentError('expected a date such as 2026-11-01');
  return ms;
}

function window(value: string): NonNullable<FollowSettings['window']> {
  const parsed = parseWindow(value);
  if (parsed === undefined) throw new InvalidArgumentError('expected local hours start-end, such as 22-6');
  return parsed;
}

/** The engine on the opened home, without a scheduler; rows go straight into the home's queue. */
function engineOn(opened: OpenedService): FollowEngine {
  return new FollowEngine({
    store: opened.store,
    sources: { upstream: opened.upstream, store: opened.store, profile: opened.profile },
    settings: opened.settings,
    clock: systemClock,
    queue: {
      enqueue: async (url) => {
        const [row] = (await opened.store.queue.add([{ id: randomUUID(), ...classifyUrl(url) }])).items;
        if (row === undefined) throw new Error(`The queue took no row for ${url}`);
        return row;
      },
      run: () => Promise.resolve(),
      get: (id) => opened.store.queue.get(id),
    },
    events: { changed: () => undefined, landed: () => undefined },
    schedule: false,
  });
}

async function withEngine<T>(fn: (engine: FollowEngine) => Promise<T>): Promise<T> {
  return withService(async (opened) => {
    const engine = engineOn(opened);
    try {
      return await fn(engine);
    } catch (error) {
      if (isDeskError(error)) fail(`${error.message} (${error.code})`);
      throw error;
    } finally {
      await engine.close();
    }
  });
}

const when = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString().replace('T', ' ').slice(0, 16));

function describeFollow(f: Follow): string {
  const lines = [`${f.source.title} (${f.source.kind}) ${f.source.url}`, `  id ${f.id}, status ${f.status}${f.message === null ? '' : `: ${f.message}`}`];
  const budget = f.monthlyBudget === null ? 'no budget' : `${f.spentThisMonth} of ${f.monthlyBudget} credits spent in ${f.budgetMonth}`;
  lines.push(`  every ${f.intervalMinutes} min, backfill ${f.backfill}${f.since === null ? '' : `, since ${when(f.since)}`}${f.window === null ? '' : `, window ${windowText(f.window)}`}, ${budget}`);
  if (f.lastCheck !== null) lines.push(`  last check ${when(f.lastCheckAt)}: ${f.lastCheck.seen} items in the source, ${f.lastCheck.newItems} new, ${f.lastCheck.queued} queued${f.lastCheck.error === null ? '' : `; error: ${f.lastCheck.error}`}`);
  lines.push(`  next check ${when(f.nextCheckAt)}; ${f.itemsKnown} items known, ${f.unseen} new transcripts unseen`);
  return lines.join('\n');
}

const queuedNote = (f: Follow) =>
  (f.lastCheck?.queued ?? 0) > 0 ? `\n${f.lastCheck?.queued} item(s) queued: the desktop app or \`transcript-desk serve\` fetches them (Run in the app does it at once).` : '';

function print(f: Follow, json: boolean | undefined, note = ''): void {
  process.stdout.write(json === true ? `${JSON.stringify({ follow: f })}\n` : `${describeFollow(f)}${note}\n`);
}

export function registerFollowCommands(program: Command): void {
  const follow = program.command('follow').description('follow a channel, playlist, show or feed: new items are queued on a schedule (run by the app or serve)');

  follow
    .command('add <url>')
    .description('follow a source (checked once now; its newest --backfill items are queued)')
    .option('--every <interval>', 'how often to check: minutes, or 30m, 2h, 1d (default 60m)', interval)
    .option('--since <date>', 'never queue items published before this date (2026-11-01)', date)
    .option('--backfill <n>', 'at the first check, queue the newest N items already there (default 0)', wholeNumber)
    .option('--window <hours>', 'queue new items only between these local hours, such as 22-6', window)
    .option('--budget <credits>', 'credits this follow may spend per calendar month (UTC)', wholeNumber)
    .option('--json', 'print JSON')
    .action((url: string, options: { every?: number; since?: number; backfill?: number; window?: FollowSettings['window']; budget?: number; json?: boolean }) =>
      withEngine(async (engine) => {
        const settings: Partial<FollowSettings> = {
          ...(options.every === undefined ? {} : { intervalMinutes: options.every }),
          ...(options.since === undefined ? {} : { since: options.since }),
          ...(options.backfill === undefined ? {} : { backfill: options.backfill }),
          ...(options.window === undefined ? {} : { window: options.window }),
          ...(options.budget === undefined ? {} : { monthlyBudget: options.budget }),
        };
        const added = await engine.add({ url, ...settings });
        print(added, options.json, queuedNote(added));
      }),
    );

  follow
    .command('list')
    .description('every follow: status, last and next check, new transcripts')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      withEngine(async (engine) => {
        const follows = await engine.list();
        if (options.json === true) return void process.stdout.write(`${JSON.stringify({ follows })}\n`);
        if (follows.length === 0) return void process.stdout.write('No follows yet: transcript-desk follow add <url>\n');
        const rows = [['ID', 'STATUS', 'SOURCE', 'LAST CHECK', 'NEXT CHECK', 'UNSEEN', 'MESSAGE']];
        for (const f of follows) rows.push([f.id, f.status, f.source.title, when(f.lastCheckAt), when(f.nextCheckAt), String(f.unseen), f.message ?? '']);
        process.stdout.write(`${table(rows)}\n`);
      }),
    );

  follow
    .command('remove <id>')
    .description('stop following (its transcripts stay in the library)')
    .action((id: string) =>
      withEngine(async (engine) => {
        if (!(await engine.remove(id))) fail(`No follow with the id ${id}`);
        process.stdout.write(`removed ${id}\n`);
      }),
    );

  for (const [name, description] of [
    ['pause', 'no checks until resumed'],
    ['resume', 'check again on its schedule (at once if a check was due)'],
    ['check', 'check now, paused or not, and print what was found and queued'],
  ] as const) {
    follow
      .command(`${name} <id>`)
      .description(description)
      .option('--json', 'print JSON')
      .action((id: string, options: { json?: boolean }) =>
        withEngine(async (engine) => {
          const result = name === 'pause' ? await engine.pause(id) : name === 'resume' ? await engine.resume(id) : await engine.checkNow(id);
          print(result, options.json, name === 'check' ? queuedNote(result) : '');
        }),
      );
  }
}
