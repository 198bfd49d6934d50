import { InvalidArgumentError } from 'commander';
import { resolveHome } from '#service/home';
import { isPlan, PLANS, type Plan } from '#service/store/port';
import { openService, type OpenedService, type ServiceHost } from '#service/open';
import type { ServiceOptions } from '#service/service';
import { DATABASE_ENV, databaseUrl } from './database';

export function wholeNumber(value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new InvalidArgumentError('expected a whole number ≥ 0');
  return n;
}

export function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('expected a port between 0 and 65535');
  return n;
}

export function plan(value: string): Plan {
  if (!isPlan(value)) throw new InvalidArgumentError(`expected one of ${PLANS.join(', ')}`);
  return value;
}

/**
 * Opens the data home (or, with `host.database`, a team server's PostgreSQL); says on stderr
 * (stdout stays clean for --json) when the owner was just created.
 */
export async function open(options: Omit<ServiceOptions, 'store'> = {}, given: ServiceHost = {}): Promise<OpenedService> {
  const home = resolveHome();
  // Every command that opens the service (keys, credits, get, db stats …) works on the team
  // database when $TRANSCRIPT_DESK_DATABASE names one, as serve and worker do.
  const fromEnv = process.env[DATABASE_ENV];
  const host: ServiceHost = given.database === undefined && fromEnv !== undefined && fromEnv !== '' ? { ...given, database: databaseUrl(fromEnv) } : given;
  const opened = await openService(home, options, process.env, host);
  if (opened.owner.created) {
    process.stderr.write(`Created the owner account (pro plan, 1000 credits) in ${host.database === undefined ? home : 'the team database'}.\nIts API key is stored in ${opened.owner.keyFile}\n`);
  }
  return opened;
}

export async function withService<T>(fn: (opened: OpenedService) => T | Promise<T>): Promise<T> {
  const opened = await open();
  try {
    return await fn(opened);
  } finally {
    await opened.close();
  }
}

export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
