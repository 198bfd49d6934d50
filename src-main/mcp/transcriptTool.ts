// get_transcript: by library id, by ref (what job_status answers), or by URL. A URL the library has
// is read free; any other goes through the desk's queue like a pasted link: a cache hit is free, a
// fetch is billed once to the owner's account (or the team server of Settings ▸ Team server),
// exactly as the app and `get` bill it, and the row stays in the queue so the person sees what an
// agent fetched and what it cost.
import { z } from 'zod';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { QueueItem } from '#shared/contract/queue';
import { transcriptRefSchema, type TranscriptRef } from '#shared/contract/transcript';
import { sourceHint } from '#shared/sources/detect';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { answer, deskValue, guarded, ToolRefusal } from './answers';
import { MAX_URL_CHARS } from './inputLimits';
import type { DeskCall } from './queueRows';
import { DEFAULT_SEGMENT_LIMIT, MAX_SEGMENT_LIMIT, transcriptAnswer, type Fetched } from './transcriptAnswer';
import { rowFacts } from './queueTools';
import { transcriptOfUrl } from './urlTranscript';

/** Under the minute after which MCP clients give up on a request (the SDK's default timeout). */
const WAIT_MS = 50_000;

/** Why a URL that names no item is refused: a channel is many items; a file:// link is no platform link. */
const itemUrlProblem = (url: string) => sourceHint(url, 'queue its items with the enqueue tool, then read each with get_transcript');

/** Not a failure: a podcast episode (or a slow site) takes longer than a request may wait, or the queue is paused. */
function stillRunning(url: string, row: QueueItem, why: string | null): CallToolResult {
  const podcast = row.jobId === null ? '' : ` (podcast job ${row.jobId})`;
  const state = why ?? `${url} is still being fetched or transcribed${podcast}.`;
  return answer(`${state} Queue row ${row.id}: call job_status with ids ["${row.id}"] in a while; when it is done, get_transcript with the ref it gives.`, { pending: rowFacts(row), paused: why !== null });
}

export function registerTranscriptTool(server: McpServer, call: DeskCall): void {
  server.registerTool(
    'get_transcript',
    {
      title: 'Get a transcript',
      description:
        'A transcript with its title, source URL, provenance, plain text and timed lines ([m:ss] text). Name it by exactly one of: `id` (a library id from search_library or the recent resource), `ref` (from job_status), or `url` (a video, clip or podcast episode link). A URL the library does not have yet is fetched now and costs credits from the owner\'s account (a cached one is free). Long transcripts come in windows: pass segmentOffset (timed) or textOffset (untimed) for the next part.',
      inputSchema: {
        url: z.string().max(MAX_URL_CHARS).optional().describe('A link to one video, clip or episode'),
        id: z.number().int().min(1).optional().describe('A library id'),
        ref: transcriptRefSchema.optional().describe('A transcript ref as job_status answers it'),
        segmentOffset: z.number().int().min(0).default(0).describe('First timed line to return (0-based)'),
        segmentLimit: z.number().int().min(1).max(MAX_SEGMENT_LIMIT).default(DEFAULT_SEGMENT_LIMIT).describe('How many timed lines to return'),
        textOffset: z.number().int().min(0).default(0).describe('Untimed transcripts: first character to return'),
      },
      annotations: { readOnlyHint: false, openWorldHint: true, idempotentHint: true },
    },
    guarded(async (args, extra: { signal: AbortSignal }) => {
      const given = [args.url, args.id, args.ref].filter((v) => v !== undefined).length;
      if (given !== 1) throw new ToolRefusal('Name the transcript by exactly one of url, id or ref');
      let ref: TranscriptRef;
      const libraryId: number | null = args.id ?? null;
      let fetched: Fetched | undefined;
      if (args.id !== undefined) ref = (await deskValue(call('library.get', { id: args.id }))).ref;
      else if (args.ref !== undefined) ref = args.ref;
      else {
        const got = await transcriptOfUrl(call, (args.url ?? '').trim(), { waitMs: WAIT_MS, signal: extra.signal, itemUrlProblem });
        if ('pending' in got) return stillRunning(args.url ?? '', got.pending, got.why);
        ({ ref, fetched } = got);
      }
      const view = await deskValue(call('transcript.get', { ref }));
      return transcriptAnswer(view, { segmentOffset: args.segmentOffset, segmentLimit: args.segmentLimit, textOffset: args.textOffset }, libraryId, fetched);
    }),
  );
}
