// `npm run openapi`: writes the REST API's OpenAPI document to docs/openapi.json, from the same
// code that serves it at GET /openapi.json (src-main/http/openapi.ts). Commit the result:
// test/unit/openapi-document.test.ts fails while the committed file differs.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { openApiJson } from '../src-main/http/openapi';

const target = resolve(import.meta.dirname, '../docs/openapi.json');
writeFileSync(target, openApiJson());
process.stdout.write(`wrote ${target}\n`);
