import { specShapeProblem } from './specBodies';

export interface Reply {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
  text: string;
}

/** One request to the REST API; the body is parsed as JSON (every answer of the API is JSON). */
export async function call(base: string, method: 'GET' | 'POST', path: string, options: { key?: string; authorization?: string; body?: string } = {}): Promise<Reply> {
  const headers: Record<string, string> = {};
  const authorization = options.authorization ?? (options.key === undefined ? undefined : `Bearer ${options.key}`);
  if (authorization !== undefined) headers.authorization = authorization;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}`, { method, headers, body: options.body });
  const text = await response.text();
  const body = JSON.parse(text) as Record<string, unknown>;
  // Every answer of the API has the spec's shape, whatever the test then asserts about it.
  const problem = specShapeProblem(method, path, response.status, body);
  if (problem !== undefined) throw new Error(`${method} ${path} answered ${response.status} with a body outside the spec: ${problem}\n${text.slice(0, 400)}`);
  return { status: response.status, headers: response.headers, body, text };
}

export const post = (base: string, path: string, key: string | undefined, body: unknown) =>
  call(base, 'POST', path, { key, body: typeof body === 'string' ? body : JSON.stringify(body) });
