// The wire under the upstream client: undici, with the address guard in the connect step. The
// Electron shell can swap in a transport on Chromium's network stack; everything above (routing,
// redirects, retries, caps, cookies) stays the same.
import type { Readable, Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { getProxyForUrl } from 'proxy-from-env';
import { Agent, ProxyAgent, request, type Dispatcher } from 'undici';
import { assertResolvesPublic, guardedLookup, type Resolver } from './guardedLookup';

export interface TransportRequest {
  /** Where the bytes go (after routing). */
  url: URL;
  method: 'GET' | 'POST' | 'HEAD';
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  /** False only for the configured routing origin, which the operator chose on purpose. */
  guarded: boolean;
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
}

const DECODERS: Record<string, () => Transform> = { gzip: createGunzip, 'x-gzip': createGunzip, deflate: createInflate, br: createBrotliDecompress };

/**
 * Undoes Content-Encoding as the body streams, so the client's size caps count decompressed bytes
 * (a small gzip bomb stops at the cap). Unknown encodings are passed through untouched.
 */
export function decoded(status: number, headers: TransportResponse['headers'], body: Readable): TransportResponse {
  const encoding = String(headers['content-encoding'] ?? '').trim().toLowerCase();
  const decoder = DECODERS[encoding];
  if (decoder === undefined) return { status, headers, body };
  const { 'content-encoding': _encoding, 'content-length': _length, ...rest } = headers;
  const stream = decoder();
  body.on('error', (error) => stream.destroy(error));
  stream.on('close', () => body.destroy());
  return { status, headers: rest, body: body.pipe(stream) };
}

export interface UndiciTransportOptions {
  connectTimeoutMs?: number;
  /** DNS resolver; tests give a fake one to check the guard, production uses the system's. */
  resolve?: Resolver;
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
      return decoded(response.statusCode, response.headers, response.body);
    },
    async close() {
      await Promise.all([plain.close(), guarded.close(), ...[...proxies.values()].map((d) => d.close())]);
    },
  };
}
