// The REST API's OpenAPI 3.1 document, built from the zod schemas the service's answers are typed
// and tested by (src-shared/contract/api) and from the texts the service answers with (ERROR_TEXT,
// the platforms' 404, 422, 502 and 503 texts): nothing in it is written by hand twice. Served at
// GET /openapi.json (apiReference.ts); `npm run openapi` writes it to docs/openapi.json, and
// test/unit/openapi-document.test.ts fails when that file or the server's routes drift from it.
import { z } from 'zod';
import {
  balanceRecordSchema,
  dedupedJobSchema,
  doneJobRecordSchema,
  errorBodySchema,
  failedJobRecordSchema,
  jobAcceptedSchema,
  jobRecordSchema,
  podcastRequestSchema,
  processingJobRecordSchema,
  transcriptRequestSchema,
  transcriptResponseSchema,
} from '#shared/contract/api/index';
import { PLATFORMS, PLATFORM_TOKENS, type SyncPlatformToken } from '#shared/platforms';
import { ERROR_TEXT } from '#service/apiResponse';
import { NO_TRANSCRIPT_TEXT, UPSTREAM_RATE_LIMITED } from '#service/platforms/failures';
import { STT_BUSY_ERROR, STT_UNAVAILABLE_ERROR, TOO_LONG_ERROR } from '#service/platforms/speech';
import { RATE_LIMIT, RATE_WINDOW_MS } from '#service/rateLimit';
import { KEY_PREFIX } from '#service/store/port';
import { version } from '../../package.json';

/** Where the document and its reference page are served; neither needs a key (apiReference.ts). */
export const OPENAPI_PATH = '/openapi.json';
export const DOCS_PATH = '/docs';

type Json = Record<string, unknown>;
type Schema = Json;

/** The platforms whose AI transcription stops at two minutes (spec §8): a longer item is a 422. */
const TWO_MINUTE_RULE: readonly SyncPlatformToken[] = ['microblog', 'clips_a'];

const SYNC_PLATFORMS = PLATFORM_TOKENS.filter((p): p is SyncPlatformToken => p !== 'podcast');

/** A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect): what a value must look like to pass it. */
function jsonSchema(schema: z.ZodType): Schema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw' }) as Json;
  return rest;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const pascal = (token: string) => token.split('_').map((part) => (part.length <= 1 ? part.toUpperCase() : part[0]?.toUpperCase() + part.slice(1))).join('');

/** The named schemas: every platform's 200, the job record's three shapes and their union, the rest of §2. */
function namedSchemas(): Record<string, Schema> {
  // The contract's own schema objects, so that the union below refers to its three shapes by name.
  const registry = z.registry<{ id: string; description: string }>();
  for (const platform of SYNC_PLATFORMS) {
    registry.add(transcriptResponseSchema(platform), {
      id: `${pascal(platform)}Transcript`,
      description: `The 200 answer of \`POST /api/${platform}/transcript\` (${PLATFORMS[platform].uiName}): spec §2.3 and the universal fields of §2.2.`,
    });
  }
  registry.add(processingJobRecordSchema, { id: 'ProcessingJob', description: 'A podcast job still running (§2.4): `completedAt` is null.' });
  registry.add(doneJobRecordSchema, { id: 'DoneJob', description: 'A finished podcast job (§2.4): `transcript` and `credits` appear; `source` is ours (publisher transcript or our speech-to-text).' });
  registry.add(failedJobRecordSchema, { id: 'FailedJob', description: 'A failed podcast job (§2.4): only `jobId`, `status` and `error`; the reservation was refunded.' });
  registry.add(jobRecordSchema, { id: 'JobRecord', description: 'The podcast job record (§2.4), one of three shapes by `status`.' });
  registry.add(jobAcceptedSchema, { id: 'JobAccepted', description: '202 to a podcast submit: the job runs; poll it.' });
  registry.add(dedupedJobSchema, { id: 'DedupedJob', description: '200 to a podcast submit of an episode transcribed before: its finished record and `deduped`.' });
  registry.add(balanceRecordSchema, { id: 'BalanceRecord', description: 'The balance record (§2.5).' });
  registry.add(transcriptRequestSchema, { id: 'TranscriptRequest', description: 'The body of a synchronous transcript request (§2.1).' });
  registry.add(podcastRequestSchema, { id: 'PodcastRequest', description: 'The body of a podcast submit (§4.2).' });
  const { schemas } = z.toJSONSchema(registry, { io: 'input', unrepresentable: 'throw', uri: (id) => `#/components/schemas/${id}` });
  // Each schema's own `$id` and `$schema` are the registry's bookkeeping, not the document's.
  return Object.fromEntries(Object.entries(schemas).map(([name, { $id: _id, $schema: _dialect, ...schema }]) => [name, schema as Schema]));
}

