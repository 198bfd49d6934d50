// mcp: Transcript Desk for AI agents, as a Model Context Protocol server over stdio. An MCP client
// (Claude Desktop, an IDE, an agent framework) starts `transcript-desk mcp` and talks JSON-RPC on
// its stdin and stdout; the tools answer through the same desk the app and `serve --ui` run
// (src-main/mcp), on the data home's ledger, so a fetch is billed and cached exactly as there.
// stdout is the protocol channel: everything else this process says goes to stderr.
import type { Command } from 'commander';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createDesk } from '../desk/index';
import { createMcpServer } from '../mcp/server';
import { resolveHome } from '#service/home';
import { open } from './common';
import { defaultExportFolder } from './serve';
import { stopOnSignals } from './stopSignals';

const say = (line: string) => process.stderr.write(`${line}\n`);

export function registerMcp(program: Command): void {
  program
    .command('mcp')
    .description('serve the library, transcripts, the queue and the balance to an AI agent: a Model Context Protocol server on stdin/stdout (the command an MCP client runs)')
    .action(async () => {
      const opened = await open();
      // The client starts this process for its session and ends it at will, often while the app runs
      // on the same data home: no background work (DeskOptions.backgroundWork: follows, local files,
      // rows the app is running) and no REST API (none is passed), only what the tools ask for.
      const desk = createDesk(opened, { home: resolveHome(), defaultExportFolder: defaultExportFolder(), backgroundWork: false });
      const server = createMcpServer((name, input) => desk.call(name, input));
      const transport = new StdioServerTransport();

      let stopping: Promise<void> | undefined;
      const stop = () =>
        (stopping ??= (async () => {
          // A podcast episode this process was running is parked, not lost: it stays `processing`
          // and the next start of the app or `serve` resumes it from its finished chunks.
          const parked = opened.podcast.close();
          await server.close().catch(() => undefined);
          await desk.close();
          await parked;
          await opened.close();
        })());
      // The client closing our stdin is how a session ends (the SDK's client does it on close()):
      // the process must not outlive it, or every session leaves a process holding the ledger.
      const exitWhenDone = () => void stop().then(() => process.exit(0), (error: unknown) => {
        say(`transcript-desk mcp: stopping failed: ${error instanceof Error ? error.message : String(error)}`);
        opened.closeNow();
        process.exit(1);
      });
      const clientLeft = () => {
        if (stopping === undefined) say('transcript-desk mcp: the client closed the session; stopping');
        exitWhenDone();
      };
      process.stdin.once('end', clientLeft);
      process.stdin.once('close', clientLeft);
      transport.onclose = clientLeft;
      stopOnSignals({ stop, lastResort: () => opened.closeNow() }, { log: say, exit: (code) => process.exit(code), now: () => Date.now() });

      await server.connect(transport);
      say(`transcript-desk mcp: serving ${resolveHome()} on stdio`);
    });
}
