/** At most `limit` requests in flight per host; the rest wait their turn in order. */
export class HostLimiter {
  private readonly active = new Map<string, number>();
  private readonly waiting = new Map<string, (() => void)[]>();

  constructor(private readonly limit: number) {}

  async run<T>(host: string, task: () => Promise<T>): Promise<T> {
    await this.acquire(host);
    try {
      return await task();
    } finally {
      this.release(host);
    }
  }

  acquire(host: string): Promise<void> {
    const active = this.active.get(host) ?? 0;
    if (active < this.limit) {
      this.active.set(host, active + 1);
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const queue = this.waiting.get(host) ?? [];
      queue.push(resolve);
      this.waiting.set(host, queue);
    });
  }

  release(host: string): void {
    const next = this.waiting.get(host)?.shift();
    if (next !== undefined) return next(); // the slot passes straight to the next waiter
    const active = (this.active.get(host) ?? 1) - 1;
    if (active === 0) this.active.delete(host);
    else this.active.set(host, active);
    if (this.waiting.get(host)?.length === 0) this.waiting.delete(host);
  }
}