/** An error body whose `error` is one of these texts (and `code` this one, where given). */
function errorSchema(texts: readonly string[], code?: string): Schema {
  const [first, ...more] = [...new Set(texts)];
  if (first === undefined) throw new Error('an error schema needs at least one text');
  const error = more.length === 0 ? z.literal(first) : z.enum([first, ...more]);
  return jsonSchema(code === undefined ? errorBodySchema.extend({ error }) : errorBodySchema.extend({ error, code: z.literal(code) }));
}

const int = z.int();
const HEADERS = {
  'X-RateLimit-Limit': { description: `Requests a key may make in a ${RATE_WINDOW_MS / 1000}-second window (spec §8): always ${RATE_LIMIT}.`, schema: jsonSchema(z.literal(RATE_LIMIT)) },
  'X-RateLimit-Remaining': { description: 'Requests left in the current window.', schema: jsonSchema(int.min(0).max(RATE_LIMIT)) },
  'X-RateLimit-Reset': { description: 'When the window resets: a Unix timestamp in seconds.', schema: jsonSchema(int.min(0)) },
  'Retry-After': { description: 'Whole seconds to wait before asking again.', schema: jsonSchema(int.min(1)) },
} as const;
type HeaderName = keyof typeof HEADERS;

const headerRef = (name: HeaderName, required: boolean) => (required ? { $ref: `#/components/headers/${name}` } : { description: `${HEADERS[name].description} Sent only where noted.`, required: false, schema: HEADERS[name].schema });

/** The rate-limit headers every answer of an API path carries (§8), errors included. */
function rateHeaders(retryAfter: 'required' | 'optional' | 'none' = 'none'): Json {
  const headers: Json = { 'X-RateLimit-Limit': headerRef('X-RateLimit-Limit', true), 'X-RateLimit-Remaining': headerRef('X-RateLimit-Remaining', true), 'X-RateLimit-Reset': headerRef('X-RateLimit-Reset', true) };
  if (retryAfter !== 'none') headers['Retry-After'] = headerRef('Retry-After', retryAfter === 'required');
  return headers;
}

function answer(description: string, schema: Schema, retryAfter: 'required' | 'optional' | 'none' = 'none'): Json {
  return { description, headers: rateHeaders(retryAfter), content: { 'application/json': { schema } } };
}

const responseRef = (name: string) => ({ $ref: `#/components/responses/${name}` });

/** Answers every API path can give, whatever the route. */
function sharedResponses(): Record<string, Json> {
  return {
    Unauthorized: answer(`No key (the \`Authorization\` header is absent or does not start with \`Bearer ${KEY_PREFIX}\`), or a key that was revoked or never existed (§5).`, errorSchema([ERROR_TEXT.missingKey, ERROR_TEXT.invalidKey])),
    RateLimited: answer(`More than ${RATE_LIMIT} requests in the key's window (§8); callers without a valid key are counted per client address. Wait \`Retry-After\` seconds.`, errorSchema([ERROR_TEXT.rateLimited]), 'required'),
    PayloadTooLarge: answer('Ours: a request body larger than the server takes (64 KiB; a real one is under 2 KB). The message names the limit.', errorSchema([ERROR_TEXT.payloadTooLarge])),
    // A fault can come before the key's window was counted (a broken ledger fails the key lookup
    // itself), so the rate headers are not promised here; rest-errors.test.ts sends one.
    InternalError: {
      description: 'A fault of ours; the server logs it. Never a stack trace. The `X-RateLimit-*` headers are sent when the fault came after the key was counted.',
      headers: Object.fromEntries((['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'] as const).map((name) => [name, headerRef(name, false)])),
      content: { 'application/json': { schema: errorSchema([ERROR_TEXT.internal]) } },
    },
  };
}

const KEY_ERRORS = { '401': responseRef('Unauthorized'), '429': responseRef('RateLimited'), '500': responseRef('InternalError') };

