// What a restart (clean or a crash) must keep: keys, balances and how much of its rate-limit
// window each key has used.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKey, runCli, startServer, type ServerProcess } from '../helpers/cli';
import { cliGuardMs } from '../helpers/guards';
import { tempHome } from '../helpers/home';
import { call } from '../helpers/http';

let home: ReturnType<typeof tempHome>;
let server: ServerProcess | undefined;

beforeEach(() => {
  home = tempHome();
});
afterEach(async () => {
  await server?.stop();
  home.remove();
});

// Each test runs up to six CLI commands and server starts.
describe('restart', { timeout: cliGuardMs(6) }, () => {
  it.each(['SIGTERM', 'SIGKILL'] as const)('after %s: keys, balances and rate-limit windows are as they were', async (signal) => {
    const key = await createKey(home.dir, { plan: 'plus', credits: 42 });
    const revoked = await createKey(home.dir, { plan: 'free', credits: 1 });
    await runCli(home.dir, ['keys', 'revoke', revoked.prefix]);
    await runCli(home.dir, ['credits', 'grant', key.prefix, '8']);

    server = await startServer(home.dir);
    let last = await call(server.url, 'GET', '/api/balance', { key: key.key });
    for (let i = 0; i < 29; i++) last = await call(server.url, 'GET', '/api/balance', { key: key.key });
    expect(last.headers.get('x-ratelimit-remaining')).toBe('90');
    const reset = last.headers.get('x-ratelimit-reset');

    if (signal === 'SIGKILL') await server.kill();
    else await server.stop();
    server = await startServer(home.dir);

    const after = await call(server.url, 'GET', '/api/balance', { key: key.key });
    expect(after.status).toBe(200);
    expect(after.body).toEqual({ credits: 50, plan: 'plus' });
    // The window continues: not forgiven (120) and not double-counted.
    expect(after.headers.get('x-ratelimit-remaining')).toBe('89');
    expect(after.headers.get('x-ratelimit-reset')).toBe(reset);
    expect((await call(server.url, 'GET', '/api/balance', { key: revoked.key })).body).toEqual({ error: 'Invalid API key' });
  });

  it('keeps the same owner and key across restarts', async () => {
    server = await startServer(home.dir);
    const firstList = await runCli(home.dir, ['keys', 'list', '--json']);
    await server.stop();
    server = await startServer(home.dir);
    const secondList = await runCli(home.dir, ['keys', 'list', '--json']);
    const owners = (JSON.parse(secondList.stdout) as { isOwner: boolean }[]).filter((k) => k.isOwner);
    expect(owners).toHaveLength(1);
    expect(secondList.stdout).toBe(firstList.stdout);
  });
});
