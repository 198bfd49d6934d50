// The upstream client's wire inside the desktop app: Chromium's network stack (net.request) in a
// session per platform, so upstreams see a browser's TLS handshake, the system proxy applies and
// a platform's sign-in cookies go with its requests. Like every transport it does not follow
// redirects: a 3xx is handed back to the client, which checks the next hop and goes on.
// (net.fetch cannot do that: with redirect 'manual' it fails the request instead of answering.)
import { Readable } from 'node:stream';
import { net, type IncomingMessage, type Session } from 'electron';
import { idleGuard, timeoutError } from '#service/upstream/idleGuard';
import type { Transport, TransportRequest, TransportResponse } from '#service/upstream/transport';
import type { UpstreamScope } from '#service/upstream/userAgents';
import { assertPublicHost } from './addressCheck';
import { withNodeCode } from './chromiumErrors';
import { browserUserAgent } from './sessions';

export interface ElectronTransportOptions {
  sessionFor(scope: UpstreamScope | undefined): Session;
}

/** Headers Chromium sets itself (and decodes for): passing ours would be refused or would break decoding. */
const CHROMIUM_OWNS = new Set(['accept-encoding', 'host', 'connection', 'content-length', 'transfer-encoding']);

function flatHeaders(raw: Record<string, string | string[]>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(raw)) out[name.toLowerCase()] = value;
  return out;
}

function send(session: Session, req: TransportRequest): Promise<TransportResponse> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const request = net.request({
      url: req.url.href,
      method: req.method,
      session,
      redirect: 'manual',
      // The routing origin (tests, the demo) is not the platform: its cookies are the client's jar alone.
      useSessionCookies: req.guarded,
      cache: 'no-store',
    });
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      clearTimeout(headersTimer);
      reject(withNodeCode(error));
    };
    const headersTimer = setTimeout(() => {
      request.abort();
      fail(timeoutError('UND_ERR_HEADERS_TIMEOUT', `no answer within ${req.headersTimeoutMs} ms`));
    }, req.headersTimeoutMs);
    const onAbort = () => {
      request.abort();
      fail(req.signal.reason);
    };
    if (req.signal.aborted) return onAbort();
    req.signal.addEventListener('abort', onAbort, { once: true });

    for (const [name, value] of Object.entries(req.headers)) if (!CHROMIUM_OWNS.has(name.toLowerCase())) request.setHeader(name, value);

    request.on('redirect', (status: number, _method: string, location: string, headers: Record<string, string[]>) => {
      if (settled) return;
      settled = true;
      clearTimeout(headersTimer);
      // Not followed: the client decides (address check, hop count, method change) and asks again.
      resolve({ status, headers: { ...flatHeaders(headers), location }, body: Readable.from([]) });
      request.abort();
    });
    request.on('response', (response: IncomingMessage) => {
      if (settled) return;
      settled = true;
      clearTimeout(headersTimer);
      const headers = flatHeaders(response.headers);
      // Chromium has already undone Content-Encoding; the headers still name it.
      if (headers['content-encoding'] !== undefined) {
        delete headers['content-encoding'];
        delete headers['content-length'];
      }
      const body = idleGuard(req.bodyTimeoutMs);
      response.on('error', (error: Error) => body.destroy(withNodeCode(error)));
      // At run time an IncomingMessage is a Readable; its typings only say EventEmitter.
      (response as unknown as Readable).pipe(body);
      req.signal.addEventListener('abort', () => body.destroy(req.signal.reason as Error), { once: true });
      body.on('close', () => req.signal.removeEventListener('abort', onAbort));
      resolve({ status: response.statusCode, headers, body });
    });
    request.on('error', fail);
    if (req.body !== undefined) request.write(req.body);
    request.end();
  });
}

export function electronTransport(options: ElectronTransportOptions): Transport {
  return {
    // Chromium's handshake with any other browser's User-Agent is a classic bot signal (a Safari
    // UA over Chromium's TLS): every request says what the session really is, unless a fetcher
    // names a client of its own (YouTube's InnerTube clients).
    userAgentFor: (_url, scope) => browserUserAgent(options.sessionFor(scope)),
    async send(req) {
      const session = options.sessionFor(req.scope);
      if (req.guarded) {
        try {
          await assertPublicHost(session, req.url.hostname);
        } catch (error) {
          throw withNodeCode(error);
        }
      }
      return send(session, req);
    },
    close: () => Promise.resolve(),
  };
}
