// Remote media to a local file, through the upstream client (address guard on every hop, size cap,
// retries). HLS playlists are fetched here too, segment by segment: ffmpeg never sees a URL.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import type { UpstreamClient } from '../../upstream/client';
import { SttError } from '../errors';
import { downloadHls } from './hls';
import { fetchError, MAX_PLAYLIST_BYTES, openMedia, pipeTo, type MediaDownloadOptions } from './remote';

export type { MediaDownloadOptions };


const PLAYLIST_TYPES = /mpegurl/i;

/** Downloads `url` into `dir` and returns the local file; playlists become one joined file. */
export async function downloadMedia(client: UpstreamClient, url: string, dir: string, options: MediaDownloadOptions): Promise<string> {
  const { signal } = options;
  const response = await openMedia(client, url, options);
  const iterator = response.body[Symbol.asyncIterator]();
  const isPlaylist = (first: Buffer | undefined) =>
    PLAYLIST_TYPES.test(response.headers['content-type'] ?? '') || /\.m3u8$/i.test(new URL(response.url).pathname) || first?.subarray(0, 7).toString('latin1') === '#EXTM3U';

  let first: Buffer | undefined;
  try {
    const step = await iterator.next();
    first = step.done ? undefined : step.value;
  } catch (error) {
    throw fetchError(error, url, signal);
  }
  if (isPlaylist(first)) {
    const parts: Buffer[] = first === undefined ? [] : [first];
    let size = first?.length ?? 0;
    try {
      for (let step = await iterator.next(); !step.done; step = await iterator.next()) {
        size += step.value.length;
        if (size > MAX_PLAYLIST_BYTES) throw new SttError('bad_media', 'The HLS playlist is larger than 2 MB');
        parts.push(step.value);
      }
    } catch (error) {
      response.cancel();
      throw fetchError(error, url, signal);
    }
    return downloadHls(client, response.url, Buffer.concat(parts).toString('utf8'), join(dir, 'media.ts'), options);
  }

  const file = join(dir, 'media');
  const out = createWriteStream(file);
  let received = 0;
  const count = (n: number) => {
    received += n;
    options.onProgress?.(received);
  };
  try {
    if (first !== undefined) {
      count(first.length);
      out.write(first);
    }
    await pipeTo({ [Symbol.asyncIterator]: () => iterator }, out, count);
    out.end();
    await once(out, 'finish');
    return file;
  } catch (error) {
    out.destroy();
    response.cancel();
    throw fetchError(error, url, signal);
  }
}

