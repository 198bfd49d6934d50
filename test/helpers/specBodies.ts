// Which spec schema (src-shared/contract/api) a REST answer must fit, by method, path and status:
// `call()` (http.ts) checks every answer of the API against it, so each black-box REST test also
// proves the body has exactly the spec's shape (§2.3, §2.4, §2.5, §7).
import type { z } from 'zod';
import { balanceRecordSchema, dedupedJobSchema, errorBodySchema, jobAcceptedSchema, jobRecordSchema, transcriptResponseSchema } from '#shared/contract/api/index';
import { platformFromPathSegment } from '#shared/platforms';

export function specSchemaFor(method: 'GET' | 'POST', path: string, status: number): z.ZodType | undefined {
  const route = path.split('?')[0] ?? '';
  if (!route.startsWith('/api/')) return undefined;
  if (status >= 400) return errorBodySchema;
  if (method === 'GET' && route === '/api/balance') return balanceRecordSchema;
  const transcript = /^\/api\/([^/]+)\/transcript$/.exec(route);
  const platform = transcript === null ? undefined : platformFromPathSegment(transcript[1] ?? '');
  if (method === 'POST' && platform !== undefined) {
    if (platform === 'podcast') return status === 202 ? jobAcceptedSchema : dedupedJobSchema;
    return status === 200 ? transcriptResponseSchema(platform) : undefined;
  }
  if (method === 'GET' && /^\/api\/[^/]+\/jobs\/[^/]+$/.test(route)) return jobRecordSchema;
  return undefined;
}

/** Why `body` is not what the spec says this answer is, or undefined when it is (or the spec has no body for it). */
export function specShapeProblem(method: 'GET' | 'POST', path: string, status: number, body: unknown): string | undefined {
  const schema = specSchemaFor(method, path, status);
  if (schema === undefined) return undefined;
  const result = schema.safeParse(body);
  return result.success ? undefined : result.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`).join('; ');
}
