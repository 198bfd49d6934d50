// `npm run openapi`: writes the REST API's OpenAPI document to docs/openapi.json, from the same
// code that serves it at GET /openapi.json (src-main/http/openapi.ts), and the client types
// openapi-typescript generates from it to test/client/api.d.ts (the generated-client test's).
// Commit both: test/unit/openapi-document.test.ts fails while either differs.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { openApiJson } from '../src-main/http/openapi';
import { generatedClientTypes } from '../test/client/generate';

async function main(): Promise<void> {
  const root = resolve(import.meta.dirname, '..');
  writeFileSync(resolve(root, 'docs/openapi.json'), openApiJson());
  writeFileSync(resolve(root, 'test/client/api.d.ts'), await generatedClientTypes());
  process.stdout.write('wrote docs/openapi.json and test/client/api.d.ts\n');
}

void main();
