// How often the desk's sign-in (POST /app/session) may fail for one source. The owner key and the
// login tokens are 256-bit secrets, so guessing is hopeless anyway; the throttle keeps it that way
// with no help from luck, and keeps a flood of guesses from costing anything.
import { clientBucket } from '#service/rateLimit';

export interface SignInThrottleOptions {
  /** Failed attempts allowed per source within `windowMs`; the next one is refused. */
  maxFailures: number;
  windowMs: number;
  now: () => number;
}

/**
 * Five failures a minute: enough for a person who mistypes a pasted key a few times, and a source
 * that has used them waits until the oldest is a minute old. Only failures count, so opening the
 * one-time link or signing in right is never held back by earlier successes. A source is
 * `clientBucket`'s: all of loopback is one (127/8 and ::1 are all this machine), an IPv6 caller
 * its /64, so rotating addresses does not reset the count (F11).
 */
export const DEFAULT_SIGN_IN_THROTTLE: SignInThrottleOptions = { maxFailures: 5, windowMs: 60_000, now: () => Date.now() };

/** Sources remembered at most; beyond it the stalest are forgotten, so memory stays bounded. */
const MAX_SOURCES = 10_000;

export class SignInThrottle {
  /** Source → times of its failures within the window, oldest first. */
  private readonly failures = new Map<string, number[]>();
  private readonly options: SignInThrottleOptions;

  constructor(options: Partial<SignInThrottleOptions> = {}) {
    this.options = { ...DEFAULT_SIGN_IN_THROTTLE, ...options };
  }

  /** 0 when `address` may try to sign in now; otherwise the whole seconds to wait (Retry-After). */
  retryAfterSeconds(address: string): number {
    const recent = this.recent(clientBucket(address));
    if (recent.length < this.options.maxFailures) return 0;
    const oldest = recent[recent.length - this.options.maxFailures] as number;
    return Math.max(1, Math.ceil((oldest + this.options.windowMs - this.options.now()) / 1000));
  }

  recordFailure(address: string): void {
    const source = clientBucket(address);
    const recent = this.recent(source);
    recent.push(this.options.now());
    // Re-inserted last: the Map's order is then least recently failed first.
    this.failures.delete(source);
    this.failures.set(source, recent.slice(-this.options.maxFailures));
    if (this.failures.size > MAX_SOURCES) this.forgetStalest();
  }

  private recent(source: string): number[] {
    const since = this.options.now() - this.options.windowMs;
    return (this.failures.get(source) ?? []).filter((t) => t > since);
  }

  private forgetStalest(): void {
    for (const source of this.failures.keys()) {
      if (this.failures.size <= MAX_SOURCES) return;
      this.failures.delete(source);
    }
  }
}
