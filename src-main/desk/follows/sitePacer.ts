// Requests per minute to one site, for follows and the expansion they run. The upstream client's
// pacing (service/upstream/pacing.ts) waits out a site's refusals after the fact; this keeps a
// follow from earning them: at most `follows.requestsPerMinute` requests start per host in any
// 60 s, the rest wait their turn. It is the `gate` expansion awaits before each upstream request.
import type { Clock } from '../clock';

const MINUTE_MS = 60_000;

export class SitePacer {
  /** Start times per host within the last minute. */
  private readonly starts = new Map<string, number[]>();
  private readonly closing = new AbortController();

  constructor(
    private readonly clock: Clock,
    private readonly limit: () => Promise<number>,
  ) {}

  /** Resolves when a request to `url`'s host may start (and counts it as started). */
  async gate(url: string): Promise<void> {
    const host = hostOf(url);
    for (;;) {
      if (this.closing.signal.aborted) throw new Error('The follows engine was closed');
      const limit = Math.max(1, await this.limit());
      const now = this.clock.now();
      const recent = (this.starts.get(host) ?? []).filter((t) => t > now - MINUTE_MS);
      if (recent.length < limit) {
        recent.push(now);
        this.starts.set(host, recent);
        return;
      }
      this.starts.set(host, recent);
      // The oldest start leaves the minute first: wait for it, then look again.
      await this.clock.sleep((recent[0] as number) + MINUTE_MS - now, this.closing.signal);
    }
  }

  close(): void {
    this.closing.abort();
  }
}

export function hostOf(url: string): string {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return url;
  }
}
