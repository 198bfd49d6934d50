// Chromium reports network failures as `net::ERR_…` strings; the upstream client classifies Node's
// error codes. This maps the ones that mean the same thing, so messages read alike on both stacks.
const CODES: Readonly<Record<string, string>> = {
  'net::ERR_NAME_NOT_RESOLVED': 'ENOTFOUND',
  'net::ERR_NAME_RESOLUTION_FAILED': 'EAI_AGAIN',
  'net::ERR_CONNECTION_REFUSED': 'ECONNREFUSED',
  'net::ERR_CONNECTION_RESET': 'ECONNRESET',
  'net::ERR_CONNECTION_CLOSED': 'UND_ERR_SOCKET',
  'net::ERR_EMPTY_RESPONSE': 'UND_ERR_SOCKET',
  'net::ERR_INCOMPLETE_CHUNKED_ENCODING': 'UND_ERR_SOCKET',
  'net::ERR_CONTENT_LENGTH_MISMATCH': 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH',
  'net::ERR_CONNECTION_TIMED_OUT': 'UND_ERR_CONNECT_TIMEOUT',
  'net::ERR_TIMED_OUT': 'UND_ERR_CONNECT_TIMEOUT',
};

/** The error with a `code` the upstream client knows, keeping Chromium's text as the message. */
export function withNodeCode(error: unknown): Error {
  const base = error instanceof Error ? error : new Error(String(error));
  const name = /net::ERR_[A-Z_]+/.exec(base.message)?.[0];
  const code = name === undefined ? undefined : (CODES[name] ?? name);
  return code === undefined ? base : Object.assign(base, { code });
}
