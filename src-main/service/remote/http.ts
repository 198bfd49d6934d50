// One request to a team server: Node's fetch (undici) with a deadline and a cap on the answer's
// size, read into a status, the rate-limit headers and a JSON body. Nothing here throws: a server
// that cannot be reached, that stalls or that answers something unreadable comes back as a
// `failure` naming the server and the cause, which the client turns into a 502 refusal.

/** Long enough for a speech-to-text platform's clip (the server transcribes while we wait). */
export const REMOTE_TIMEOUT_MS = 5 * 60_000;
/**
 * The largest answer read: a long YouTube video's longform body with its timed segments is a few
 * MB; a server that sends more is not a transcript service.
 */
export const REMOTE_MAX_BYTES = 32 * 1024 * 1024;

export interface RemoteAnswer {
  kind: 'answer';
  status: number;
  headers: Headers;
  /** The parsed JSON body; undefined when the body was not JSON. */
  json: unknown;
  /** The body's first characters, for a message when it was not JSON. */
  text: string;
}

export interface RemoteFailure {
  kind: 'failure';
  /** Why, in words: "connection refused", "no answer within 300 s" … */
  cause: string;
}

export interface RemoteRequest {
  method: 'GET' | 'POST';
  /** Below the base URL: `/api/balance`. */
  path: string;
  key: string;
  body?: unknown;
  signal?: AbortSignal | undefined;
}

export interface RemoteHttpOptions {
  timeoutMs?: number;
  maxBytes?: number;
}

/** The base URL with the API path added (a base with a path keeps it: `https://host/td` + `/api/…`). */
export function remoteUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}

/** Undici hides the reason in `cause` (ECONNREFUSED, ENOTFOUND …): the words a user can act on. */
function causeOf(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || (error.name === 'AbortError' && String(error.message).includes('timeout')))) return `no answer within ${Math.round(timeoutMs / 1000)} s`;
  const cause = error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  const code = cause?.code;
  if (code === 'ECONNREFUSED') return 'connection refused (is the server running, and is the address right?)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'its host name does not resolve';
  if (code === 'ECONNRESET') return 'the connection was reset';
  if (code !== undefined) return `${code}${cause?.message === undefined ? '' : ` (${cause.message})`}`;
  if (cause?.message !== undefined) return cause.message;
  return error instanceof Error ? error.message : String(error);
}

async function readCapped(response: Response, maxBytes: number): Promise<string | undefined> {
  if (response.body === null) return '';
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body.cancel();
    return undefined;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Node's web streams are async iterable; leaving the loop early cancels the stream.
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > maxBytes) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function remoteRequest(base: string, request: RemoteRequest, options: RemoteHttpOptions = {}): Promise<RemoteAnswer | RemoteFailure> {
  const timeoutMs = options.timeoutMs ?? REMOTE_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? REMOTE_MAX_BYTES;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = request.signal === undefined ? deadline : AbortSignal.any([deadline, request.signal]);
  const headers: Record<string, string> = { authorization: `Bearer ${request.key}`, accept: 'application/json' };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const response = await fetch(remoteUrl(base, request.path), {
      method: request.method,
      headers,
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      signal,
      // A redirect would carry the key to wherever it points: a team server answers where it is.
      redirect: 'manual',
    });
    const text = await readCapped(response, maxBytes);
    if (text === undefined) return { kind: 'failure', cause: `its answer is larger than ${maxBytes >= 1024 * 1024 ? `${Math.round(maxBytes / 1024 / 1024)} MB` : `${maxBytes} bytes`}` };
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { kind: 'answer', status: response.status, headers: response.headers, json, text: text.slice(0, 200) };
  } catch (error) {
    if (request.signal?.aborted === true && !deadline.aborted) return { kind: 'failure', cause: 'the request was cancelled' };
    return { kind: 'failure', cause: causeOf(error, timeoutMs) };
  }
}
