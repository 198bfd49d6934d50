// The one HTTP client for all upstream traffic. Fetchers speak in logical URLs (the real hosts);
// this client routes, guards every hop, follows redirects, retries what is worth retrying, caps
// time and size, and keeps cookies per platform.
import type { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { literalHostProblem } from './addressPolicy';
import { CookieJars } from './cookies';
import { UpstreamError, type UpstreamFailure } from './errors';
import { BlockedAddressError } from './guardedLookup';
import { HostLimiter } from './limiter';
import { HostPacing, isPacingStatus } from './pacing';
import { redirected } from './redirects';
import { backoffMs, DEFAULT_RETRY, isRetryableStatus, retryAfterMs, type RetryPolicy } from './retry';
import { routeUrl } from './routing';
import { discard, undiciTransport, type Transport, type TransportResponse } from './transport';
import { BROWSER_USER_AGENT, type UpstreamScope } from './userAgents';

export interface UpstreamRequest {
  url: string | URL;
  /** Whose cookies and User-Agent to use; also names the platform in error messages. */
  scope?: UpstreamScope;
  method?: 'GET' | 'POST' | 'HEAD';
  headers?: Record<string, string>;
  body?: string;
  /** Largest body accepted, after decompression. */
  maxBytes?: number;
  /** Deadline for the whole request: every attempt, redirect and backoff. */
  timeoutMs?: number;
  headersTimeoutMs?: number;
  /** Longest silence while the body streams in. */
  bodyTimeoutMs?: number;
  retry?: Partial<RetryPolicy> | false;
  maxRedirects?: number;
  signal?: AbortSignal;
}

export interface UpstreamResponse {
  status: number;
  headers: Record<string, string>;
  /** The logical URL that answered, after redirects. */
  url: string;
  redirects: string[];
  body: Buffer;
  text(): string;
  json(): unknown;
}

export interface UpstreamStream {
  status: number;
  headers: Record<string, string>;
  url: string;
  /** From Content-Length when the server sent one. */
  contentLength: number | undefined;
  body: AsyncIterable<Buffer>;
  /** Stops the download and frees the connection. */
  cancel(): void;
}

export interface UpstreamClientOptions {
  /** TRANSCRIPT_DESK_UPSTREAM, parsed. */
  override?: URL;
  transport?: Transport;
  cookies?: CookieJars;
  perHostConcurrency?: number;
  /** Deadline of a request that sets none (TRANSCRIPT_DESK_UPSTREAM_TIMEOUT_MS); 20 s by default. */
  timeoutMs?: number;
  /** Per-host cooldowns; one of its own by default. */
  pacing?: HostPacing;
}

const DEFAULTS = { maxBytes: 8 * 1024 * 1024, streamMaxBytes: 2 * 1024 ** 3, timeoutMs: 20_000, headersTimeoutMs: 10_000, bodyTimeoutMs: 15_000, maxRedirects: 20 };
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function flatHeaders(raw: TransportResponse['headers']): { headers: Record<string, string>; setCookie: string[] } {
  const headers: Record<string, string> = {};
  let setCookie: string[] = [];
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    if (name.toLowerCase() === 'set-cookie') setCookie = Array.isArray(value) ? value : [value];
    else headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return { headers, setCookie };
}

function classify(error: unknown, url: string, deadline: AbortSignal, caller: AbortSignal | undefined): UpstreamError {
  if (error instanceof UpstreamError) return error;
  const host = new URL(url).host;
  if (caller?.aborted) return new UpstreamError('aborted', `the request to ${host} was cancelled`, url, { cause: error });
  if (deadline.aborted) return new UpstreamError('timeout', `${host} did not answer in time`, url, { cause: error });
  const cause = error as { code?: string; cause?: { code?: string } };
  const code = cause.code ?? cause.cause?.code ?? '';
  if (error instanceof BlockedAddressError || code === 'ERR_BLOCKED_ADDRESS') {
    return new UpstreamError('blocked_address', `refused to contact ${host}: ${(error as Error).message}`, url, { cause: error });
  }
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
    return new UpstreamError('timeout', `${host} did not answer in time (${code})`, url, { cause: error });
  }
  const message =
    code === 'ECONNREFUSED'
      ? `${host} refused the connection`
      : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? `${host} could not be found`
        : code === 'UND_ERR_SOCKET' || code === 'ECONNRESET' || code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH'
          ? `the connection to ${host} was closed before the answer was complete (${code})`
          : `the connection to ${host} failed (${code || (error as Error).message})`;
  return new UpstreamError('network', message, url, { cause: error });
}

