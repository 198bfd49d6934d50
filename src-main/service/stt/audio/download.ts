// Remote media to a local file, through the upstream client (address guard on every hop, size cap,
// retries). HLS playlists are fetched here too, segment by segment: ffmpeg never sees a URL.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import type { UpstreamClient } from '#service/upstream/client';
import { SttError } from '../errors';
import { abandonFile } from './fileSink';
import { downloadHls } from './hls';
import { fetchError, MAX_PLAYLIST_BYTES, openMedia, pipeTo, type MediaDownloadOptions } from './remote';

export type { MediaDownloadOptions };


const PLAYLIST_TYPES = /mpegurl/i;
const PLAYLIST_MAGIC = '#EXTM3U';

/**
 * How much of a body is read before deciding "playlist or media": a server may send its first
 * bytes in as many network chunks as it likes (`#EX`, a pause, `TM3U...`), so one chunk proves
 * nothing. 1 KiB holds the magic with room to spare, and is read whole unless the body is shorter.
 */
export const SNIFF_BYTES = 1024;

/** The start of the body, at least SNIFF_BYTES of it (or all of it, if shorter), as chunks arrived. */
async function readHead(iterator: AsyncIterator<Buffer>): Promise<Buffer[]> {
  const head: Buffer[] = [];
  let size = 0;
  while (size < SNIFF_BYTES) {
    const step = await iterator.next();
    if (step.done === true) break;
    head.push(step.value);
    size += step.value.length;
  }
  return head;
}

/** Downloads `url` into `dir` and returns the local file; playlists become one joined file. */
export async function downloadMedia(client: UpstreamClient, url: string, dir: string, options: MediaDownloadOptions): Promise<string> {
  const { signal } = options;
  const response = await openMedia(client, url, options);
  const iterator = response.body[Symbol.asyncIterator]();

  let head: Buffer[];
  try {
    head = await readHead(iterator);
  } catch (error) {
    response.cancel();
    throw fetchError(error, url, signal);
  }
  // The type or name says so, or the body starts like one (a BOM tolerated). Whatever slips past
  // this is still never followed by ffmpeg: it reads downloads with a demuxer whitelist (tools.ts).
  const start = Buffer.concat(head).subarray(0, SNIFF_BYTES).toString('utf8').replace(/^\uFEFF/, '');
  const isPlaylist = PLAYLIST_TYPES.test(response.headers['content-type'] ?? '') || /\.m3u8$/i.test(new URL(response.url).pathname) || start.startsWith(PLAYLIST_MAGIC);

  if (isPlaylist) {
    const parts = [...head];
    let size = parts.reduce((n, part) => n + part.length, 0);
    try {
      if (size > MAX_PLAYLIST_BYTES) throw new SttError('bad_media', 'The HLS playlist is larger than 2 MB');
      for (let step = await iterator.next(); step.done !== true; step = await iterator.next()) {
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
    for (const part of head) {
      count(part.length);
      if (!out.write(part)) await once(out, 'drain');
    }
    await pipeTo({ [Symbol.asyncIterator]: () => iterator }, out, count);
    out.end();
    await once(out, 'finish');
    return file;
  } catch (error) {
    response.cancel();
    await abandonFile(out);
    throw fetchError(error, url, signal);
  }
}

