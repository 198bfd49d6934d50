// The MCP server of Transcript Desk: tools and resources over the desk's typed `call`, the one
// contract every transport answers with (src-shared/contract/operations.ts). Nothing here fetches,
// bills or reads the store itself, so an agent gets exactly what the app, `serve` and the CLI give.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { version } from '../../package.json';
import { registerBalanceTool } from './balanceTool';
import { registerQueueTools } from './queueTools';
import type { DeskCall } from './queueRows';
import { registerResources } from './resources';
import { registerSearchTool } from './searchTool';
import { registerTranscriptTool } from './transcriptTool';

export function createMcpServer(call: DeskCall): McpServer {
  const server = new McpServer(
    { name: 'transcript-desk', title: 'Transcript Desk', version },
    {
      instructions:
        'Transcripts of public video, clip and podcast URLs, and a searchable library of those already fetched. Search the library first (search_library, free); get_transcript with a URL fetches it and may cost a credit; enqueue many URLs and poll job_status.',
    },
  );
  registerSearchTool(server, call);
  registerTranscriptTool(server, call);
  registerQueueTools(server, call);
  registerBalanceTool(server, call);
  registerResources(server, call);
  return server;
}
