// Checks a real answer (status, headers, body) against the OpenAPI document with a standard JSON
// Schema 2020-12 validator (Ajv2020 and ajv-formats), the way a client generated from the document
// would read it: the path and method must be described, the status listed, every required header
// present and of its schema (numbers in headers are read as numbers), no rate-limit or Retry-After
// header the document does not announce, the content type listed and the body valid.
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { openApiJson, type OpenApiDocument } from '../../src-main/http/openapi';

type Json = Record<string, unknown>;

export interface Answer {
  method: string;
  /** The request's path, query included or not. */
  path: string;
  status: number;
  headers: Headers;
  /** The body as sent. */
  text: string;
}

const DOC_ID = 'https://transcript-desk.invalid/openapi.json';
/** Headers the document must announce wherever they are sent. */
const ANNOUNCED = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after'];

const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

export class OpenApiValidator {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(private readonly doc: OpenApiDocument) {
    this.ajv = new Ajv2020({ allErrors: true, strict: true });
    addFormats(this.ajv);
    // The document's top-level fields are OpenAPI's, not JSON Schema keywords; only the schemas
    // inside it are compiled, found by JSON pointer from the document's root.
    this.ajv.addVocabulary(['openapi', 'info', 'servers', 'security', 'tags', 'paths', 'components']);
    this.ajv.addSchema({ ...doc, $id: DOC_ID });
  }

  /** What is wrong with this answer; empty when the document describes it. */
  problems(answer: Answer): string[] {
    const where = `${answer.method} ${answer.path} → ${answer.status}`;
    const path = answer.path.split('?')[0] ?? '';
    const template = Object.keys(this.doc.paths).find((candidate) => new RegExp(`^${candidate.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path));
    if (template === undefined) return [`${where}: the path is not in the document`];
    const method = answer.method.toLowerCase();
    const operation = this.doc.paths[template]?.[method];
    if (operation === undefined) return [`${where}: ${answer.method} is not documented for ${template}`];
    const responses = operation.responses as Record<string, Json>;
    const status = String(answer.status);
    const listed = responses[status] ?? responses.default;
    if (listed === undefined) return [`${where}: status not documented for ${answer.method} ${template} (documented: ${Object.keys(responses).join(', ')})`];
    const base = ['#', 'paths', template, method, 'responses', status in responses ? status : 'default'];
    const [response, responsePointer] = this.deref(listed, pointer(...base.slice(1)));
    const problems: string[] = [];

    const headers = (response.headers ?? {}) as Record<string, Json>;
    const documented = new Set(Object.keys(headers).map((h) => h.toLowerCase()));
    for (const name of ANNOUNCED) {
      if (answer.headers.has(name) && !documented.has(name)) problems.push(`${where}: header ${name} is sent but not documented`);
    }
    for (const [name, listedHeader] of Object.entries(headers)) {
      const [header, headerPointer] = this.deref(listedHeader, `${responsePointer}/headers/${pointer(name)}`);
      const value = answer.headers.get(name);
      if (value === null) {
        if (header.required === true) problems.push(`${where}: required header ${name} is missing`);
        continue;
      }
      const schema = header.schema as Json;
      const numeric = schema.type === 'integer' || schema.type === 'number' || typeof schema.const === 'number';
      const parsed = numeric && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
      problems.push(...this.check(`${headerPointer}/schema`, parsed).map((p) => `${where}: header ${name}: ${value}: ${p}`));
    }

    const content = response.content as Record<string, Json> | undefined;
    const type = (answer.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
    if (content === undefined) return problems;
    if (!(type in content)) return [...problems, `${where}: content type ${type} not documented (${Object.keys(content).join(', ')})`];
    if (type !== 'application/json') return problems;
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return [...problems, `${where}: the body is not JSON`];
    }
    problems.push(...this.check(`${responsePointer}/content/${pointer(type)}/schema`, body).map((p) => `${where}: body ${p}`));
    return problems;
  }

  /** Follows a `$ref` into components; returns the object and the JSON pointer (without `#`) it lives at. */
  private deref(value: Json, at: string): [Json, string] {
    const target = value.$ref;
    if (typeof target !== 'string') return [value, at];
    const parts = target.replace(/^#\//, '').split('/');
    let node: unknown = this.doc;
    for (const part of parts) node = (node as Json)[part.replaceAll('~1', '/').replaceAll('~0', '~')];
    return [node as Json, parts.join('/')];
  }

  private check(schemaPointer: string, value: unknown): string[] {
    const ref = `${DOC_ID}#/${schemaPointer}`;
    let validate = this.compiled.get(ref);
    if (validate === undefined) {
      validate = this.ajv.compile({ $ref: ref });
      this.compiled.set(ref, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || '(root)'} ${e.message ?? ''}${e.params === undefined ? '' : ` ${JSON.stringify(e.params)}`}`);
  }
}

/** What is wrong with one answer, against the document this code generates (docs/openapi.json). */
export function documentProblems(answer: Answer): string[] {
  return new OpenApiValidator(JSON.parse(openApiJson()) as OpenApiDocument).problems(answer);
}
