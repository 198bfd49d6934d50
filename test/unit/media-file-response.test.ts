// The player's answer for a local file (src-main/desk/media/fileResponse.ts) on a real file: the
// whole file, one byte range (what a media element asks when it seeks), a range outside the file,
// HEAD, a file that is gone; the bytes come in chunks from disk, and a player that stops reading
// leaves no file open.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaFileResponse, parseRange } from '../../src-main/desk/media/fileResponse';
import { tempHome } from '../helpers/home';

let home: ReturnType<typeof tempHome>;
let file: string;
/** 300,000 bytes where each byte says where it is (mod 251), so a wrong offset shows. */
const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 251));

beforeAll(() => {
  home = tempHome('td-media-response-');
  file = join(home.dir, 'talk.mp3');
  writeFileSync(file, bytes);
});
afterAll(() => home.remove());

const body = async (response: Response) => Buffer.from(await response.arrayBuffer());
const serve = (range?: string, method = 'GET') => mediaFileResponse(file, 'audio/mpeg', method, range);

describe('a local media file over HTTP', () => {
  it('answers the whole file with its type, length and the headers a player needs', async () => {
    const response = await serve();
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({ 'content-type': 'audio/mpeg', 'content-length': '300000', 'accept-ranges': 'bytes', 'x-content-type-options': 'nosniff' });
    expect(response.headers.get('content-range')).toBeNull();
    expect((await body(response)).equals(bytes)).toBe(true);
  });

  it('answers one byte range with 206, its Content-Range and exactly those bytes', async () => {
    for (const [header, start, end] of [
      ['bytes=1000-1999', 1000, 1999],
      ['bytes=299000-', 299_000, 299_999],
      ['bytes=-500', 299_500, 299_999],
      // Past the end: what there is.
      ['bytes=299990-400000', 299_990, 299_999],
      ['bytes=-1000000', 0, 299_999],
      ['bytes=0-0', 0, 0],
    ] as const) {
      const response = await serve(header);
      expect(response.status, header).toBe(206);
      expect(response.headers.get('content-range'), header).toBe(`bytes ${start}-${end}/300000`);
      expect(response.headers.get('content-length'), header).toBe(String(end - start + 1));
      expect((await body(response)).equals(bytes.subarray(start, end + 1)), header).toBe(true);
    }
  });

  it('answers 416 with the file size for a range outside the file', async () => {
    for (const header of ['bytes=300000-', 'bytes=400000-500000', 'bytes=-0']) {
      const response = await serve(header);
      expect(response.status, header).toBe(416);
      expect(response.headers.get('content-range'), header).toBe('bytes */300000');
      expect(await response.text()).toContain('300000 bytes');
    }
  });

  it('answers the whole file when the Range header is not one it must honour (several ranges, not bytes, malformed)', async () => {
    for (const header of ['bytes=0-9,20-29', 'items=0-9', 'bytes=9-0', 'bytes=abc', 'bytes=-']) {
      const response = await serve(header);
      expect(response.status, header).toBe(200);
      expect((await body(response)).length, header).toBe(300_000);
    }
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const whole = await serve(undefined, 'HEAD');
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe('300000');
    expect(whole.body).toBeNull();
    const part = await serve('bytes=10-19', 'HEAD');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 10-19/300000');
    expect(part.body).toBeNull();
  });

  it('answers 404 for a file that is gone or is a folder, and 405 for other methods', async () => {
    const gone = await mediaFileResponse(join(home.dir, 'moved.mp3'), 'audio/mpeg', 'GET', undefined);
    expect(gone.status).toBe(404);
    expect(await gone.text()).toMatch(/no longer where/);
    mkdirSync(join(home.dir, 'folder.mp4'));
    expect((await mediaFileResponse(join(home.dir, 'folder.mp4'), 'video/mp4', 'GET', 'bytes=0-')).status).toBe(404);
    const post = await serve(undefined, 'POST');
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('serves an empty file as an empty answer, and any range of it as unsatisfiable', async () => {
    const empty = join(home.dir, 'empty.wav');
    writeFileSync(empty, '');
    const whole = await mediaFileResponse(empty, 'audio/wav', 'GET', undefined);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-length')).toBe('0');
    expect((await body(whole)).length).toBe(0);
    expect((await mediaFileResponse(empty, 'audio/wav', 'GET', 'bytes=0-')).status).toBe(416);
  });

  it.runIf(process.platform === 'linux')('streams from disk in chunks, and a player that stops reading leaves no file open', async () => {
    const big = join(home.dir, 'lecture.mp4');
    writeFileSync(big, Buffer.alloc(8 * 1024 * 1024, 7));
    const openFiles = () => readdirSync('/proc/self/fd').length;
    const before = openFiles();
    const response = await mediaFileResponse(big, 'video/mp4', 'GET', 'bytes=0-');
    expect(response.status).toBe(206);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    // One read of the disk, not the file.
    expect(first.value?.length ?? 0).toBeGreaterThan(0);
    expect(first.value?.length ?? 0).toBeLessThanOrEqual(1024 * 1024);
    expect(openFiles()).toBe(before + 1);
    // A seek: the player drops this answer.
    await reader.cancel();
    await expect.poll(openFiles).toBe(before);
  });
});

describe('parseRange', () => {
  it('reads one range of bytes, and leaves everything else to the whole file', () => {
    expect(parseRange(undefined, 10)).toBeUndefined();
    expect(parseRange('bytes=2-5', 10)).toEqual({ start: 2, end: 5 });
    expect(parseRange('Bytes = 2 - 5', 10)).toEqual({ start: 2, end: 5 });
    expect(parseRange('bytes=8-', 10)).toEqual({ start: 8, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=10-', 10)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseRange('bytes=1-2,4-5', 10)).toBeUndefined();
  });
});
