// Resources: the newest transcripts as a list, and each library transcript by URI, for clients
// that let a person attach context (Claude Desktop's "attach", an IDE's @-mention) rather than
// have the model call a tool.
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { DeskResult } from '#shared/contract/result';
import type { DeskCall } from './queueRows';
import { entryFacts } from './searchTool';
import { timedLine } from './transcriptAnswer';

export const RECENT_URI = 'transcript://recent';
export const libraryUri = (id: number) => `transcript://library/${id}`;
const RECENT_COUNT = 25;
/** A resource is read whole by the client: a very long transcript is cut here, saying so. */
const MAX_RESOURCE_CHARS = 200_000;

/** Resource reads have no `isError`: a refusal is a protocol error with the desk's sentence. */
async function value<T>(result: Promise<DeskResult<T>>): Promise<T> {
  const settled = await result;
  if (!settled.ok) throw new McpError(settled.error.code === 'not_found' ? ErrorCode.InvalidParams : ErrorCode.InternalError, settled.error.message);
  return settled.value;
}

async function recent(call: DeskCall) {
  const { entries } = await value(call('library.search', { query: '', limit: RECENT_COUNT }));
  return entries.map(entryFacts);
}

export function registerResources(server: McpServer, call: DeskCall): void {
  server.registerResource('recent-transcripts', RECENT_URI, { title: 'Recent transcripts', description: `The ${RECENT_COUNT} newest transcripts in the library, with their ids and URIs`, mimeType: 'text/plain' }, async (uri) => {
    const entries = await recent(call);
    const lines = entries.map((e) => `${libraryUri(e.id)}  ${e.title ?? '(untitled)'} [${e.platform}] ${e.sourceUrl ?? ''} (stored ${e.storedAt})`);
    return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: lines.length === 0 ? 'The library is empty.' : lines.join('\n') }] };
  });

  const template = new ResourceTemplate('transcript://library/{id}', {
    list: async () => ({ resources: (await recent(call)).map((e) => ({ uri: libraryUri(e.id), name: e.title ?? `Transcript ${e.id}`, mimeType: 'text/plain' })) }),
  });
  server.registerResource('library-transcript', template, { title: 'A library transcript', description: 'One transcript by library id: title, source and its timed lines', mimeType: 'text/plain' }, async (uri, variables) => {
    const raw = String(variables.id);
    const id = /^\d{1,12}$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(id) || id < 1) throw new McpError(ErrorCode.InvalidParams, `${uri.href}: the id must be a library id (a whole number)`);
    const entry = await value(call('library.get', { id }));
    const view = await value(call('transcript.get', { ref: entry.ref }));
    const body = view.segments !== null && view.segments.length > 0 ? view.segments.map(timedLine).join('\n') : view.text;
    const cut = body.length > MAX_RESOURCE_CHARS ? `${body.slice(0, MAX_RESOURCE_CHARS)}\n[cut at ${MAX_RESOURCE_CHARS} characters of ${body.length}; get_transcript with id ${id} reads the rest in windows]` : body;
    const text = [`Title: ${view.title ?? '(untitled)'}`, `Source: ${view.sourceUrl ?? 'unknown'}`, `Provenance: ${view.provenance?.kind ?? 'not recorded'}`, '', cut].join('\n');
    return { contents: [{ uri: uri.href, mimeType: 'text/plain', text }] };
  });
}
