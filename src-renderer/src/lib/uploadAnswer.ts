// The browser build's reading of an upload's answer (POST /app/upload), kept apart from
// browserDesk.ts because it needs no DOM: the unit tests read real answers with it.
import { mediaIntakeSchema, type MediaIntake } from '#shared/contract/media';

export type UploadAnswer = { ok: true; intake: MediaIntake } | { ok: false; message: string };

/**
 * A 2xx answer is the desk's intake of the file (a job, or the reason it was refused); anything
 * else is the server's `{ error, message }` (413 past the size limit), said in the server's words.
 */
export function uploadAnswer(status: number, body: unknown): UploadAnswer {
  if (status >= 200 && status < 300) {
    const parsed = mediaIntakeSchema.safeParse(body);
    return parsed.success ? { ok: true, intake: parsed.data } : { ok: false, message: `The server answered the upload (${status}) without a readable result` };
  }
  const answer = (typeof body === 'object' && body !== null ? body : {}) as { error?: unknown; message?: unknown };
  // The desk's own error shape ({ error: { code, message } }) for a refused session or a bad request.
  const nested = typeof answer.error === 'object' && answer.error !== null ? (answer.error as { message?: unknown }).message : undefined;
  if (typeof answer.message === 'string' && answer.message !== '') return { ok: false, message: answer.message };
  if (typeof nested === 'string' && nested !== '') return { ok: false, message: nested };
  if (typeof answer.error === 'string' && answer.error !== '') return { ok: false, message: `${answer.error} (HTTP ${status})` };
  return { ok: false, message: `The server refused the upload (HTTP ${status})` };
}
