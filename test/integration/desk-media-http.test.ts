// Issue 23 in the browser build (serve --ui): a media file uploaded to the desk over real HTTP on
// loopback, against the real desk. The upload is checked like an RPC before a byte of it is read,
// streamed to the uploads folder under a size limit (past it: a 413 that says the limit and what
// to do, and no partial file), never held in memory; a client that goes away leaves nothing; the
// file becomes a media job, is transcribed, and the player reads it back by byte ranges through
// its token, without the session header a media element cannot send.
import { copyFileSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { HTTP_SESSION_HEADER } from '#shared/contract/desk';
import type { MediaIntake, MediaJob } from '#shared/contract/media';
import type { DeskResult } from '#shared/contract/result';
import { spawnCli, waitForOutput } from '../helpers/cli';
import { startDeskServer, type DeskServer } from '../helpers/deskServer';
import { cliGuardMs, speechGuardMs } from '../helpers/guards';
import { tempHome } from '../helpers/home';
import { killGroup } from '../helpers/processes';
import { rawConnection as openRaw, requestHead, responses } from '../helpers/rawHttp';
import { opening, speak } from '../helpers/speech';

const MB = 1_000_000;
const LIMIT = 1 * MB;

let home: ReturnType<typeof tempHome>;
let desk: DeskServer;
let origin: string;
let token: string;

beforeAll(async () => {
  home = tempHome();
  desk = await startDeskServer(home.dir, { maxUploadBytes: LIMIT });
  origin = desk.origin;
  token = await desk.signedIn();
  await desk.opened.stt.settings.set('stt.engine', 'pocketsphinx');
});
afterAll(async () => {
  await desk.close();
  home.remove();
});

const sockets = new Set<Socket>();
afterEach(() => {
  for (const socket of sockets) socket.destroy();
  sockets.clear();
});
const rawConnection = (at: string) => openRaw(at, sockets);

/** What the uploads folder holds now. */
const uploaded = () => (existsSync(desk.desk.uploadsDir) ? readdirSync(desk.desk.uploadsDir) : []);

const upload = (name: string | undefined, body: RequestInit['body'], headers: Record<string, string> = {}) =>
  fetch(`${origin}/app/upload${name === undefined ? '' : `?name=${encodeURIComponent(name)}`}`, {
    method: 'POST',
    headers: { origin, [HTTP_SESSION_HEADER]: token, 'content-type': 'application/octet-stream', ...headers },
    body,
    // Needed by fetch for a streamed body.
    duplex: 'half',
  });

/** The answer to a request whose headers announce `contentLength` bytes of which none are sent. */
async function answerToHeadersAlone(path: string, headers: Record<string, string | number>, at = origin) {
  const connection = await rawConnection(at);
  connection.socket.write(requestHead(at, 'POST', path, headers));
  const [answer] = await responses(connection, 1);
  connection.socket.destroy();
  return answer;
}

describe('the upload route', () => {
  it('refuses an upload without a session, from another page or to another Host on its headers alone, and writes nothing', async () => {
    const body = { 'content-type': 'audio/wav', 'content-length': 50 * MB };
    expect((await answerToHeadersAlone('/app/upload?name=a.wav', { ...body, origin }))?.status).toBe(401);
    expect((await answerToHeadersAlone('/app/upload?name=a.wav', { ...body, origin, [HTTP_SESSION_HEADER]: 'forged' }))?.status).toBe(401);
    expect((await answerToHeadersAlone('/app/upload?name=a.wav', { ...body, origin: 'http://evil.example', [HTTP_SESSION_HEADER]: token }))?.status).toBe(403);
    // A page on another name that resolves to this machine (DNS rebinding).
    const rebound = await new Promise<number>((resolve, reject) => {
      const req = request(`${origin}/app/upload?name=a.wav`, { method: 'POST', headers: { host: 'evil.example', origin: 'http://evil.example', [HTTP_SESSION_HEADER]: token } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end('RIFF');
    });
    expect(rebound).toBe(403);
    expect(uploaded()).toEqual([]);
  });

  it('refuses a file announced larger than the limit before reading it, saying the limit and what to do instead', async () => {
    const answer = await answerToHeadersAlone('/app/upload?name=lecture.mp4', { origin, [HTTP_SESSION_HEADER]: token, 'content-type': 'video/mp4', 'content-length': 2 * LIMIT });
    expect(answer?.status).toBe(413);
    const body = JSON.parse(answer?.body ?? '{}') as { error: string; message: string };
    expect(body.error).toBe('Payload too large');
    expect(body.message).toContain('1 MB');
    expect(body.message).toContain('desktop app');
    expect(body.message).toContain('transcribe FILE');
    expect(uploaded()).toEqual([]);
  });

  it('cuts a body that grows past the limit without announcing its length: 413, and no partial file', async () => {
    let sent = 0;
    const chunk = new Uint8Array(64 * 1024).fill(1);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        // Three times the limit, sent without a Content-Length (chunked).
        if (sent >= 3 * LIMIT) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const response = await upload('stream.wav', endless);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toContain('1 MB');
    expect(uploaded()).toEqual([]);
    // The connection is still good for the next request.
    expect((await desk.rpc('balance.get', token)).status).toBe(200);
  });

  it('leaves no partial file when the client goes away midway', async () => {
    const connection = await rawConnection(origin);
    connection.socket.write(requestHead(origin, 'POST', '/app/upload?name=half.wav', { origin, [HTTP_SESSION_HEADER]: token, 'content-type': 'audio/wav', 'content-length': 900_000 }));
    connection.socket.write(Buffer.alloc(400_000, 2));
    // It is being written...
    await vi.waitFor(() => expect(uploaded()).toHaveLength(1), { timeout: 10_000 });
    connection.socket.destroy();
    // ...and gone once the client is.
    await vi.waitFor(() => expect(uploaded()).toEqual([]), { timeout: 10_000 });
  });

  it('refuses an upload without a usable name', async () => {
    for (const name of [undefined, '', '   ', '/', 'C:\\', '..', '../..']) {
      const response = await upload(name, 'RIFF');
      expect(response.status, JSON.stringify(name)).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/name/);
    }
    expect(uploaded()).toEqual([]);
  });

  it('refuses a file that is not media by its name, with the reason, and keeps nothing of it', async () => {
    const response = await upload('notes.mp3', 'Meeting notes: these are words, not audio.\n'.repeat(50), { 'content-type': 'audio/mpeg' });
    expect(response.status).toBe(200);
    const intake = (await response.json()) as MediaIntake;
    expect(intake.files).toEqual([{ name: 'notes.mp3', jobId: null, error: expect.stringMatching(/not audio or video/) as string }]);
    expect(uploaded()).toEqual([]);
  });
});

describe('an uploaded recording', () => {
  const rpcValue = async <T>(operation: string, body: unknown): Promise<T> => {
    const result = (await (await desk.rpc(operation, token, JSON.stringify(body))).json()) as DeskResult<T>;
    if (!result.ok) throw new Error(`${operation}: ${result.error.message}`);
    return result.value;
  };

  it('becomes a job under its own name, is transcribed, and plays back by byte ranges without a session', { timeout: speechGuardMs(15, { engineRtf: inject('engineRtf') }) + 30_000 }, async () => {
    const wav = join(home.dir, 'interview.wav');
    copyFileSync(speak(inject('speechCache'), 'slt', opening('slt', 3), 'slt-three'), wav);
    const bytes = readFileSync(wav);
    // A browser sends the name alone; path parts from anything else are dropped.
    const response = await upload('C:\\Users\\me\\interview.wav', bytes, { 'content-type': 'audio/wav' });
    expect(response.status).toBe(200);
    const intake = (await response.json()) as MediaIntake;
    expect(intake).toEqual({ files: [{ name: 'interview.wav', jobId: expect.any(String) as string, error: null }], folders: [] });
    // Kept under a name of the server's choosing, with the extension that gives the player its type.
    const kept = uploaded();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatch(/^[\da-f-]{36}\.wav$/);
    expect(readFileSync(join(desk.desk.uploadsDir, kept[0] ?? '')).equals(bytes)).toBe(true);

    const done = await vi.waitFor(
      async () => {
        const { jobs } = await rpcValue<{ jobs: MediaJob[] }>('media.list', {});
        const job = jobs.find((j) => j.id === intake.files[0]?.jobId);
        expect(job?.status).toBe('done');
        return job as MediaJob;
      },
      { timeout: speechGuardMs(15, { engineRtf: inject('engineRtf') }), interval: 200 },
    );
    expect(done).toMatchObject({ name: 'interview.wav', uploaded: true, title: 'interview' });
    const { entries } = await rpcValue<{ entries: { ref: unknown }[] }>('library.search', { query: '', platform: 'local' });
    const view = await rpcValue<{ localFile: { playerSrc: string | null } | null }>('transcript.get', { ref: entries[0]?.ref });
    const src = view.localFile?.playerSrc ?? '';
    expect(src).toMatch(/^\/app\/media\/[\w-]+$/);

    // What a media element sends: no session header, a range.
    const part = await fetch(`${origin}${src}`, { headers: { range: 'bytes=100-1099' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 100-1099/${bytes.length}`);
    expect(part.headers.get('content-type')).toBe('audio/wav');
    expect(part.headers.get('accept-ranges')).toBe('bytes');
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(100, 1100))).toBe(true);
    const whole = await fetch(`${origin}${src}`, { headers: { 'sec-fetch-site': 'same-origin' } });
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    const head = await fetch(`${origin}${src}`, { method: 'HEAD' });
    expect([head.status, head.headers.get('content-length'), await head.text()]).toEqual([200, String(bytes.length), '']);
    expect((await fetch(`${origin}${src}`, { headers: { range: `bytes=${bytes.length}-` } })).status).toBe(416);

    // Another site's page may not read it, nor a page on another name for this machine; an unknown token names nothing.
    expect((await fetch(`${origin}${src}`, { headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    const rebound = await new Promise<number>((resolve, reject) => {
      request(`${origin}${src}`, { headers: { host: 'evil.example' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });
    expect(rebound).toBe(403);
    expect((await fetch(`${origin}/app/media/${'A'.repeat(32)}`)).status).toBe(404);
    expect(statSync(join(desk.desk.uploadsDir, kept[0] ?? '')).size).toBe(bytes.length);
  });
});

/** Resident and peak-resident memory of a process, in bytes (Linux). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** POSTs `total` bytes made as they are sent (the test holds none of them); the status and body of the answer. */
function postGenerated(url: string, headers: Record<string, string | number>, total: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { ...headers, 'content-length': total } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    const chunk = Buffer.alloc(1024 * 1024, 0x5a);
    let sent = 0;
    const more = () => {
      while (sent < total) {
        const piece = chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += piece.length;
        if (!req.write(piece)) return void req.once('drain', more);
      }
      req.end();
    };
    more();
  });
}

describe('serve --ui --max-upload-mb', () => {
  it('takes an upload up to its limit without holding it in memory, and refuses a larger one naming the limit', { timeout: cliGuardMs(1) }, async () => {
    const serveHome = tempHome();
    const child = spawnCli(['serve', '--ui', '--port', '0', '--max-upload-mb', '200'], { TRANSCRIPT_DESK_HOME: serveHome.dir });
    try {
      const { match: link } = await waitForOutput(child, /desk: (http:\/\/\S+)/, 'serve --ui (needs `npm run build`)');
      const at = new URL(link).origin;
      const login = new URL(link).hash.split('=')[1] ?? '';
      const session = (await (await fetch(`${at}/app/session`, { method: 'POST', headers: { origin: at, 'content-type': 'application/json' }, body: JSON.stringify({ login }) })).json()) as { value: { token: string } };
      const headers = { origin: at, [HTTP_SESSION_HEADER]: session.value.token, 'content-type': 'application/octet-stream' };
      const pid = child.pid as number;

      const before = memoryOf(pid).rss;
      writeFileSync(`/proc/${pid}/clear_refs`, '5'); // the peak starts again from now
      // 150 MB of bytes that are not media: streamed to disk, probed, refused, deleted.
      const taken = await postGenerated(`${at}/app/upload?name=big.mp4`, headers, 150 * MB);
      expect(taken.status).toBe(200);
      expect((JSON.parse(taken.body) as MediaIntake).files).toEqual([{ name: 'big.mp4', jobId: null, error: expect.any(String) as string }]);
      const growth = memoryOf(pid).peak - before;
      // A server that held the upload would grow by 150 MB; streaming it grows by a few MB.
      expect(growth, `peak RSS grew by ${Math.round(growth / MB)} MB`).toBeLessThan(100 * MB);

      const refused = await postGenerated(`${at}/app/upload?name=bigger.mp4`, headers, 201 * MB);
      expect(refused.status).toBe(413);
      expect((JSON.parse(refused.body) as { message: string }).message).toContain('200 MB');
      expect(existsSync(join(serveHome.dir, 'uploads')) ? readdirSync(join(serveHome.dir, 'uploads')) : []).toEqual([]);
    } finally {
      killGroup(child.pid as number);
      serveHome.remove();
    }
  });
});

describe('a slow upload', () => {
  const REQUEST_TIMEOUT_MS = 1500;
  let slow: DeskServer;
  let slowHome: ReturnType<typeof tempHome>;
  let slowToken: string;
  beforeAll(async () => {
    slowHome = tempHome();
    slow = await startDeskServer(slowHome.dir, { limits: { requestTimeoutMs: REQUEST_TIMEOUT_MS } });
    slowToken = await slow.signedIn();
  });
  afterAll(async () => {
    await slow.close();
    slowHome.remove();
  });
  const slowUploads = () => (existsSync(slow.desk.uploadsDir) ? readdirSync(slow.desk.uploadsDir) : []);

  /** Sends the head of a `total`-byte upload, then `piece` bytes every `everyMs` for `pieces` times; the answer, or '' when the server hung up without one. */
  async function dribble(pieces: number, everyMs: number, total: number): Promise<{ status: number; body: string; elapsedMs: number }> {
    const connection = await rawConnection(slow.origin);
    const started = Date.now();
    connection.socket.write(requestHead(slow.origin, 'POST', '/app/upload?name=slow.wav', { origin: slow.origin, [HTTP_SESSION_HEADER]: slowToken, 'content-type': 'audio/wav', 'content-length': total }));
    const piece = Math.ceil(total / pieces);
    for (let i = 0; i < pieces && !connection.isClosed(); i++) {
      await new Promise((r) => setTimeout(r, everyMs));
      connection.socket.write(Buffer.alloc(Math.min(piece, total - i * piece), 3));
    }
    const [answer] = await responses(connection, 1);
    return { status: answer?.status ?? 0, body: answer?.body ?? '', elapsedMs: Date.now() - started };
  }

  it('is taken while its bytes keep coming, however long it takes', { timeout: 30_000 }, async () => {
    // 4 s in all, more than twice the request timeout, a piece every 250 ms.
    const result = await dribble(16, 250, 64_000);
    expect(result.status).toBe(200);
    expect(result.elapsedMs).toBeGreaterThan(2 * REQUEST_TIMEOUT_MS);
    expect((JSON.parse(result.body) as MediaIntake).files[0]?.name).toBe('slow.wav');
    expect(slowUploads()).toEqual([]);
  });

  it('is cut with a 408 once its bytes stop coming for a whole request timeout, and leaves no partial file', { timeout: 30_000 }, async () => {
    const connection = await rawConnection(slow.origin);
    const started = Date.now();
    connection.socket.write(requestHead(slow.origin, 'POST', '/app/upload?name=stalled.wav', { origin: slow.origin, [HTTP_SESSION_HEADER]: slowToken, 'content-type': 'audio/wav', 'content-length': 100_000 }));
    // Steady for a while (past one timeout), then nothing.
    for (let i = 0; i < 8; i++) {
      await new Promise((r) => setTimeout(r, 250));
      connection.socket.write(Buffer.alloc(1000, 4));
    }
    await vi.waitFor(() => expect(slowUploads()).toHaveLength(1));
    await connection.closed;
    expect(connection.received().split('\r\n')[0]).toMatch(/^HTTP\/1\.1 408 /);
    // Two seconds of bytes, then at most two timeouts of silence (the check runs once per timeout).
    expect(Date.now() - started).toBeLessThan(2000 + 2 * REQUEST_TIMEOUT_MS + 2000);
    await vi.waitFor(() => expect(slowUploads()).toEqual([]));
  });
});
