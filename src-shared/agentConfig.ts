// The JSON an MCP client reads to start Transcript Desk's server (`mcpServers` is the shape Claude
// Desktop, Cursor, VS Code's and most agent frameworks' config files share): what Settings ▸
// Agents (MCP) shows with a Copy button, and the README's example.
import type { AgentLaunch } from './contract/settings';

/** The server's name in the client's list; an agent's tools show as `transcript-desk`'s. */
export const MCP_SERVER_NAME = 'transcript-desk';

export function mcpClientConfig(launch: Pick<AgentLaunch, 'command' | 'args' | 'env'>): string {
  return JSON.stringify({ mcpServers: { [MCP_SERVER_NAME]: { command: launch.command, args: launch.args, env: launch.env } } }, null, 2);
}
