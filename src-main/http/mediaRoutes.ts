// Local media in the browser build (serve --ui): the upload of a media file, and the player's
// reading of one.
//
// POST /app/upload?name=<file name>: the file's bytes as the body. Checked like the RPC routes
// (Host, Origin, session) on the headers alone; then streamed to a new file under the desk's
// uploads folder, never held in memory, with a size limit (serve --max-upload-mb). Past the limit,
// or when the client goes away, no partial file is left. The desk then probes the file and makes a
// media job or refuses it (and deletes it).
//
// GET|HEAD /app/media/<token>: the file a player token names, with byte ranges. No session: an
// <audio>/<video> element cannot send the session header. The token is an unguessable capability
// minted by `transcript.get` (desk/media/links.ts); the Host and Sec-Fetch-Site checks still apply.
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { extname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, onRequestHookHandler } from 'fastify';
import { DEFAULT_MAX_UPLOAD_BYTES, HTTP_MEDIA_PREFIX, HTTP_UPLOAD_PATH, type MediaIntake } from '#shared/contract/media';
import type { Desk } from '../desk/index';
import { mediaFileResponse } from '../desk/media/fileResponse';
import { allowLongBody } from './connections';

const JSON_TYPE = 'application/json; charset=utf-8';
/** Decimal, like every size the CLI reads and prints (serve --max-upload-mb). */
const MB = 1_000_000;
/** Longest name kept (most file systems' limit for one name); a longer one keeps its end, the extension. */
export const MAX_UPLOAD_NAME = 255;
/**
 * After refusing a body midway, how long the rest is still read (and dropped) so the client gets
 * to read the refusal: a server that closes on unread bytes resets the connection, and a browser
 * then reports a network error instead of the 413 (nginx's lingering close, for the same reason).
 */
const LINGER_MS = 5000;

export interface MediaRoutesOptions {
  desk: Pick<Desk, 'addUpload' | 'mediaFile' | 'uploadsDir'>;
  /** Largest upload taken; DEFAULT_MAX_UPLOAD_BYTES by default (serve --max-upload-mb). */
  maxUploadBytes?: number;
  /** The RPC routes' checks (Host, Origin, session), run before the body is read. */
  uploadGuard: onRequestHookHandler;
  /** Host and Sec-Fetch-Site only: a media element sends no session header. */
  playerGuard: onRequestHookHandler;
}

const answer = (reply: FastifyReply, status: number, body: object) => reply.code(status).header('cache-control', 'no-store').type(JSON_TYPE).send(JSON.stringify(body));

/** The limit as a person reads it, in whole megabytes (2147 MB), or to two places below ten (0.5 MB). */
const inMegabytes = (bytes: number) => `${Number((bytes / MB).toFixed(bytes < 10 * MB ? 2 : 0))} MB`;

export function tooLargeMessage(limit: number): string {
  return `This file is larger than the ${inMegabytes(limit)} this server takes as an upload. Open it in the desktop app instead, or transcribe it on the server's machine with \`transcript-desk transcribe FILE\` (the limit is serve's --max-upload-mb).`;
}

/**
 * The name the person gave the file, as shown on its card: path parts, control characters and
 * surrounding spaces dropped, at most MAX_UPLOAD_NAME characters (a long name keeps its
 * extension). Undefined when nothing usable is left.
 */
