// Shared by plain and HLS media downloads: opening a media URL and mapping failures to SttErrors.
import type { WriteStream } from 'node:fs';
import { once } from 'node:events';
import type { UpstreamClient, UpstreamStream } from '#service/upstream/client';
import { isUpstreamError } from '#service/upstream/errors';
import { cancelled, SttError } from '../errors';

export interface MediaDownloadOptions {
  signal?: AbortSignal;
  /** Extra request headers some CDNs want (Instagram's wants its site as the Referer). */
  headers?: Record<string, string>;
  /** Largest media accepted. */
  maxBytes: number;
  onProgress?: (receivedBytes: number) => void;
}

export const MAX_PLAYLIST_BYTES = 2 * 1024 * 1024;

/** Maps an upstream failure to what the user is told. */
export function fetchError(error: unknown, url: string, signal: AbortSignal | undefined): SttError {
  if (signal?.aborted) return cancelled(signal);
  if (error instanceof SttError) return error;
  const host = (() => {
    try {
      return new URL(url).host;
    } catch {
      return url;
    }
  })();
  if (isUpstreamError(error) && error.failure === 'blocked_address') return new SttError('blocked_address', `Refused to download media from ${host}: it is not a public address`, { cause: error });
  if (isUpstreamError(error) && error.failure === 'too_large') return new SttError('too_long', `The media at ${host} is larger than allowed: ${error.message}`, { cause: error });
  return new SttError('fetch_failed', `The media could not be downloaded from ${host}: ${(error as Error).message}`, { cause: error });
}

export async function openMedia(client: UpstreamClient, url: string, options: { signal?: AbortSignal; maxBytes: number; range?: string; headers?: Record<string, string> }): Promise<UpstreamStream> {
  let response: UpstreamStream;
  try {
    const headers: Record<string, string> = { ...options.headers, ...(options.range === undefined ? {} : { range: options.range }) };
    response = await client.stream({ url, scope: 'media', maxBytes: options.maxBytes, headers, timeoutMs: 30_000, signal: options.signal });
  } catch (error) {
    throw fetchError(error, url, options.signal);
  }
  if (response.status < 200 || response.status > 299) {
    response.cancel();
    throw new SttError('fetch_failed', `The media URL answered HTTP ${response.status} (${new URL(response.url).host})`);
  }
  return response;
}

export async function pipeTo(body: AsyncIterable<Buffer>, out: WriteStream, onBytes?: (n: number) => void): Promise<void> {
  for await (const chunk of body) {
    onBytes?.(chunk.length);
    if (!out.write(chunk)) await once(out, 'drain');
  }
}

