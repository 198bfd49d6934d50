// Settings → Agents (MCP): the configuration an MCP client needs, with this install's real command
// and data home, copied with one button; and the command as shown really serves the tools.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { scanBothThemes } from './axe';
import { SCREENSHOTS, startDesk, type RunningDesk } from './desk';

let desk: RunningDesk;
test.beforeAll(async () => {
  desk = await startDesk();
});
test.afterAll(async () => {
  await desk.stop();
});

interface McpConfig {
  mcpServers: Record<string, { command: string; args: string[]; env: Record<string, string> }>;
}

test('shows the MCP client configuration of this install, copies it, and the command in it serves the tools', async ({ page }) => {
  await desk.signIn(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const panel = page.getByRole('region', { name: 'Agents (MCP)' });
  const box = panel.getByLabel('MCP client configuration');
  const shown = JSON.parse(await box.inputValue()) as McpConfig;
  const server = shown.mcpServers['transcript-desk'];
  // `serve` is this Node on this checkout's bundle, so the client needs nothing on its PATH.
  expect(server).toEqual({ command: process.execPath, args: [resolve(__dirname, '../../out/main/cli.js'), 'mcp'], env: { TRANSCRIPT_DESK_HOME: desk.home } });
  await scanBothThemes(page, 'settings with the agents panel');
  await panel.screenshot({ path: join(SCREENSHOTS, 'agents.png') });

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await panel.getByRole('button', { name: 'Copy configuration' }).click();
  await expect(page.getByText('MCP configuration copied')).toBeVisible();
  // Runs in the page; the Node types of this file do not know the DOM's clipboard.
  const copied = await page.evaluate(() => (globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }).navigator.clipboard.readText());
  expect(JSON.parse(copied)).toEqual(shown);

  // What a client does with it: start the command and call a tool (on the same ledger as this desk).
  if (server === undefined) throw new Error('no transcript-desk server in the configuration');
  const client = new Client({ name: 'agents-settings-spec', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: server.command, args: server.args, env: { ...server.env, PATH: process.env.PATH ?? '' }, stderr: 'ignore' }));
  try {
    const balance = await client.callTool({ name: 'balance', arguments: {} });
    expect(balance.structuredContent).toEqual(await desk.balance());
  } finally {
    await client.close();
  }
});
