import type { Command } from 'commander';
import { startApiServer } from '../http/server';
import { open, port } from './common';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('answer the REST API on this machine')
    .option('--host <host>', 'address to listen on (loopback unless you mean otherwise)', '127.0.0.1')
    .option('--port <port>', 'port; 0 picks a free one', port, 8787)
    .action(async (options: { host: string; port: number }) => {
      const opened = open();
      const server = await startApiServer(opened.service, options.host, options.port);
      process.stdout.write(`listening on ${server.url}\n`);
      process.stdout.write(`owner key file: ${opened.owner.keyFile}\n`);
      if (!LOOPBACK.has(options.host)) {
        process.stderr.write(`warning: listening on ${options.host}; anyone who can reach it and has a key can spend its credits\n`);
      }
      const stop = () => {
        server.close().then(
          () => {
            opened.close();
            process.exit(0);
          },
          () => process.exit(1),
        );
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });
}
