// The OpenAPI document (src-main/http/openapi.ts): the committed docs/openapi.json is what the code
// generates; every route Fastify registers has its entry (and every entry a route); it says what
// the spec says about statuses, headers, auth and bodies; Redocly's linter passes on it.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_TOKENS, PLATFORMS } from '#shared/platforms';
import { buildApi } from '../../src-main/http/server';
import { DOCS_ASSET_PATHS } from '../../src-main/http/apiReference';
import { buildOpenApiDocument, openApiJson, type OpenApiDocument } from '../../src-main/http/openapi';
import type { TestService } from '../helpers/inProcessRest';
import { openTestService } from '../helpers/stt';
import { OpenApiValidator } from '../helpers/openapiValidator';
import { generatedClientTypes } from '../client/generate';

const ROOT = resolve(import.meta.dirname, '../..');
const doc = buildOpenApiDocument();

type Route = { method: string; url: string };

/** A Fastify route pattern (`/api/:platform/transcript`) as a regex over concrete paths. */
const routePattern = (url: string) => new RegExp(`^${url.replace(/:[^/]+/g, '[^/]+')}$`);
/** A document path's parameters filled in, so that it can be matched against route patterns. */
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, 'x');
/** Fastify answers HEAD for every GET by itself: it is the GET's entry. */
const asDocumented = ({ method, url }: Route): Route => ({ method: method === 'HEAD' ? 'GET' : method, url });

function operations(document: OpenApiDocument): Route[] {
  return Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => ({ method: method.toUpperCase(), url: path })));
}

/** The routes of the server that no operation of the document describes (the page's own files aside). */
function undocumentedRoutes(routes: readonly Route[], document: OpenApiDocument): string[] {
  const ops = operations(document);
  return routes
    .map(asDocumented)
    .filter((route) => !DOCS_ASSET_PATHS.includes(route.url))
    .filter((route) => !ops.some((op) => op.method === route.method && routePattern(route.url).test(concrete(op.url))))
    .map((route) => `${route.method} ${route.url}`);
}

