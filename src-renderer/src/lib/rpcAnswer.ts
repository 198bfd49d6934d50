// The browser transport's reading of an RPC answer (POST /app/rpc/<operation>), kept apart from
// browserDesk.ts because it needs no DOM: tests run it on the real server's answers.
import { isDeskErrorCode, type DeskResult } from '#shared/contract/result';

/**
 * An RPC answer's body as the desk's result: the desk's own `{ ok, value | error }`, or, for what
 * the server said before the desk could (a 413's `{ error: 'Payload too large', message }`),
 * an `internal` error naming the status.
 */
export function rpcAnswer(status: number, body: unknown): DeskResult<unknown> {
  const answer = (typeof body === 'object' && body !== null ? body : {}) as { ok?: unknown; value?: unknown; error?: unknown; message?: unknown };
  if (answer.ok === true) return { ok: true, value: answer.value };
  const error = answer.error;
  if (typeof error === 'object' && error !== null) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && typeof message === 'string') return { ok: false, error: { code: isDeskErrorCode(code) ? code : 'internal', message } };
  }
  const detail = typeof error === 'string' ? `: ${error}${typeof answer.message === 'string' ? ` (${answer.message})` : ''}` : '';
  return { ok: false, error: { code: 'internal', message: `The server answered ${status}${detail}` } };
}
