// balance: the owner's credits and plan, as the desk's header shows them (the team server's when
// Settings ▸ Team server names one: then that is what fetches are paid from).
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { answer, deskValue, guarded } from './answers';
import type { DeskCall } from './queueRows';

export function registerBalanceTool(server: McpServer, call: DeskCall): void {
  server.registerTool(
    'balance',
    {
      title: 'Credits and plan',
      description: "The credits left on the account Transcript Desk fetches with, and its plan. A fetched transcript costs 1 credit, a cached one nothing; podcast episodes cost by audio length.",
      inputSchema: {},
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    guarded(async () => {
      const balance = await deskValue(call('balance.get', {}));
      return answer(`${balance.credits} credits left (${balance.plan} plan).`, { credits: balance.credits, plan: balance.plan });
    }),
  );
}
