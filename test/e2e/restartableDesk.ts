// A `transcript-desk serve --ui` that a test can crash and start again on the same port with the
// same data home, as a user does after a reboot or a killed terminal. The queue survives (it is in
// the ledger); browser sessions do not (they live in the server process).
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnCli, waitForOutput } from '../helpers/cli';
import { killGroup } from '../helpers/processes';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';

const ROOT = resolve(__dirname, '../..');

export interface RestartableDesk {
  home: string;
  /** http://127.0.0.1:PORT, the same across restarts. */
  url: string;
  /** The one-time link the running server printed last. */
  loginUrl: string;
  ownerKey: string;
  fixture: FixtureUpstream;
  /** SIGKILL to the server and what it started: a crash, no goodbye to the page. */
  kill(): Promise<void>;
  /** Starts the server again on the same port and data home. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function startRestartableDesk(): Promise<RestartableDesk> {
  if (!existsSync(join(ROOT, 'out/renderer/index.html'))) throw new Error('The renderer is not built: run `npm run build` (npm run test:e2e does it)');
  const home = mkdtempSync(join(tmpdir(), 'td-e2e-restart-'));
  const fixture = await startFixtureUpstream();
  let child: ReturnType<typeof spawnCli> | undefined;
  let port = '0';
  const desk: RestartableDesk = {
    home,
    url: '',
    loginUrl: '',
    ownerKey: '',
    fixture,
    async kill() {
      if (child === undefined) return;
      const running = child;
      child = undefined;
      if (running.exitCode === null && running.signalCode === null) {
        const exited = once(running, 'exit');
        killGroup(running.pid as number);
        await exited;
      }
    },
    async start() {
      child = spawnCli(['serve', '--ui', '--port', port], { TRANSCRIPT_DESK_HOME: home, TRANSCRIPT_DESK_UPSTREAM: fixture.url, TRANSCRIPT_DESK_UPSTREAM_TIMEOUT_MS: '3000' });
      const { match } = await waitForOutput(child, /desk: (http:\/\/\S+)/, 'serve --ui');
      desk.loginUrl = match;
      desk.url = new URL(match).origin;
      port = new URL(match).port;
      desk.ownerKey = readFileSync(join(home, 'owner-key'), 'utf8').trim();
    },
    async stop() {
      await desk.kill();
      await fixture.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
  await desk.start();
  return desk;
}