function syncTranscriptOperation(platform: SyncPlatformToken): Json {
  const info = PLATFORMS[platform];
  const speech = info.source === 'speech';
  const responses: Record<string, Json> = {
    '200': answer(`The transcript (§2.3), 1 credit; a cache hit is free and says \`cached: true\`.`, ref(`${pascal(platform)}Transcript`)),
    '400': answer(`The URL is missing, not a string, or not of a shape ${info.uiName} accepts (§4.1); the body is not a JSON object; or \`lang\` is not a language code.`, errorSchema([info.invalidUrlText, ERROR_TEXT.invalidLang])),
    ...KEY_ERRORS,
    '403': answer('The balance is empty (§7). Free.', errorSchema([ERROR_TEXT.noCredits])),
    '404': answer('The item is missing, private, or has no transcript to give (§7). Free.', errorSchema([NO_TRANSCRIPT_TEXT[platform]])),
    '413': responseRef('PayloadTooLarge'),
    '502': answer(
      `${info.uiName} kept us from an answer (a block, a bot check, a server error, a timeout, a payload we cannot read)${speech ? ', or our speech-to-text failed' : ''}. Free; retry with backoff. \`code: ${UPSTREAM_RATE_LIMITED}\` means the site itself is rate-limiting this machine; \`Retry-After\` then says how long when the site said so.`,
      errorSchema(speech ? [ERROR_TEXT.upstream, STT_UNAVAILABLE_ERROR] : [ERROR_TEXT.upstream]),
      'optional',
    ),
  };
  if (TWO_MINUTE_RULE.includes(platform)) responses['422'] = answer('Ours to transcribe, but longer than the two minutes AI transcription takes (§7, §8). Free; retrying does not change it.', errorSchema([TOO_LONG_ERROR], 'too_long'));
  if (speech) responses['503'] = answer('Ours: every speech-to-text place on this machine is taken. Free; retry after `Retry-After`.', errorSchema([STT_BUSY_ERROR], 'stt_busy'), 'required');
  return {
    operationId: `transcribe${pascal(platform)}`,
    summary: `Transcript of a ${info.uiName} URL`,
    description: `Spec §4.1 (\`${platform}\`; the path also answers as \`/api/${info.aliases[0] ?? platform}/transcript\`). Synchronous: the answer is the transcript.`,
    tags: ['Transcripts'],
    requestBody: { required: true, content: { 'application/json': { schema: ref('TranscriptRequest') } } },
    responses: sortedByStatus(responses),
  };
}

function podcastSubmitOperation(): Json {
  return {
    operationId: 'submitPodcast',
    summary: 'Submit a podcast episode',
    description: 'Spec §4.2. Asynchronous: a new episode is a 202 with a `jobId` to poll; an episode transcribed before is a 200 with its finished record. Plans `plus` and `pro` only; credits (10 per audio hour, rounded up) are reserved at submit and refunded if the job fails.',
    tags: ['Podcasts'],
    requestBody: { required: true, content: { 'application/json': { schema: ref('PodcastRequest') } } },
    responses: sortedByStatus({
      '200': answer('The episode was transcribed before (by anyone): its finished record with `deduped: true`; no job is queued.', ref('DedupedJob')),
      '202': answer('A job runs (or joins the work already running on this episode); poll `GET /api/podcast/jobs/{jobId}`.', ref('JobAccepted')),
      '400': answer('Not an episode URL (a show URL without `?i=` included), or the body is not a JSON object with a string `url`.', errorSchema([PLATFORMS.podcast.invalidUrlText])),
      ...KEY_ERRORS,
      '402': answer('The key is on the `free` plan or a legacy credit pack (§4.2).', errorSchema([ERROR_TEXT.upgradeRequired])),
      '403': answer("The balance is empty, or smaller than the episode's reservation (§7).", errorSchema([ERROR_TEXT.noCredits])),
      '404': answer('The directory or the feed has no such episode. Free.', errorSchema([ERROR_TEXT.noTranscript])),
      '409': answer('Ours: the episode changed state while it was submitted; submit it again.', errorSchema(['Conflict'])),
      '413': responseRef('PayloadTooLarge'),
      '502': answer(`The directory or the feed kept us from the episode. Free; retry with backoff (\`code: ${UPSTREAM_RATE_LIMITED}\` with \`Retry-After\`: the site is rate-limiting this machine).`, errorSchema([ERROR_TEXT.upstream]), 'optional'),
    }),
  };
}

function jobOperation(): Json {
  return {
    operationId: 'getPodcastJob',
    summary: 'Poll a podcast job',
    description: 'Spec §4.3. Poll every 3 to 5 seconds until `status` is `done` or `failed`; a failed job is a 200 whose record holds `error`.',
    tags: ['Podcasts'],
    parameters: [{ name: 'jobId', in: 'path', required: true, description: 'From the submit answer.', schema: jsonSchema(z.string()) }],
    responses: sortedByStatus({
      '200': answer('The job record (§2.4).', ref('JobRecord')),
      ...KEY_ERRORS,
      '404': answer("No such job for this key's account (another account's job is not found either).", errorSchema([ERROR_TEXT.jobNotFound])),
    }),
  };
}

