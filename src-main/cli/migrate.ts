// migrate --database URL: brings the team database to this build's schemas before the nodes of a
// new version start (README "Team server" ▸ Upgrades). Every node also migrates at start; running it
// by hand first makes an upgrade a step the operator sees, and refuses a wrong binary up front.
import type { Command } from 'commander';
import { migrateTeamDatabase, type SchemaStep } from '#service/cluster/operations';
import { databaseOption, redactDatabaseUrl } from './database';

function step(what: string, s: SchemaStep): string {
  const label = what.padEnd(8);
  if (s.before === s.after) return `${label}schema ${s.after}: up to date`;
  if (s.before === null || s.before === 0) return `${label}schema ${s.after}: installed`;
  return `${label}schema ${s.before} → ${s.after}`;
}

export function registerMigrate(program: Command): void {
  program
    .command('migrate')
    .description("bring a team server's PostgreSQL to this build's schemas (the store's tables, pg-boss's job queues); refuses a newer one")
    .addOption(databaseOption())
    .action(async (options: { database: string }) => {
      process.stdout.write(`database  ${redactDatabaseUrl(options.database)}\n`);
      const report = await migrateTeamDatabase(options.database);
      process.stdout.write(`${step('store', report.store)}\n${step('pg-boss', report.pgBoss)}\n`);
      const changed = report.store.before !== report.store.after || report.pgBoss.before !== report.pgBoss.after;
      process.stdout.write(changed ? 'migrated\n' : 'up to date: nothing to do\n');
    });
}
