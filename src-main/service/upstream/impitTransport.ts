// The wire for the platform hosts that fingerprint the client (browserGrade.ts lists them): impit,
// a Rust HTTP client whose TLS and HTTP/2 handshakes are a real browser's, impersonating
// IMPERSONATED_BROWSER. Node's own handshake gets 403s and challenge pages from TikTok, Instagram,
// Kick and YouTube's subtitle host (yt-dlp impersonates a browser for exactly these).
// Like every transport it follows no redirects: the client checks every hop and asks again.
//
// THE ADDRESS GUARD HAS A GAP HERE. impit resolves names itself and takes no resolver, so the
// address the guard checked cannot be pinned: a guarded request resolves the name with the guard
// first (assertResolvesPublic) and impit then looks it up again. A DNS answer that changes in
// between (rebinding) would reach an address the guard never saw. What limits it: only the fixed
// allow-list of platform hosts travels here, whose DNS the platforms run, not whoever wrote a
// payload; every other host (media, CDNs, feeds, redirect targets off the list) goes through
// undici, whose guard checks the very answer it connects to; literal IPs are checked without DNS;
// and both lookups normally hit the same resolver cache moments apart.
import { Readable } from 'node:stream';
import type { Impit } from 'impit';
import { assertResolvesPublic, type Resolver } from './guardedLookup';
import { timeoutError } from './idleGuard';
import { decoded, type Transport, type TransportRequest, type TransportResponse } from './transport';
import { BROWSER_USER_AGENT, IMPERSONATED_BROWSER } from './userAgents';

export interface ImpitTransportOptions {
  /** DNS resolver of the guard; tests give a fake one, production uses the system's. */
  resolve?: Resolver;
  /** Loads impit (tests make it fail to see the fallback). */
  load?: () => Promise<{ Impit: typeof Impit }>;
}

/** impit loaded but its native binary did not (an unsupported OS or CPU): the caller may fall back. */
export const IMPIT_UNAVAILABLE = 'ERR_IMPIT_UNAVAILABLE';

/**
 * Content codings impit undoes itself, matched as impit matches them (exactly, one coding): it
 * keeps the header, so it goes here and the body is not decoded twice. Anything else (x-gzip,
 * GZIP, a list) arrives as sent and is decoded once by `decoded()`, as on the undici path.
 */
const IMPIT_DECODES: ReadonlySet<string> = new Set(['gzip', 'deflate', 'br', 'zstd']);

/**
 * impit's own timeout is a deadline for headers and body together (30 s unless set), which
 * would cut a long answer that keeps arriving. The client's deadline, the headers timeout and the
 * idle timeout below do that job; this only keeps impit's out of the way.
 */
const NO_IMPIT_DEADLINE_MS = 24 * 60 * 60 * 1000;

/**
 * The client's default headers (client.ts `headersFor`) that the impersonated browser sends itself:
 * dropped so the browser's own values and header order stand (a navigation's Accept, Chrome's
 * Accept-Encoding with zstd, which impit decodes). A fetcher's own values are kept.
 */
function requestHeaders(given: Record<string, string>): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(given)) {
    const key = name.toLowerCase();
    if (key === 'accept-encoding') continue; // impit asks for what it can decode; another list could bring a body nobody decodes
    if (key === 'user-agent' && value === BROWSER_USER_AGENT) continue;
    if (key === 'accept' && value === '*/*') continue;
    if (key === 'accept-language' && value === 'en-US,en;q=0.9') continue;
    headers[key] = value;
  }
  return headers;
}

function flatHeaders(headers: Headers): TransportResponse['headers'] {
  const out: TransportResponse['headers'] = {};
  headers.forEach((value, name) => {
    out[name.toLowerCase()] = value;
  });
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) out['set-cookie'] = cookies;
  return out;
}

/** impit's errors (Rust debug dumps) as the Node codes the client classifies, with a one-line message. */
export function withNodeCode(error: unknown): Error {
  const base = error instanceof Error ? error : new Error(String(error));
  const own = (base as { code?: unknown }).code;
  // Ours (a timeout, the guard) pass as they are; N-API's own codes ('Unknown', 'GenericFailure') say nothing.
  if (typeof own === 'string' && /^(E[A-Z]+$|UND_ERR_|ERR_)/.test(own)) return base;
  const text = base.message;
  const code =
    base.name === 'ConnectTimeout'
      ? 'UND_ERR_CONNECT_TIMEOUT'
      : /ConnectionRefused|connection refused/i.test(text)
        ? 'ECONNREFUSED'
        : /dns error|failed to lookup address/i.test(text)
          ? 'ENOTFOUND'
          : /ConnectionReset|reset by peer/i.test(text)
            ? 'ECONNRESET'
            : /IncompleteBody|UnexpectedEof|connection closed/i.test(text)
              ? 'UND_ERR_SOCKET'
              : /certificate/i.test(text)
                ? 'ERR_TLS_CERT_INVALID'
                : base.name !== 'Error'
                  ? `impit ${base.name}`
                  : 'impit error';
  const firstLine = text.split('\n', 1)[0] ?? text;
  return Object.assign(new Error(firstLine, { cause: base }), { code });
}

