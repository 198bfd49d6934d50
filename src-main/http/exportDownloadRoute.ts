// POST /app/export/download: the browser build's export, streamed back as an attachment
// (src-main/desk/export/download.ts). Same checks as the RPC routes (Host, Origin, session), run
// by the caller's onRequest hook before the body is read.
import type { FastifyInstance, FastifyReply, onRequestHookHandler } from 'fastify';
import { EXPORT_SUMMARY_HEADER, HTTP_EXPORT_DOWNLOAD_PATH } from '#shared/contract/exports';
import type { DeskResult } from '#shared/contract/result';
import type { Desk } from '../desk/index';

const JSON_TYPE = 'application/json; charset=utf-8';
/** Like `export.run`'s RPC body: up to 20,000 queue ids. */
const BODY_LIMIT = 4 * 1024 * 1024;

/** RFC 6266: an ASCII fallback and the real (UTF-8) name for browsers that read `filename*`. */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

const failure = (reply: FastifyReply, error: Extract<DeskResult<never>, { ok: false }>['error']) =>
  reply.header('cache-control', 'no-store').type(JSON_TYPE).send(JSON.stringify({ ok: false, error } satisfies DeskResult<never>));

export function registerExportDownload(app: FastifyInstance, desk: Desk, onRequest: onRequestHookHandler): void {
  app.post(HTTP_EXPORT_DOWNLOAD_PATH, { bodyLimit: BODY_LIMIT, onRequest }, async (request, reply) => {
    let payload: unknown;
    try {
      const raw = typeof request.body === 'string' ? request.body : '';
      payload = raw.trim() === '' ? {} : JSON.parse(raw);
    } catch {
      return failure(reply, { code: 'invalid_input', message: 'The request body is not JSON' });
    }
    const result = await desk.download(payload);
    if (!result.ok) return failure(reply, result.error);
    const { summary, contentType, body } = result.value;
    void reply.header('cache-control', 'no-store').header(EXPORT_SUMMARY_HEADER, encodeURIComponent(JSON.stringify(summary)));
    if (body === null || summary.fileName === null) return reply.code(204).send();
    return reply.header('content-disposition', attachment(summary.fileName)).type(contentType).send(body);
  });
}
