import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createKey, runCli, startServer } from '../helpers/cli';
import { cliGuardMs } from '../helpers/guards';
import { tempHome } from '../helpers/home';
import { call } from '../helpers/http';

let home: ReturnType<typeof tempHome>;
beforeEach(() => {
  home = tempHome();
});
afterEach(() => home.remove());

// Each test runs up to eight CLI commands.
describe('transcript-desk CLI', { timeout: cliGuardMs(8) }, () => {
  it('creates the owner on first start, says where its key is, and that key works', async () => {
    const first = await runCli(home.dir, ['keys', 'list']);
    expect(first.code).toBe(0);
    const keyFile = join(home.dir, 'owner-key');
    expect(first.stderr).toContain(keyFile);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(first.stdout).toMatch(/sk_live_\w{8}\s+pro\s+1000 credits\s+active\s+owner/);
    // Only the first start says so.
    expect((await runCli(home.dir, ['keys', 'list'])).stderr).toBe('');

    const server = await startServer(home.dir);
    try {
      expect(server.stdout()).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/m);
      const reply = await call(server.url, 'GET', '/api/balance', { key: readFileSync(keyFile, 'utf8').trim() });
      expect(reply.body).toEqual({ credits: 1000, plan: 'pro' });
    } finally {
      await server.stop();
    }
  });

  it('keys create prints the key once; list shows prefixes only', async () => {
    const created = await runCli(home.dir, ['keys', 'create', '--plan', 'plus', '--credits', '25', '--label', 'research']);
    expect(created.code).toBe(0);
    const key = /^(sk_live_[0-9A-Za-z]+)$/m.exec(created.stdout)?.[1] as string;
    expect(key).toBeDefined();
    const list = await runCli(home.dir, ['keys', 'list']);
    expect(list.stdout).not.toContain(key);
    expect(list.stdout).toMatch(new RegExp(`${key.slice(0, 16)}\\s+plus\\s+25 credits\\s+active\\s+research`));
  });

  it('credits grant and balance work by prefix', async () => {
    const key = await createKey(home.dir, { plan: 'credits', credits: 3 });
    expect((await runCli(home.dir, ['credits', 'grant', key.prefix, '7'])).stdout.trim()).toBe('10');
    expect((await runCli(home.dir, ['balance', key.prefix, '--json'])).stdout.trim()).toBe('{"credits":10,"plan":"credits"}');
    expect((await runCli(home.dir, ['balance', key.prefix])).stdout.trim()).toBe('10 credits, plan credits');
  });

  it('keys create --for adds a second key to the same account', async () => {
    const key = await createKey(home.dir, { plan: 'pro', credits: 9 });
    const second = await runCli(home.dir, ['keys', 'create', '--for', key.prefix, '--json']);
    const parsed = JSON.parse(second.stdout) as { credits: number; plan: string };
    expect(parsed).toMatchObject({ credits: 9, plan: 'pro' });
  });

  it('refuses bad input with a clear message and exit code 1', async () => {
    for (const args of [
      ['keys', 'create', '--plan', 'gold'],
      ['keys', 'create', '--credits', '-4'],
      ['keys', 'revoke', 'sk_live_nothere'],
      ['credits', 'grant', 'sk_live_nothere', '5'],
      ['balance', 'sk_live_nothere'],
      ['serve', '--port', '70000'],
    ]) {
      const result = await runCli(home.dir, args);
      expect(result.code, args.join(' ')).not.toBe(0);
      expect(result.stderr.length, args.join(' ')).toBeGreaterThan(5);
    }
    const key = await createKey(home.dir);
    const bad = await runCli(home.dir, ['credits', 'grant', key.prefix, 'many']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/whole number/);
  });
});