interface Hop {
  url: URL;
  method: 'GET' | 'POST' | 'HEAD';
  headers: Record<string, string>;
  body: string | undefined;
  scope: UpstreamScope | undefined;
  policy: RetryPolicy;
  signal: AbortSignal;
  req: UpstreamRequest;
  maxBytes: number;
  buffer: boolean;
}

const RETRYABLE_FAILURES: ReadonlySet<UpstreamFailure> = new Set(['timeout', 'network']);

export class UpstreamClient {
  readonly cookies: CookieJars;
  private readonly transport: Transport;
  private readonly limiter: HostLimiter;
  /** Cooldowns per host after a 429/503, shared by every request (pacing.ts). */
  readonly pacing: HostPacing;

  constructor(private readonly options: UpstreamClientOptions = {}) {
    this.transport = options.transport ?? undiciTransport();
    this.cookies = options.cookies ?? new CookieJars();
    this.limiter = new HostLimiter(options.perHostConcurrency ?? 4);
    this.pacing = options.pacing ?? new HostPacing();
  }

  /** Sends a request and reads the whole (capped) body. Non-2xx answers are returned, not thrown. */
  async request(req: UpstreamRequest): Promise<UpstreamResponse> {
    const maxBytes = req.maxBytes ?? DEFAULTS.maxBytes;
    return this.withDeadline(req, async (signal) => {
      const { opened } = await this.open(req, signal, maxBytes, true);
      const body = opened.body ?? Buffer.alloc(0);
      return { status: opened.status, headers: opened.headers, url: opened.url, redirects: opened.redirects, body, text: () => body.toString('utf8'), json: () => JSON.parse(body.toString('utf8')) as unknown };
    });
  }

  /** Sends a request and hands the body over as a stream (media downloads). The deadline covers the headers only. */
  async stream(req: UpstreamRequest): Promise<UpstreamStream> {
    const maxBytes = req.maxBytes ?? DEFAULTS.streamMaxBytes;
    const { opened, release } = await this.withDeadline(req, (signal) => this.open(req, signal, maxBytes, false), true);
    const source = opened.stream;
    const url = opened.url;
    let released = false;
    const done = () => {
      if (!released) {
        released = true;
        release();
      }
    };
    async function* capped(): AsyncGenerator<Buffer> {
      let total = 0;
      try {
        for await (const chunk of source as AsyncIterable<Uint8Array>) {
          total += chunk.byteLength;
          if (total > maxBytes) {
            discard(source);
            throw new UpstreamError('too_large', `the answer from ${new URL(url).host} is larger than ${maxBytes} bytes`, url);
          }
          yield Buffer.from(chunk);
        }
      } finally {
        done();
      }
    }
    const length = Number(opened.headers['content-length']);
    return {
      status: opened.status,
      headers: opened.headers,
      url,
      contentLength: Number.isFinite(length) && opened.headers['content-length'] !== undefined ? length : undefined,
      body: capped(),
      cancel: () => {
        discard(source);
        done();
      },
    };
  }

  async close(): Promise<void> {
    await this.transport.close();
  }

