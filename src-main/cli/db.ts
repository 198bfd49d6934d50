// db stats | prune | vacuum: the ledger file's own commands. Safe while a server or the app runs
// on the same data home (SQLite's WAL lets them read while these write, and the other way round).
import type { Command } from 'commander';
import type { OpenedService } from '#service/open';
import { withService } from './common';
import { duration, formatBytes } from './units';

async function stats({ store }: OpenedService) {
  const cache = await store.cache.stats();
  const { fileBytes, walBytes } = await store.maintenance.sizes();
  const limit = await store.cache.limit();
  return { transcripts: cache.transcripts, kept: cache.kept, cacheBytes: cache.bytes, limitBytes: limit.bytes, fileBytes, walBytes, rows: await store.maintenance.rowCounts() };
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function registerDbCommands(program: Command): void {
  const db = program.command('db').description('the ledger file: its size, pruning old transcripts, giving space back');

  db.command('stats')
    .description('transcripts cached, their size against the limit, the file and its WAL, rows per table')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) =>
      withService(async (opened) => {
        const s = await stats(opened);
        if (options.json === true) return void process.stdout.write(`${JSON.stringify(s)}\n`);
        const limit = s.limitBytes === null ? 'no limit' : `limit ${formatBytes(s.limitBytes)}`;
        process.stdout.write(`transcripts  ${s.transcripts} (${s.kept} kept in the library)\n`);
        process.stdout.write(`cache        ${formatBytes(s.cacheBytes)} (${limit})\n`);
        process.stdout.write(`file         ${formatBytes(s.fileBytes)} + WAL ${formatBytes(s.walBytes)}\n`);
        process.stdout.write('rows\n');
        for (const [table, rows] of Object.entries(s.rows)) process.stdout.write(`  ${table.padEnd(20)} ${rows}\n`);
      }),
    );

  db.command('prune')
    .description('remove cached transcripts not used for a while (never those kept in the library); lists them unless --yes')
    .requiredOption('--older-than <age>', 'not used (fetched or served from the cache) for this long: 90d, 12h, 2w', duration)
    .option('--yes', 'remove them (without it, only list what would go)')
    .action((options: { olderThan: number; yes?: boolean }) =>
      withService(async ({ store }) => {
        const before = Date.now() - options.olderThan;
        const stale = await store.cache.stale(before);
        const bytes = stale.reduce((sum, t) => sum + t.bytes, 0);
        if (options.yes !== true) {
          for (const t of stale) process.stdout.write(`${t.platform}  ${t.canonicalKey}  last used ${day(t.usedAt)}  ${formatBytes(t.bytes)}  ${t.title ?? ''}\n`);
          process.stdout.write(`would remove ${stale.length} transcript(s), ${formatBytes(bytes)}, not used since ${day(before)}; run again with --yes to remove them\n`);
          return;
        }
        const removed = await store.cache.prune(before);
        await store.maintenance.checkpoint();
        process.stdout.write(`removed ${removed} transcript(s), ${formatBytes(bytes)}; the file reuses the space (db vacuum gives it back to the disk)\n`);
      }),
    );

  db.command('vacuum')
    .description('rewrite the ledger file without its free space (needs that much free disk for a while)')
    .action(() =>
      withService(async ({ store }) => {
        const before = await store.maintenance.sizes();
        await store.maintenance.vacuum();
        const after = await store.maintenance.sizes();
        process.stdout.write(`ledger ${formatBytes(before.fileBytes + before.walBytes)} → ${formatBytes(after.fileBytes + after.walBytes)}\n`);
      }),
    );
}
