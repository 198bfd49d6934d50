import type { Command } from 'commander';
import { startApiServer } from '../http/server';
import type { PodcastEvent } from '../service/podcast/index';
import { open, port } from './common';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** One line per podcast episode event an operator cares about; per-chunk progress is left to the API. */
function logPodcastEvent(event: PodcastEvent): void {
  const line = (() => {
    switch (event.type) {
      case 'started':
        return `started "${event.title}"`;
      case 'note':
        return event.message;
      case 'done':
        return `done (${event.source === 'ai' ? 'speech-to-text' : "the publisher's transcript"}, ${Math.round(event.durationSeconds)} s, ${event.chunksTotal} chunks, ${event.chunksReused} reused from an earlier run)`;
      case 'failed':
        return `failed: ${event.message}`;
      case 'progress':
        return undefined;
    }
  })();
  if (line !== undefined) process.stdout.write(`podcast ${event.episodeKey}: ${line}\n`);
}

export function registerServe(program: Command): void {
  program
    .command('serve')
    .description('answer the REST API on this machine')
    .option('--host <host>', 'address to listen on (loopback unless you mean otherwise)', '127.0.0.1')
    .option('--port <port>', 'port; 0 picks a free one', port, 8787)
    .action(async (options: { host: string; port: number }) => {
      const opened = open();
      opened.podcast.subscribe(logPodcastEvent);
      const server = await startApiServer(opened.service, options.host, options.port);
      process.stdout.write(`listening on ${server.url}\n`);
      const resumed = opened.podcast.resume();
      if (resumed.length > 0) process.stdout.write(`podcast: resuming ${resumed.length} episode(s) left processing: ${resumed.join(', ')}\n`);
      process.stdout.write(`owner key file: ${opened.owner.keyFile}\n`);
      if (!LOOPBACK.has(options.host)) {
        process.stderr.write(`warning: listening on ${options.host}; anyone who can reach it and has a key can spend its credits\n`);
      }
      const stop = () => {
        Promise.all([server.close(), opened.podcast.close()]).then(
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
