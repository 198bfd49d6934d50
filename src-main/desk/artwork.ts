// Podcast artwork for the job cards, fetched by the main process through the one upstream client
// (address guard, proxy, routing): the renderer loads nothing from the internet and its CSP says so.
import type { UpstreamClient } from '#service/upstream/client';

const MAX_BYTES = 2 * 1024 * 1024;
const KEEP = 64;

export class ArtworkCache {
  private readonly cache = new Map<string, Promise<string | null>>();

  constructor(private readonly upstream: UpstreamClient) {}

  /** A data: URL of the image, or null when it cannot be had (the card then shows the show's initials). */
  get(url: string): Promise<string | null> {
    const known = this.cache.get(url);
    if (known !== undefined) return known;
    const pending = this.fetch(url);
    this.cache.set(url, pending);
    if (this.cache.size > KEEP) this.cache.delete(this.cache.keys().next().value as string);
    return pending;
  }

  private async fetch(url: string): Promise<string | null> {
    try {
      const response = await this.upstream.request({ url, scope: 'media', maxBytes: MAX_BYTES, timeoutMs: 10_000, retry: false });
      const type = (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      if (response.status !== 200 || !/^image\/(jpeg|png|webp|gif|avif)$/.test(type)) return null;
      return `data:${type};base64,${response.body.toString('base64')}`;
    } catch {
      return null;
    }
  }
}
