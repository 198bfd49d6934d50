// Per-host pacing. Sites limit per IP, not per request: when one request to a host hears 429 (or
// 503) "come back in N s", every other request to that host would hear the same, and each one
// sent anyway makes the block longer. So the answer sets a cooldown for the whole host that every
// request waits out before it is sent (client.ts), not only the one that got it. Without a
// Retry-After the cooldown is an exponential backoff with jitter over the host's refusals in a
// row, so many waiting requests do not come back in one burst.
//
// A cooldown longer than a request is willing to wait (its policy's maxRetryAfterMs) is not
// waited out: that request is sent as before and gives the site's answer back, and the caller
// (a fetcher → 502 `upstream_rate_limited` with Retry-After; the desk's queue → holds that site's
// rows) decides. Refusing such requests locally without asking the site would turn one limited
// endpoint (say, captions) into a refusal of every other page on the same host.
import { backoffMs, type RetryPolicy } from './retry';

/** The answers that speak for the whole host: "too many requests" and "overloaded, come back later". */
export const isPacingStatus = (status: number) => status === 429 || status === 503;

interface HostState {
  /** No request to the host before this (ms since epoch). */
  until: number;
  /** Refusals in a row: the backoff's exponent when the site gives no Retry-After. */
  strikes: number;
}

export class HostPacing {
  private readonly hosts = new Map<string, HostState>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly random: () => number = Math.random,
  ) {}

  /** How long a request to `host` should wait before it is sent; 0 when it may go now. */
  waitMs(host: string): number {
    const state = this.hosts.get(host);
    return state === undefined ? 0 : Math.max(0, state.until - this.now());
  }

  /**
   * The host refused (429/503): no request to it before Retry-After, or before a backoff with
   * jitter when it named no time. A later, shorter Retry-After never shortens a cooldown already
   * set by another request. Returns the cooldown's length from now.
   */
  refused(host: string, retryAfterMs: number | undefined, policy: RetryPolicy): number {
    const state = this.hosts.get(host) ?? { until: 0, strikes: 0 };
    const wait = retryAfterMs ?? backoffMs(policy, state.strikes, this.random);
    state.strikes += 1;
    state.until = Math.max(state.until, this.now() + wait);
    this.hosts.set(host, state);
    return state.until - this.now();
  }

  /** Any other answer: the host serves us again, so its cooldown and its count of refusals end. */
  answered(host: string): void {
    this.hosts.delete(host);
  }
}
