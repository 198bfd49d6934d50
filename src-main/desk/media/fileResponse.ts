// A local media file as an HTTP answer, for both hosts' player routes (the browser build's
// `/app/media/<token>` and the desktop app's app:// handler). A media element seeks with Range
// requests, so the answer honours one byte range (RFC 9110 §14); the bytes are streamed from disk,
// never read whole: a two-hour video is gigabytes. Plain Node and WHATWG types only: no transport
// is imported here, each host turns the Response into its own answer.
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import { Readable } from 'node:stream';

export interface ByteRange {
  start: number;
  /** Inclusive, as in Content-Range. */
  end: number;
}

/**
 * The one range a `Range` header asks of a file of `size` bytes: the range, `'unsatisfiable'`
 * (416), or undefined when the header is absent, not bytes, malformed or asks for several ranges,
 * which the server may answer with the whole file (RFC 9110 §14.2). Players ask for one range.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  if (header === undefined) return undefined;
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (match === null) return undefined;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return undefined;
  if (first === '') {
    // A suffix: the last N bytes (all of them when N is larger than the file).
    const length = Number(last);
    if (length === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}

const plain = (status: number, text: string) => new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' } });

/**
 * Serves `path` as `contentType` for GET or HEAD, honouring one byte range. A missing or
 * unreadable file (moved, deleted, a folder) is a 404; other methods a 405.
 */
export async function mediaFileResponse(path: string, contentType: string, method: string, range: string | undefined): Promise<Response> {
  if (method !== 'GET' && method !== 'HEAD') return new Response('Only GET and HEAD', { status: 405, headers: { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' } });
  // Opened first and read through the same handle: the size we announce is the size of the file we
  // stream, even if the path is replaced meanwhile.
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch {
    return plain(404, 'This file is no longer where the transcript says it was');
  }
  let size: number;
  try {
    const info = await handle.stat();
    if (!info.isFile()) throw new Error('not a regular file');
    size = info.size;
  } catch {
    await handle.close();
    return plain(404, 'This file is no longer where the transcript says it was');
  }
  const headers = new Headers({
    'content-type': contentType,
    'accept-ranges': 'bytes',
    // The token names this file for this process only; a stale copy in a cache serves nobody.
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  const wanted = parseRange(range, size);
  if (wanted === 'unsatisfiable') {
    await handle.close();
    headers.set('content-range', `bytes */${size}`);
    headers.set('content-type', 'text/plain; charset=utf-8');
    return new Response(`The file has ${size} bytes; the range ${range ?? ''} lies outside it`, { status: 416, headers });
  }
  const { start, end } = wanted ?? { start: 0, end: size - 1 };
  headers.set('content-length', String(end - start + 1));
  if (wanted !== undefined) headers.set('content-range', `bytes ${start}-${end}/${size}`);
  const status = wanted === undefined ? 200 : 206;
  if (method === 'HEAD' || size === 0) {
    await handle.close();
    return new Response(null, { status, headers });
  }
  // The handle closes itself when the stream ends or is destroyed (a player that seeks elsewhere
  // cancels the body, which destroys the stream).
  const stream = handle.createReadStream({ start, end });
  return new Response(Readable.toWeb(stream) as ReadableStream<Uint8Array>, { status, headers });
}