/**
 * The response body as one Node stream over impit's web stream: each read() takes the next chunk
 * from the wire, impit's errors translated, a silence of `idleMs` while it waits for the wire is
 * a body timeout (as undici's bodyTimeout: a long download that keeps moving is never cut), and
 * the wire stopped when nobody reads on. One stream, not a generator piped through a guard:
 * the three layers cost about 0.35 ms per request on a 200 kB answer (bench/sync-overhead).
 */
function bodyOf(web: ReadableStream<Uint8Array>, idleMs: number, stop: AbortController): Readable {
  const reader = web.getReader();
  let timer: NodeJS.Timeout | undefined;
  let ended = false;
  const body = new Readable({
    read() {
      timer = setTimeout(() => body.destroy(timeoutError('UND_ERR_BODY_TIMEOUT', `no data for ${idleMs} ms`)), idleMs);
      timer.unref();
      reader.read().then(
        ({ done, value }) => {
          clearTimeout(timer);
          if (body.destroyed) return;
          if (done) {
            ended = true;
            body.push(null);
          } else body.push(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          body.destroy(withNodeCode(error));
        },
      );
    },
    destroy(error, done) {
      clearTimeout(timer);
      if (!ended) {
        stop.abort(new Error('the body was not read to its end'));
        reader.cancel().catch(() => undefined);
      }
      done(error);
    },
  });
  return body;
}

export function impitTransport(options: ImpitTransportOptions = {}): Transport {
  const load = options.load ?? (() => import('impit'));
  let impit: Promise<Impit> | undefined;
  // Loaded on first use: a CLI command that never reaches these hosts does not load the native module.
  // impit reads HTTPS_PROXY / HTTP_PROXY / NO_PROXY itself when it is created.
  const client = () =>
    (impit ??= load().then(
      ({ Impit }) => new Impit({ browser: IMPERSONATED_BROWSER, followRedirects: false }),
      (error: unknown) => {
        throw Object.assign(new Error(`impit could not be loaded (${(error as Error).message.trim().split('\n', 1)[0]})`, { cause: error }), { code: IMPIT_UNAVAILABLE });
      },
    ));

  async function send(req: TransportRequest): Promise<TransportResponse> {
    if (req.guarded) await assertResolvesPublic(req.url.hostname.replace(/^\[|\]$/g, ''), options.resolve);
    const fetcher = await client();
    const stop = new AbortController();
    const signal = AbortSignal.any([req.signal, stop.signal]);
    const headersTimer = setTimeout(() => stop.abort(timeoutError('UND_ERR_HEADERS_TIMEOUT', `no answer within ${req.headersTimeoutMs} ms`)), req.headersTimeoutMs);
    let response;
    try {
      response = await fetcher.fetch(req.url.href, {
        method: req.method,
        headers: requestHeaders(req.headers),
        ...(req.body === undefined ? {} : { body: req.body }),
        signal,
        redirect: 'manual',
        timeout: NO_IMPIT_DEADLINE_MS,
      });
    } catch (error) {
      if (req.signal.aborted) throw req.signal.reason;
      if (stop.signal.aborted) throw stop.signal.reason;
      throw withNodeCode(error);
    } finally {
      clearTimeout(headersTimer);
    }
    const headers = flatHeaders(response.headers);
    const coding = headers['content-encoding'];
    if (req.method !== 'HEAD' && typeof coding === 'string' && IMPIT_DECODES.has(coding)) {
      // Already decoded by impit: the length on the wire no longer describes what we hold.
      delete headers['content-encoding'];
      delete headers['content-length'];
    }
    const body = req.method === 'HEAD' ? Readable.from([]) : bodyOf(response.body, req.bodyTimeoutMs, stop);
    return decoded({ status: response.status, headers, body }, req.method);
  }

  return {
    send,
    async close() {
      // impit has no close: its pooled connections go with the instance.
      impit = undefined;
      await Promise.resolve();
    },
    userAgentFor: () => BROWSER_USER_AGENT,
  };
}
