// `serve --log-level` and `--log-format`: the pino logger the server's Fastify writes through.
// Log lines go to stdout, between the lines `serve` has always printed there (`listening on …`,
// `stopping: …`, `stopped`), which stay plain text for the scripts and tests that wait for them.
import { pino, type Logger } from 'pino';
import pinoPretty from 'pino-pretty';
import { logSerializers } from '../http/accessLog';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const LOG_FORMATS = ['json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

/** `info`: one access line per request, and everything worse. */
export const DEFAULT_LOG_LEVEL: LogLevel = 'info';

/** A person at a terminal reads lines; a pipe, a file or a log collector gets one JSON object a line. */
export function defaultLogFormat(stdoutIsTty: boolean): LogFormat {
  return stdoutIsTty ? 'pretty' : 'json';
}

/** The access line's fields, which its message already says in words (http/accessLog.ts). */
const SHOWN_IN_MESSAGE = 'pid,hostname,reqId,method,path,status,ms,account,key';

/**
 * Written synchronously: a line is on stdout before the next `process.stdout.write` of `serve`
 * and before `stopped` and the exit, so nothing is reordered or lost at a stop.
 */
export function serveLogger(level: LogLevel, format: LogFormat, stdoutIsTty = process.stdout.isTTY): Logger {
  const options = { level, serializers: logSerializers };
  if (format === 'json') return pino(options, pino.destination({ fd: 1, sync: true }));
  return pino(options, pinoPretty({ destination: 1, sync: true, colorize: stdoutIsTty, translateTime: 'SYS:HH:MM:ss.l', ignore: SHOWN_IN_MESSAGE }));
}