export function uploadName(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are what is being removed
  const cleaned = (raw.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (cleaned === '' || /^\.+$/.test(cleaned)) return undefined;
  if (cleaned.length <= MAX_UPLOAD_NAME) return cleaned;
  const ext = safeExtension(cleaned);
  return cleaned.slice(0, MAX_UPLOAD_NAME - ext.length) + ext;
}

/**
 * The extension the stored copy keeps (the player's content type comes from it), when it is a
 * plain one; nothing else of the person's name reaches the file system.
 */
export function safeExtension(name: string): string {
  const ext = extname(name).toLowerCase();
  return /^\.[a-z0-9]{1,10}$/.test(ext) ? ext : '';
}

class TooLarge extends Error {}
class BrokenOff extends Error {}

/**
 * Streams a request's body into a new file at `path`, failing past `limit` bytes or when the
 * client goes away. Piped by hand rather than with pipeline(): pipeline would destroy the request
 * on failure, and with it the socket the 413 has to go out on.
 */
async function writeBody(request: IncomingMessage, path: string, limit: number): Promise<void> {
  let seen = 0;
  const limiter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > limit) callback(new TooLarge());
      else callback(null, chunk);
    },
  });
  const brokenOff = (error?: Error) => {
    if (!request.complete) limiter.destroy(error ?? new BrokenOff());
  };
  request.once('error', brokenOff);
  request.once('close', brokenOff);
  request.pipe(limiter);
  try {
    await pipeline(limiter, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  } finally {
    request.off('error', brokenOff);
    request.off('close', brokenOff);
    request.unpipe(limiter);
  }
}

/** Reads and drops what is left of a refused body for a while, then closes the connection. */
function discardRest(request: IncomingMessage): void {
  if (request.complete) return;
  const timer = setTimeout(() => request.socket.destroy(), LINGER_MS);
  timer.unref();
  request.on('end', () => clearTimeout(timer));
  request.on('error', () => clearTimeout(timer));
  request.resume();
}

export async function registerMediaRoutes(app: FastifyInstance, options: MediaRoutesOptions): Promise<void> {
  const { desk } = options;
  const limit = options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES;

  // Its own scope, so the body parser below applies to the upload alone: every other route keeps
  // the server's buffering parser and its body limits.
  await app.register((scope, _options, done) => {
    scope.removeAllContentTypeParsers();
    // Any type (a browser sends the file's own, or none): nothing is read here, the handler streams it.
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    scope.post<{ Querystring: { name?: unknown } }>(HTTP_UPLOAD_PATH, { onRequest: options.uploadGuard }, async (request, reply) => {
      const name = uploadName(request.query.name);
      if (name === undefined) return answer(reply, 400, { error: 'Bad request', message: 'The upload needs the file’s name in the `name` query parameter' });
      const declared = Number(request.headers['content-length']);
      if (declared > limit) return answer(reply, 413, { error: 'Payload too large', message: tooLargeMessage(limit) });

      // Signed in and within the limit: a big file over a slow link may take longer than the
      // server's request timeout, as long as its bytes keep coming.
      allowLongBody(request.raw);
      await mkdir(desk.uploadsDir, { recursive: true, mode: 0o700 });
      const path = join(desk.uploadsDir, `${randomUUID()}${safeExtension(name)}`);
      try {
        await writeBody(request.raw, path, limit);
      } catch (error) {
        await rm(path, { force: true });
        if (error instanceof TooLarge) {
          discardRest(request.raw);
          return answer(reply, 413, { error: 'Payload too large', message: tooLargeMessage(limit) });
        }
        if ((error as NodeJS.ErrnoException).code === 'ENOSPC') return answer(reply, 507, { error: 'Insufficient storage', message: `The server's disk is full: ${name} was not kept` });
        // The client went away midway (the answer reaches nobody), or the disk failed.
        if (error instanceof BrokenOff || !request.raw.complete) return answer(reply, 400, { error: 'Bad request', message: `The upload of ${name} broke off; nothing was kept` });
        throw error;
      }
      let intake: MediaIntake;
      try {
        intake = await desk.addUpload(path, name);
      } catch (error) {
        await rm(path, { force: true });
        throw error;
      }
      return answer(reply, 200, intake);
    });
    done();
  });

  app.route<{ Params: { token: string } }>({
    method: ['GET', 'HEAD'],
    url: `${HTTP_MEDIA_PREFIX}:token`,
    onRequest: options.playerGuard,
    handler: async (request, reply) => {
      const file = desk.mediaFile(request.params.token);
      if (file === undefined) return answer(reply, 404, { error: 'Not found', message: 'This player link is not known to the server (links last until it restarts): open the transcript again' });
      const range = request.headers.range;
      return reply.send(await mediaFileResponse(file.path, file.contentType, request.method, typeof range === 'string' ? range : undefined));
    },
  });
}
