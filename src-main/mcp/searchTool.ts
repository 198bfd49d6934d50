// search_library: the desk's library search (FTS5, every term quoted, so no input is a syntax
// error) with the library view's filters; dates as agents write them (ISO 8601).
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { libraryProvenanceFilterSchema, type LibraryEntry } from '#shared/contract/library';
import { libraryPlatformSchema } from '#shared/contract/transcript';
import { answer, deskValue, guarded, ToolRefusal } from './answers';
import type { DeskCall } from './queueRows';

export const MAX_SEARCH_RESULTS = 50;

/** A date-only `to` (2026-11-30) means through the end of that day (UTC), as a person means it. */
export function dateBound(value: string | undefined, which: 'from' | 'to'): number | null {
  if (value === undefined) return null;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new ToolRefusal(`${which} must be a date like 2026-11-30 or 2026-11-30T14:00:00Z, not “${value.slice(0, 40)}”`);
  return which === 'to' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? ms + 86_400_000 - 1 : ms;
}

/** The snippet's text as one line; hits are not marked (plain text, as agents quote it). */
export const snippetText = (entry: LibraryEntry) => entry.snippet.map((part) => part.text).join('').trim();

export function entryFacts(entry: LibraryEntry) {
  return {
    id: entry.id,
    title: entry.title,
    platform: entry.platform,
    sourceUrl: entry.sourceUrl,
    provenance: entry.provenance?.kind ?? null,
    storedAt: new Date(entry.createdAt).toISOString(),
    snippet: snippetText(entry),
  };
}

export function registerSearchTool(server: McpServer, call: DeskCall): void {
  server.registerTool(
    'search_library',
    {
      title: 'Search the transcript library',
      description:
        'Full-text search over every transcript in this Transcript Desk library. All words must occur (the last one may be a prefix); "a quoted phrase" matches as a phrase; an empty query lists the newest. Answers each match with its library id (for get_transcript), title, platform, source URL, provenance and a snippet around the match.',
      inputSchema: {
        query: z.string().max(500).default('').describe('Words or "a quoted phrase"; empty lists the newest transcripts'),
        platform: libraryPlatformSchema.optional().describe('Only this platform (longform = YouTube, shortform = TikTok, podcast, local = local media files, …)'),
        provenance: libraryProvenanceFilterSchema.optional().describe('Only transcripts of this origin'),
        from: z.string().max(40).optional().describe('Stored on or after this date (ISO 8601)'),
        to: z.string().max(40).optional().describe('Stored on or before this date (ISO 8601; a date alone includes that whole day)'),
        limit: z.number().int().min(1).max(MAX_SEARCH_RESULTS).default(10),
        offset: z.number().int().min(0).max(100_000).default(0),
      },
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    guarded(async (args) => {
      const found = await deskValue(
        call('library.search', { query: args.query, platform: args.platform ?? null, provenance: args.provenance ?? null, from: dateBound(args.from, 'from'), to: dateBound(args.to, 'to'), limit: args.limit, offset: args.offset }),
      );
      const entries = found.entries.map(entryFacts);
      const lines = entries.map((e) => `#${e.id} ${e.title ?? '(untitled)'} [${e.platform}, ${e.provenance ?? 'provenance not recorded'}] ${e.sourceUrl ?? ''}\n   …${e.snippet}…`);
      const head = entries.length === 0 ? 'No transcript in the library matches.' : `${found.total} match(es); showing ${args.offset + 1}–${args.offset + entries.length}. Pass an id to get_transcript for the whole text.`;
      return answer([head, ...lines].join('\n'), { total: found.total, entries });
    }),
  );
}