  /**
   * The deadline runs while `run` does and is cleared when it returns: for `request` that is after
   * the body, for `stream` after the headers, so a long download is limited by the idle timeout only
   * (and the caller's signal stays linked to it: `bodyFollows`).
   */
  private async withDeadline<T>(req: UpstreamRequest, run: (signal: AbortSignal) => Promise<T>, bodyFollows = false): Promise<T> {
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new DOMException('The upstream deadline passed', 'TimeoutError')), req.timeoutMs ?? this.options.timeoutMs ?? DEFAULTS.timeoutMs);
    // One controller for both: the caller's abort is forwarded into it (by hand, not with
    // AbortSignal.any, whose dependent signals cost tens of µs per call), and `classify` still
    // tells the two apart by their own signals.
    const either = new AbortController();
    const caller = req.signal;
    const forward = (source: AbortSignal) => () => either.abort(source.reason);
    const fromCaller = caller === undefined ? undefined : forward(caller);
    const fromDeadline = forward(deadline.signal);
    deadline.signal.addEventListener('abort', fromDeadline, { once: true });
    if (caller !== undefined && fromCaller !== undefined) {
      if (caller.aborted) either.abort(caller.reason);
      else caller.addEventListener('abort', fromCaller, { once: true });
    }
    try {
      return await run(either.signal);
    } catch (error) {
      throw classify(error, String(req.url), deadline.signal, req.signal);
    } finally {
      clearTimeout(timer);
      // A stream's body is still to come: the caller's abort must go on reaching it.
      if (fromCaller !== undefined && !bodyFollows) caller?.removeEventListener('abort', fromCaller);
    }
  }

  /** Redirects and retries until a final answer: its body read (`buffer`) or still unread. */
  private async open(req: UpstreamRequest, signal: AbortSignal, maxBytes: number, buffer: boolean) {
    const policy: RetryPolicy = req.retry === false ? { ...DEFAULT_RETRY, attempts: 1 } : { ...DEFAULT_RETRY, ...req.retry };
    const scope = req.scope;
    let url = new URL(req.url);
    let method = req.method ?? 'GET';
    let body = req.body;
    // Lower-cased once, so the redirect rules below match names whatever case a fetcher used.
    let headers = Object.fromEntries(Object.entries(req.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
    const redirects: string[] = [];

    for (let hop = 0; ; hop++) {
      const problem = literalHostProblem(url);
      if (problem !== undefined) throw new UpstreamError(url.protocol.startsWith('http') ? 'blocked_address' : 'bad_url', `refused to contact ${url.href}: ${problem}`, url.href);
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UpstreamError('bad_url', `refused to fetch ${url.href}: only http and https`, url.href);

      const answer = await this.attempts({ url, method, headers, body, scope, policy, signal, req, maxBytes, buffer });
      if (!REDIRECTS.has(answer.status) || answer.headers.location === undefined) return { opened: { ...answer, url: url.href, redirects }, release: answer.release };

      discard(answer.stream);
      answer.release();
      if (hop >= (req.maxRedirects ?? DEFAULTS.maxRedirects)) throw new UpstreamError('too_many_redirects', `more than ${req.maxRedirects ?? DEFAULTS.maxRedirects} redirects starting at ${String(req.url)}`, url.href);
      // Credentials a fetcher set for one site never travel to another, nor does a POST body
      // (redirects.ts); `url` is the logical URL, so this compares the platforms' origins.
      const next = redirected({ url, method, headers, body }, answer.status, new URL(answer.headers.location, url));
      ({ url, method, headers, body } = next);
      redirects.push(url.href);
    }
  }

  /**
   * One hop: sends, and retries on network failures, timeouts, 429 and 5xx with backoff (Retry-After
   * honoured up to a cap). When `buffer` is set the body is read inside the loop, so a body cut off
   * mid-way is retried like any other network failure.
   */
  private async attempts(hop: Hop) {
    const { url, policy, signal, req, maxBytes, scope } = hop;
    for (let attempt = 0; ; attempt++) {
      const last = attempt + 1 >= policy.attempts;
      await this.acquirePaced(url.host, policy, signal);
      let released = false;
      const release = () => {
        if (!released) {
          released = true;
          this.limiter.release(url.host);
        }
      };
      try {
        const response = await this.transport.send({
          url: routeUrl(url, this.options.override),
          logicalUrl: url,
          method: hop.method,
          headers: this.headersFor(url, hop.headers, scope),
          body: hop.body,
          signal,
          headersTimeoutMs: req.headersTimeoutMs ?? DEFAULTS.headersTimeoutMs,
          bodyTimeoutMs: req.bodyTimeoutMs ?? DEFAULTS.bodyTimeoutMs,
          guarded: this.options.override === undefined,
          scope,
        });
        const { headers, setCookie } = flatHeaders(response.headers);
        if (scope !== undefined) this.cookies.remember(scope, url.href, setCookie);
        const declared = Number(headers['content-length']);
        if (Number.isFinite(declared) && declared > maxBytes && headers['content-encoding'] === undefined) {
          discard(response.body);
          throw new UpstreamError('too_large', `the answer from ${url.host} is ${declared} bytes, more than the ${maxBytes} allowed`, url.href);
        }
        const wait = retryAfterMs(headers['retry-after']);
        const paced = isPacingStatus(response.status);
        if (paced) this.pacing.refused(url.host, wait, policy);
        else this.pacing.answered(url.host);
        // A Retry-After longer than we are willing to wait is an answer in itself: give it back.
        const retry = !last && isRetryableStatus(response.status) && (wait === undefined || wait <= policy.maxRetryAfterMs);
        if (retry) {
          discard(response.body);
          release();
          // A 429/503 set the host's cooldown, which the next attempt waits out at the top of the loop;
          // one too long for it to wait (another request's) does not make this retry immediate.
          if (!paced || this.pacing.waitMs(url.host) > policy.maxRetryAfterMs) await sleep(wait ?? backoffMs(policy, attempt), undefined, { signal });
          continue;
        }
        if (!hop.buffer || REDIRECTS.has(response.status)) return { status: response.status, headers, stream: response.body, body: undefined, release };
        const body = await this.readAll(response.body, maxBytes, url.href);
        release();
        return { status: response.status, headers, stream: response.body, body, release };
      } catch (error) {
        release();
        const failure = error instanceof UpstreamError ? error : classify(error, url.href, signal, req.signal);
        if (last || !RETRYABLE_FAILURES.has(failure.failure) || signal.aborted) throw failure;
        await sleep(backoffMs(policy, attempt), undefined, { signal });
      }
    }
  }

  /**
   * A slot of the host's concurrency, after its cooldown (pacing.ts): the host asked every client of
   * this IP to hold off, so this request waits with the others, unless the wait is longer than it
   * will spend; then it goes and gives the site's answer back. Checked again once a slot is free,
   * since a request that got its slot late may find a cooldown set meanwhile.
   */
  private async acquirePaced(host: string, policy: RetryPolicy, signal: AbortSignal): Promise<void> {
    const shortCooldown = () => {
      const cooldown = this.pacing.waitMs(host);
      return cooldown > 0 && cooldown <= policy.maxRetryAfterMs ? cooldown : 0;
    };
    for (;;) {
      const before = shortCooldown();
      if (before > 0) await sleep(before, undefined, { signal });
      await this.limiter.acquire(host);
      if (shortCooldown() === 0) return;
      this.limiter.release(host);
    }
  }

  private headersFor(url: URL, given: Record<string, string>, scope: UpstreamScope | undefined): Record<string, string> {
    const headers: Record<string, string> = { 'user-agent': this.transport.userAgentFor?.(url, scope) ?? BROWSER_USER_AGENT, accept: '*/*', 'accept-language': 'en-US,en;q=0.9', 'accept-encoding': 'gzip, deflate, br' };
    for (const [name, value] of Object.entries(given)) headers[name.toLowerCase()] = value;
    const cookie = scope === undefined ? undefined : this.cookies.header(scope, url.href);
    if (cookie !== undefined && headers.cookie === undefined) headers.cookie = cookie;
    return headers;
  }

  private async readAll(stream: Readable, maxBytes: number, url: string): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of stream as AsyncIterable<Uint8Array>) {
      total += chunk.byteLength;
      if (total > maxBytes) {
        discard(stream);
        throw new UpstreamError('too_large', `the answer from ${new URL(url).host} is larger than ${maxBytes} bytes`, url);
      }
      chunks.push(Buffer.from(chunk));
    }
    return Buffer.concat(chunks);
  }
}