function balanceOperation(): Json {
  return {
    operationId: 'getBalance',
    summary: 'Credits left and the plan',
    description: 'Spec §4.4. Free, rate limited like every call, never 403 for an empty account.',
    tags: ['Account'],
    responses: sortedByStatus({ '200': answer('The balance record (§2.5).', ref('BalanceRecord')), ...KEY_ERRORS }),
  };
}

function documentOperations(): Json {
  return {
    [OPENAPI_PATH]: {
      get: {
        operationId: 'getOpenApiDocument',
        summary: 'This document',
        description: 'Needs no key (it holds no secret) and is not counted against any rate window: no rate-limit headers.',
        tags: ['Reference'],
        security: [],
        responses: { '200': { description: 'The OpenAPI 3.1 document of this API.', content: { 'application/json': { schema: { type: 'object' } } } } },
      },
    },
    [DOCS_PATH]: {
      get: {
        operationId: 'getReferencePage',
        summary: 'This document as a reference page',
        description: 'Rendered in the browser by Swagger UI, served by this server (no CDN). Needs no key; its own files live under `/docs/`.',
        tags: ['Reference'],
        security: [],
        responses: { '200': { description: 'An HTML page.', content: { 'text/html': { schema: { type: 'string' } } } } },
      },
    },
  };
}

function sortedByStatus(responses: Record<string, Json>): Record<string, Json> {
  return Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
}

export interface OpenApiDocument {
  openapi: string;
  info: Json;
  servers: Json[];
  security: Json[];
  tags: Json[];
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Schema>; responses: Record<string, Json>; headers: Record<string, Json>; securitySchemes: Json };
}

/** The whole document; the same object every time (deterministic: docs/openapi.json is compared byte for byte). */
export function buildOpenApiDocument(): OpenApiDocument {
  const paths: Record<string, Record<string, Json>> = {};
  for (const platform of SYNC_PLATFORMS) paths[`/api/${platform}/transcript`] = { post: syncTranscriptOperation(platform) };
  paths['/api/podcast/transcript'] = { post: podcastSubmitOperation() };
  paths['/api/podcast/jobs/{jobId}'] = { get: jobOperation() };
  paths['/api/balance'] = { get: balanceOperation() };
  Object.assign(paths, documentOperations());
  return {
    openapi: '3.1.1',
    info: {
      title: 'Transcript Desk REST API',
      version,
      summary: 'Transcripts of public video, clip and podcast URLs, from a service on your own machine.',
      description:
        'The transcript service API (the spec, `transcript-service-api.md`), answered by `transcript-desk serve` and by the desktop app when Settings → Local REST API is on. ' +
        'Every `/api/` call needs `Authorization: Bearer sk_live_…` and is counted in its key\'s rate window; every answer, errors included (a fault of ours aside), carries the `X-RateLimit-*` headers. ' +
        'Each platform has its own path and answer shape. Generated from the service\'s own schemas (`npm run openapi`); never edited by hand.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    // Relative: the server that serves this document. A script that reads docs/openapi.json gives its own base URL.
    servers: [{ url: '/', description: 'The server this document was read from (`transcript-desk serve` listens on http://127.0.0.1:8787 by default).' }],
    security: [{ bearerKey: [] }],
    tags: [
      { name: 'Transcripts', description: 'One synchronous path per platform (§4.1).' },
      { name: 'Podcasts', description: 'Asynchronous: submit, then poll (§4.2, §4.3).' },
      { name: 'Account', description: 'The balance (§4.4).' },
      { name: 'Reference', description: 'This document and its page; no key needed.' },
    ],
    paths,
    components: {
      schemas: namedSchemas(),
      responses: sharedResponses(),
      headers: Object.fromEntries(Object.entries(HEADERS).map(([name, header]) => [name, { ...header, required: true }])),
      securitySchemes: {
        bearerKey: { type: 'http', scheme: 'bearer', bearerFormat: `${KEY_PREFIX}…`, description: `An API key, which begins with \`${KEY_PREFIX}\` (§5). Create one with \`transcript-desk keys create\` or in the desk's Settings → API keys.` },
      },
    },
  };
}

/** The document as served and as committed: two-space JSON and a final newline. */
export function openApiJson(): string {
  return `${JSON.stringify(buildOpenApiDocument(), null, 2)}\n`;
}