describe('the OpenAPI document', () => {
  let opened: TestService;
  let routes: readonly Route[];
  beforeAll(async () => {
    opened = await openTestService();
    const built = await buildApi(opened.service);
    await built.app.ready();
    routes = built.routes;
    await built.app.close();
  });
  afterAll(async () => {
    await opened.remove();
  });

  it('is committed as docs/openapi.json exactly as the code generates it (npm run openapi)', () => {
    expect(readFileSync(resolve(ROOT, 'docs/openapi.json'), 'utf8')).toBe(openApiJson());
  });

  it('is committed with the client types openapi-typescript generates from it (test/client/api.d.ts)', { timeout: 30_000 }, async () => {
    expect(readFileSync(resolve(ROOT, 'test/client/api.d.ts'), 'utf8')).toBe(await generatedClientTypes());
  });

  it('describes every route the server registers, and only routes it registers', () => {
    expect(routes.length).toBeGreaterThan(5);
    expect(undocumentedRoutes(routes, doc)).toEqual([]);
    const served = routes.map(asDocumented);
    const phantom = operations(doc).filter((op) => !served.some((route) => route.method === op.method && routePattern(route.url).test(concrete(op.url))));
    expect(phantom).toEqual([]);
  });

  it('would notice a route without an entry', () => {
    const withExtra = [...routes, { method: 'GET', url: '/api/usage' }, { method: 'DELETE', url: '/api/podcast/jobs/:jobId' }];
    expect(undocumentedRoutes(withExtra, doc)).toEqual(['GET /api/usage', 'DELETE /api/podcast/jobs/:jobId']);
  });

  it("the traffic tests' validator finds what the document does not allow", () => {
    const validator = new OpenApiValidator(doc);
    const rate = { 'x-ratelimit-limit': '120', 'x-ratelimit-remaining': '7', 'x-ratelimit-reset': '1790000000', 'content-type': 'application/json; charset=utf-8' };
    const answer = (status: number, headers: Record<string, string>, body: unknown, path = '/api/balance') => validator.problems({ method: 'GET', path, status, headers: new Headers(headers), text: JSON.stringify(body) });
    expect(answer(200, rate, { credits: 5, plan: 'free' })).toEqual([]);
    expect(answer(200, rate, { credits: '5', plan: 'free' }).join()).toMatch(/credits must be integer/);
    expect(answer(200, rate, { credits: 5, plan: 'free', extra: 1 }).join()).toMatch(/additional properties/);
    expect(answer(200, { ...rate, 'x-ratelimit-limit': '100' }, { credits: 5, plan: 'free' }).join()).toMatch(/x-ratelimit-limit/i);
    expect(answer(200, { 'content-type': 'application/json' }, { credits: 5, plan: 'free' }).join()).toMatch(/required header X-RateLimit-Limit is missing/);
    expect(answer(429, rate, { error: 'Rate limit exceeded. Try again later.' }).join()).toMatch(/required header Retry-After is missing/);
    expect(answer(200, { ...rate, 'retry-after': '3' }, { credits: 5, plan: 'free' }).join()).toMatch(/retry-after is sent but not documented/);
    expect(answer(403, rate, { error: 'no_credits' }).join()).toMatch(/status not documented/);
    expect(answer(401, rate, { error: 'Who are you' }).join()).toMatch(/error must be equal to one of the allowed values/);
    expect(answer(200, rate, {}, '/api/usage').join()).toMatch(/not in the document/);
  });

  it('has one transcript path per platform token of the spec, each with its own answer schema', () => {
    for (const token of PLATFORM_TOKENS) expect(doc.paths[`/api/${token}/transcript`]?.post, token).toBeDefined();
    const okSchemas = PLATFORM_TOKENS.filter((t) => t !== 'podcast').map((t) => ((doc.paths[`/api/${t}/transcript`]?.post?.responses as Record<string, { content: Record<string, { schema: { $ref: string } }> }>)['200']?.content['application/json']?.schema.$ref));
    expect(new Set(okSchemas).size).toBe(9);
    // §2.3's required fields, per platform, as the document states them.
    const required = (name: string) => (doc.components.schemas[name] as { required: string[] }).required.sort();
    expect(required('LongformTranscript')).toEqual(['captionTracks', 'credits', 'language', 'success', 'transcript', 'transcript_only_text', 'type', 'url', 'videoId']);
    expect(required('ShortformTranscript')).toEqual(['credits', 'transcript']);
    expect(required('ReelsTranscript')).toEqual(['credits', 'success', 'transcripts']);
    expect(required('ProfessionalTranscript')).toEqual(['credits', 'transcript']);
    expect(required('ClipsATranscript')).toEqual(['credits', 'id', 'success', 'transcript', 'transcript_source', 'url']);
  });

  it("lists every status of the spec's §7 that each path can answer", () => {
    const statuses = (path: string, method: string) => Object.keys((doc.paths[path]?.[method] as { responses: object }).responses);
    for (const token of PLATFORM_TOKENS.filter((t) => t !== 'podcast')) {
      const expected = ['200', '400', '401', '403', '404', '429', '502', ...(token === 'clips_a' || token === 'microblog' ? ['422'] : []), ...(PLATFORMS[token].source === 'speech' ? ['503'] : [])];
      expect(statuses(`/api/${token}/transcript`, 'post'), token).toEqual(expect.arrayContaining(expected));
    }
    expect(statuses('/api/podcast/transcript', 'post')).toEqual(expect.arrayContaining(['200', '202', '400', '401', '402', '403', '404', '429', '502']));
    expect(statuses('/api/podcast/jobs/{jobId}', 'get')).toEqual(expect.arrayContaining(['200', '401', '404', '429']));
    expect(statuses('/api/balance', 'get')).toEqual(expect.arrayContaining(['200', '401', '429']));
    expect(statuses('/api/balance', 'get')).not.toContain('403');
  });

  it('puts the rate-limit headers on every answer of the API (required but on a 500) and Retry-After on 429 and 503', () => {
    type Listed = { $ref?: string; headers?: Record<string, unknown> };
    const answers = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, item]) => Object.values(item).flatMap((op) => Object.entries(op.responses as Record<string, Listed>).map(([status, listed]) => ({ path, status, listed }))));
    expect(answers.length).toBeGreaterThan(90);
    for (const { path, status, listed } of answers) {
      const response = listed.$ref === undefined ? listed : (doc.components.responses[listed.$ref.split('/').pop() ?? ''] as Listed);
      expect(Object.keys(response.headers ?? {}), `${path} ${status}`).toEqual(expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']));
      if (status === '429' || status === '503') expect(response.headers?.['Retry-After'], `${path} ${status}`).toEqual({ $ref: '#/components/headers/Retry-After' });
      // Required everywhere but on a 500: a fault can come before the key was counted (rest-errors.test.ts).
      const required = status !== '500';
      expect(response.headers?.['X-RateLimit-Limit'], `${path} ${status}`).toMatchObject(required ? { $ref: '#/components/headers/X-RateLimit-Limit' } : { required: false });
    }
    expect(doc.components.headers['X-RateLimit-Limit']).toMatchObject({ required: true, schema: { const: 120 } });
  });

  it('asks for a bearer key beginning sk_live_ everywhere but on the document and its page', () => {
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['bearerKey']);
    expect(doc.components.securitySchemes.bearerKey).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'sk_live_…' });
    expect(doc.security).toEqual([{ bearerKey: [] }]);
    const open = Object.entries(doc.paths).flatMap(([path, item]) => Object.values(item).filter((op) => Array.isArray(op.security) && op.security.length === 0).map(() => path));
    expect(open.sort()).toEqual(['/docs', '/openapi.json']);
  });

  it('describes the podcast job record as a union of its processing, done and failed shapes', () => {
    expect(doc.components.schemas.JobRecord).toMatchObject({ oneOf: [{ $ref: '#/components/schemas/ProcessingJob' }, { $ref: '#/components/schemas/DoneJob' }, { $ref: '#/components/schemas/FailedJob' }] });
    expect(doc.components.schemas.FailedJob).toMatchObject({ required: ['jobId', 'status', 'error'], additionalProperties: false });
  });

  it("passes Redocly's lint (recommended-strict)", { timeout: 60_000 }, async () => {
    const { stdout, stderr } = await promisify(execFile)(resolve(ROOT, 'node_modules/.bin/redocly'), ['lint', 'docs/openapi.json'], {
      cwd: ROOT,
      // Nothing leaves the machine: no usage report, no update check.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    expect(`${stdout}${stderr}`).toMatch(/Your API description is valid/);
  });
});
