// `--server URL [--key KEY]`: which service a command talks to. Without a server it is this
// machine's (the data home's ledger, the owner's key); with one it is a team server's REST API
// through RemoteCore, with a key of that server. The key is never printed, never put in a URL.
import { Option, type Command } from 'commander';
import { teamServerUrlProblem } from '#shared/endpointUrl';
import { RemoteCore } from '#service/remote/remoteCore';
import { KEY_PREFIX } from '#service/store/port';

export interface ServerOptions {
  server?: string;
  key?: string;
  local?: boolean;
}

export interface TeamServer {
  core: RemoteCore;
  key: string;
  url: string;
}

/** The options every command that can use a team server takes; `TRANSCRIPT_DESK_SERVER` is `--server`'s default. */
export function addServerOptions(command: Command): Command {
  return command
    .addOption(new Option('--server <url>', 'a team server (http or https) to use instead of this machine: its cache, credits and workers').env('TRANSCRIPT_DESK_SERVER'))
    .addOption(new Option('--key <key>', "the team server's API key (sk_live_…); else TRANSCRIPT_DESK_KEY").env('TRANSCRIPT_DESK_KEY'))
    .option('--local', 'use this machine even when TRANSCRIPT_DESK_SERVER is set');
}

/**
 * The team server the options name, undefined for this machine, or a sentence saying what is
 * wrong (thrown as an Error, which the CLI prints and exits 1 with).
 */
export function teamServerOf(options: ServerOptions): TeamServer | undefined {
  if (options.local === true || options.server === undefined || options.server.trim() === '') return undefined;
  const url = options.server.trim();
  const problem = teamServerUrlProblem(url);
  if (problem !== undefined) throw new Error(`--server ${url}: ${problem}`);
  const key = options.key?.trim();
  if (key === undefined || key === '') throw new Error(`A team server needs its API key: pass --key sk_live_… or set TRANSCRIPT_DESK_KEY (${url} gave you one)`);
  if (!key.startsWith(KEY_PREFIX)) throw new Error(`--key: an API key starts with ${KEY_PREFIX}`);
  return { core: new RemoteCore({ server: url }), key, url: url.replace(/\/+$/, '') };
}
