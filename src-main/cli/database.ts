// `--database <url>`: the team database of serve, worker, migrate and status. One parser, so every
// command accepts the same URLs, takes the same default from the environment and never prints a
// password (an operator pastes what a command printed into tickets and chats).
import { InvalidArgumentError, Option } from 'commander';

/** Where `--database` comes from when it is not given: systemd units and containers set it once for every command. */
export const DATABASE_ENV = 'TRANSCRIPT_DESK_DATABASE';

const SCHEMES = new Set(['postgres:', 'postgresql:']);

/**
 * A refused `--database` value. Commander would print an InvalidArgumentError as "argument '<the
 * value>' is invalid", password and all; with a code of its own it is not reworded but reaches
 * cli.ts's handler, which prints the message alone (exit code 1).
 */
export class DatabaseUrlError extends InvalidArgumentError {
  constructor(message: string) {
    super(`--database: ${message}`);
    this.code = 'transcript-desk.invalidDatabaseUrl';
  }
}

/**
 * A PostgreSQL connection URL, checked for its shape only (reaching it is the command's business).
 * Anything else is refused with the sentence commander prints under the option's name.
 */
export function databaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // The value itself may hold a password: it is never repeated back.
    throw new DatabaseUrlError('expected a PostgreSQL URL such as postgres://user:password@host:5432/transcripts');
  }
  if (!SCHEMES.has(url.protocol)) {
    throw new DatabaseUrlError(`expected a postgres:// or postgresql:// URL, not ${url.protocol}// (Transcript Desk's team server runs on PostgreSQL only)`);
  }
  return value;
}

/**
 * The option as every team command declares it. `required`: the command cannot run without a
 * database (migrate, status, worker); serve takes it as an alternative to the data home.
 */
export function databaseOption(required = true): Option {
  const option = new Option('--database <url>', `the team server's PostgreSQL, postgres://user:password@host:5432/db (default: $${DATABASE_ENV})`)
    .argParser(databaseUrl)
    .env(DATABASE_ENV);
  return required ? option.makeOptionMandatory() : option;
}

/**
 * The URL with its password (and any `password` query parameter) replaced by `***`: what a command
 * may print. A value that is not a URL at all is not printed back.
 */
export function redactDatabaseUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return '(not a URL)';
  }
  if (url.password !== '') url.password = '***';
  if (url.searchParams.has('password')) url.searchParams.set('password', '***');
  return url.toString();
}
