// The wire under the upstream client: undici, with the address guard in the connect step. The
// Electron shell swaps in a transport on Chromium's network stack (src-main/app/net/); everything
// above (routing, redirects, retries, caps, cookies) stays the same. A transport never follows
// redirects: the client does, checking every hop.
import { pipeline, type Readable, type Transform } from 'node:stream';
import { constants, createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { getProxyForUrl } from 'proxy-from-env';
import { Agent, ProxyAgent, request, type Dispatcher } from 'undici';
import { assertResolvesPublic, guardedLookup, type Resolver } from './guardedLookup';
import type { UpstreamScope } from './userAgents';

export interface TransportRequest {
  /** Where the bytes go (after routing). */
  url: URL;
  /**
   * The platform URL this request stands for (the client sets it). The same as `url` in
   * production; under TRANSCRIPT_DESK_UPSTREAM `url` points at the routing origin, and a
   * transport that picks its wire by site (browserGrade.ts) must look here.
   */
  logicalUrl?: URL;
  method: 'GET' | 'POST' | 'HEAD';
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  /** False only for the configured routing origin, which the operator chose on purpose. */
  guarded: boolean;
  /** Whose request it is (the Electron transport sends each platform's through its own session). */
  scope?: UpstreamScope | undefined;
}

export interface TransportResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
}

/** Drops a body we will not read: a destroyed stream that nobody listens to must not crash the process. */
export function discard(body: Readable): void {
  body.on('error', () => undefined);
  body.destroy();
}

export interface Transport {
  send(request: TransportRequest): Promise<TransportResponse>;
  close(): Promise<void>;
  /**
   * The User-Agent of the browser this transport's handshake looks like, for a request to `url`
   * (logical): the client's default, so the two never disagree. Absent or undefined: Node's own
   * stack, which looks like no browser (the client sends BROWSER_USER_AGENT).
   */
  userAgentFor?(url: URL, scope: UpstreamScope | undefined): string | undefined;
}

export interface UndiciTransportOptions {
  connectTimeoutMs?: number;
  /** DNS resolver; tests give a fake one to check the guard, production uses the system's. */
  resolve?: Resolver;
}

// Lenient like browsers: a compressed body cut short yields what arrived instead of an error, so
// the caller sees "truncated" in the content rather than an opaque zlib failure.
const DECODERS: Readonly<Record<string, () => Transform>> = {
  gzip: () => createGunzip({ finishFlush: constants.Z_SYNC_FLUSH }),
  'x-gzip': () => createGunzip({ finishFlush: constants.Z_SYNC_FLUSH }),
  deflate: () => createInflate({ finishFlush: constants.Z_SYNC_FLUSH }),
  br: () => createBrotliDecompress({ finishFlush: constants.BROTLI_OPERATION_FLUSH }),
};

/**
 * Undoes Content-Encoding below the client, so size caps count what we actually hold (a zip bomb
 * stops at the cap). node:zlib rather than undici's decompress interceptor, which is experimental
 * and prints a warning on every CLI start.
 */
export function decoded(response: TransportResponse, method: TransportRequest['method']): TransportResponse {
  const encoding = String(response.headers['content-encoding'] ?? '').trim().toLowerCase();
  const decoder = method === 'HEAD' ? undefined : DECODERS[encoding];
  if (decoder === undefined) return response;
  const headers = { ...response.headers };
  delete headers['content-encoding'];
  delete headers['content-length'];
  // pipeline destroys both ends on an error, so a failure on the wire reaches whoever reads the body.
  const body = pipeline(response.body, decoder(), () => undefined);
  return { status: response.status, headers, body };
}

export function undiciTransport(options: UndiciTransportOptions = {}): Transport {
  const connectTimeout = options.connectTimeoutMs ?? 5000;
  const plain = new Agent({ connect: { timeout: connectTimeout } });
  const guarded = new Agent({ connect: { timeout: connectTimeout, lookup: guardedLookup(options.resolve) } });
  const proxies = new Map<string, Dispatcher>();

  async function dispatcherFor(req: TransportRequest): Promise<Dispatcher> {
    // HTTPS_PROXY / HTTP_PROXY / NO_PROXY, read per request like curl does.
    const proxy = getProxyForUrl(req.url.href);
    if (proxy === '') return req.guarded ? guarded : plain;
    // Through a proxy the proxy does the DNS; check the name ourselves first (best effort: the
    // proxy may resolve differently, which the proxy's own policy has to cover).
    if (req.guarded) await assertResolvesPublic(req.url.hostname, options.resolve);
    let dispatcher = proxies.get(proxy);
    if (dispatcher === undefined) {
      dispatcher = new ProxyAgent({ uri: proxy, connect: { timeout: connectTimeout } });
      proxies.set(proxy, dispatcher);
    }
    return dispatcher;
  }

  return {
    async send(req) {
      const dispatcher = await dispatcherFor(req);
      const response = await request(req.url, {
        dispatcher,
        method: req.method,
        headers: req.headers,
        body: req.body,
        signal: req.signal,
        headersTimeout: req.headersTimeoutMs,
        bodyTimeout: req.bodyTimeoutMs,
      });
      return decoded({ status: response.statusCode, headers: response.headers, body: response.body }, req.method);
    },
    async close() {
      await Promise.all([plain.close(), guarded.close(), ...[...proxies.values()].map((d) => d.close())]);
    },
  };
}
