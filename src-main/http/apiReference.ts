// The API's description on the API's own server: GET /openapi.json (openapi.ts) and a reference
// page at /docs, rendered in the browser by Swagger UI from the swagger-ui-dist package on disk.
// Swagger UI because it runs under the same strict CSP as the desk (no inline script or style, no
// eval, nothing from another origin; test/e2e/api-reference.spec.ts counts the violations
// in Chromium) and is one package with one dependency. @scalar/api-reference has 27 direct
// dependencies (Vue, an API client, an agent chat), redoc 3 React, styled-components (which writes <style>
// elements at run time) and OpenTelemetry (README "API reference").
// Neither path needs a key or counts against a rate window (server.ts lets them through).
import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { DOCS_PATH, OPENAPI_PATH, openApiJson } from './openapi';

/** The page's policy: its own scripts, styles and the document; images may be inline (Swagger UI's icons). */
export const DOCS_CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

/** The only files of swagger-ui-dist the page loads, by the name the page asks for. */
const SWAGGER_FILES: Readonly<Record<string, string>> = {
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
};

/** Starts Swagger UI on the page: a file of its own, because the CSP allows no inline script. */
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '${OPENAPI_PATH}',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Transcript Desk REST API</title>
    <link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
  </head>
  <body>
    <noscript>This page needs JavaScript. The document itself is <a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>.</noscript>
    <div id="swagger-ui"></div>
    <script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${DOCS_PATH}/init.js"></script>
  </body>
</html>
`;

/** The page's own files: part of /docs, not operations of the API (the document describes /docs). */
export const DOCS_ASSET_PATHS: readonly string[] = [`${DOCS_PATH}/init.js`, ...Object.keys(SWAGGER_FILES).map((file) => `${DOCS_PATH}/${file}`)];

/** The paths that answer without a key and outside every rate window: exactly these, nothing under them. */
const PUBLIC_PATHS: ReadonlySet<string> = new Set([OPENAPI_PATH, DOCS_PATH, ...DOCS_ASSET_PATHS]);

export function isApiReferencePath(url: string): boolean {
  return PUBLIC_PATHS.has(url.split('?')[0] ?? '');
}

function swaggerUiDir(): string {
  return dirname(createRequire(__filename).resolve('swagger-ui-dist/package.json'));
}

const secure = (reply: FastifyReply) => reply.header('content-security-policy', DOCS_CSP).header('x-content-type-options', 'nosniff').header('referrer-policy', 'no-referrer');

export function registerApiReference(app: FastifyInstance): void {
  // Built at the first request and kept: the document does not change while the server runs, and
  // building it (about 50 ms) is no work for a start-up that may never be asked for it.
  let document: string | undefined;
  app.get(OPENAPI_PATH, (_request, reply) => secure(reply).header('cache-control', 'no-cache').type('application/json; charset=utf-8').send((document ??= openApiJson())));
  app.get(DOCS_PATH, (_request, reply) => secure(reply).type('text/html; charset=utf-8').send(PAGE));
  app.get(`${DOCS_PATH}/init.js`, (_request, reply) => secure(reply).type('application/javascript; charset=utf-8').send(INIT_SCRIPT));
  const dir = swaggerUiDir();
  for (const [file, type] of Object.entries(SWAGGER_FILES)) {
    app.get(`${DOCS_PATH}/${file}`, (_request, reply) => secure(reply).header('cache-control', 'public, max-age=3600').type(type).send(createReadStream(join(dir, file))));
  }
}
