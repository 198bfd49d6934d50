// The desktop app's log: `<data home>/logs/transcript-desk.log`, what someone helping a user asks
// for. The app has no terminal to print to once it is started from a dock or a start menu, so its
// own lines, its warnings and errors (with their stacks) and, when the local REST API is on, its
// access lines (http/accessLog.ts) go to this file too. The file is capped: past LOG_FILE_MAX_BYTES
// it becomes `transcript-desk.log.1` (replacing the one before) and a new file starts, so the
// folder never holds more than two files, about twice the cap.
import { existsSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { format } from 'node:util';
import { pino, type DestinationStream, type Logger } from 'pino';
import { logSerializers } from '../http/accessLog';

export const LOG_FILE_MAX_BYTES = 5 * 1024 * 1024;
export const LOG_FILE_NAME = 'transcript-desk.log';
export const logFolder = (home: string): string => join(home, 'logs');

/**
 * An append-only file that rotates before a line would take it past `maxBytes`, so a line is never
 * split between two files. Written synchronously: the app logs a few lines a minute (a request a
 * line when the REST API is on), and a line written is a line kept when the app is killed.
 */
export class SizeCappedFile implements DestinationStream {
  private size: number;
  private readonly stream;

  constructor(
    readonly path: string,
    readonly maxBytes = LOG_FILE_MAX_BYTES,
  ) {
    this.size = existsSync(path) ? statSync(path).size : 0;
    this.stream = pino.destination({ dest: path, sync: true, append: true, mkdir: true });
  }

  write(line: string): void {
    const bytes = Buffer.byteLength(line);
    // A file with nothing in it is never rotated, so a line longer than the cap is still written.
    if (this.size > 0 && this.size + bytes > this.maxBytes) this.rotate();
    this.stream.write(line);
    this.size += bytes;
  }

  close(): void {
    this.stream.end();
  }

  private rotate(): void {
    renameSync(this.path, `${this.path}.1`);
    this.stream.reopen();
    this.size = 0;
  }
}

export interface AppLog {
  logger: Logger;
  folder: string;
  file: string;
  close(): void;
}

export function openAppLog(home: string, maxBytes = LOG_FILE_MAX_BYTES): AppLog {
  const folder = logFolder(home);
  // The data home and what is in it stay the user's own (home.ts); the log names URLs and accounts.
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  const file = join(folder, LOG_FILE_NAME);
  const destination = new SizeCappedFile(file, maxBytes);
  return { logger: pino({ level: 'info', serializers: logSerializers }, destination), folder, file, close: () => destination.close() };
}

/**
 * `console.warn` and `console.error` also into the log: the service and the desk report what goes
 * wrong through them (a queue item that failed unexpectedly, an export that could not be written)
 * and run in the CLI too, where they have no logger to be given. Returns the undo.
 */
export function copyConsoleInto(logger: Logger): () => void {
  const { warn, error } = console;
  console.warn = (...args: unknown[]) => {
    warn(...args);
    logger.warn(format(...args));
  };
  console.error = (...args: unknown[]) => {
    error(...args);
    logger.error(format(...args));
  };
  return () => {
    console.warn = warn;
    console.error = error;
  };
}
