// serve runs with a 16 MB semi-space (src-main/cli/serverHeap.ts: with Node 24's default young
// generation its RSS reached 304–385 MB under bench/memory's load) and gets it by replacing itself,
// so it stays one process under the PID its launcher started: what a supervisor signals and waits on.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type ServerProcess } from '../helpers/cli';
import { cliGuardMs } from '../helpers/guards';
import { tempHome } from '../helpers/home';
import { call } from '../helpers/http';
import { commandLine, groupMembers, listeningProcess } from '../helpers/procTree';

let home: ReturnType<typeof tempHome>;
let server: ServerProcess | undefined;

beforeEach(() => {
  home = tempHome();
});
afterEach(async () => {
  await server?.stop();
  server = undefined;
  home.remove();
});

const ownerKey = () => readFileSync(join(home.dir, 'owner-key'), 'utf8').trim();

describe('serve and its heap', { timeout: cliGuardMs(2) }, () => {
  it('serves from the very process it was started as, with a 16 MB semi-space, and nothing else in its group', async () => {
    server = await startServer(home.dir);
    const pid = server.child.pid as number;
    expect(commandLine(pid)).toContain('--max-semi-space-size=16');
    expect(listeningProcess(pid, Number(new URL(server.url).port))).toBe(pid);
    // No second process runs the CLI (no loader, no re-exec).
    expect(groupMembers(pid).filter((member) => commandLine(member).some((arg) => arg.endsWith('cli.js')))).toEqual([pid]);
    expect((await call(server.url, 'GET', '/api/balance', { key: ownerKey() })).status).toBe(200);
    await server.stop();
    expect(server.child.exitCode).toBe(0);
  });

  it('keeps a semi-space size the operator set in NODE_OPTIONS', async () => {
    server = await startServer(home.dir, { NODE_OPTIONS: '--max-semi-space-size=32' });
    const pid = server.child.pid as number;
    expect(commandLine(pid).some((arg) => arg.includes('semi-space'))).toBe(false);
    expect(readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')).toContain('NODE_OPTIONS=--max-semi-space-size=32');
    expect((await call(server.url, 'GET', '/api/balance', { key: ownerKey() })).status).toBe(200);
  });
});
