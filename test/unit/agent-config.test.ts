// Settings ▸ Agents (MCP): the launch of `transcript-desk mcp` on this data home, and the JSON an
// MCP client reads (the e2e spec agents-settings.spec.ts runs the command it shows).
import { describe, expect, it } from 'vitest';
import { mcpClientConfig } from '#shared/agentConfig';
import { agentLaunch } from '../../src-main/desk/settingsView';

describe('the MCP client configuration', () => {
  it('runs the host’s CLI with mcp on this data home, keeping the host’s own environment', () => {
    const launch = agentLaunch({ command: '/opt/electron', args: ['/app/out/main/cli.js'], env: { ELECTRON_RUN_AS_NODE: '1' } }, '/home/ana/.transcript-desk');
    expect(launch).toEqual({ command: '/opt/electron', args: ['/app/out/main/cli.js', 'mcp'], env: { ELECTRON_RUN_AS_NODE: '1', TRANSCRIPT_DESK_HOME: '/home/ana/.transcript-desk' }, note: null });
    expect(JSON.parse(mcpClientConfig(launch))).toEqual({ mcpServers: { 'transcript-desk': { command: '/opt/electron', args: ['/app/out/main/cli.js', 'mcp'], env: { ELECTRON_RUN_AS_NODE: '1', TRANSCRIPT_DESK_HOME: '/home/ana/.transcript-desk' } } } });
  });

  it('without a known CLI names the installed command and says what that needs', () => {
    const launch = agentLaunch(undefined, 'C:\\Users\\ana\\AppData\\Roaming\\Transcript Desk');
    expect(launch).toMatchObject({ command: 'transcript-desk', args: ['mcp'], env: { TRANSCRIPT_DESK_HOME: 'C:\\Users\\ana\\AppData\\Roaming\\Transcript Desk' } });
    expect(launch.note).toMatch(/install the transcript-desk command/);
    // A Windows path survives as JSON a client parses back.
    const parsed = JSON.parse(mcpClientConfig(launch)) as { mcpServers: Record<string, { env: Record<string, string> }> };
    expect(parsed.mcpServers['transcript-desk']?.env.TRANSCRIPT_DESK_HOME).toBe('C:\\Users\\ana\\AppData\\Roaming\\Transcript Desk');
  });
});
