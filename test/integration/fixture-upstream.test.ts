// The fixture upstream runs on its own for the demo: `npx tsx test/upstream/main.ts --port 0`.
import { once } from 'node:events';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { spawnTs } from '../helpers/cli';
import { cliGuardMs } from '../helpers/guards';

const ROOT = resolve(__dirname, '../..');

it('starts alone, says where it listens, answers under the routing convention, and stops on SIGTERM', { timeout: cliGuardMs(1) }, async () => {
  const child = spawnTs(resolve(ROOT, 'test/upstream/main.ts'), ['--port', '0'], {});
  try {
    const url = await new Promise<string>((resolveUrl, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const match = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/m.exec(out);
        if (match) resolveUrl(match[1] as string);
      });
      child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
    });
    const redirect = await fetch(`${url}/vm.tiktok.com/ZMok0001/`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('https://www.tiktok.com/@traveltok/video/7350000000000000001?_r=1&_t=ZT-8nVfixture');
    const unknown = await fetch(`${url}/example.org/`);
    expect(unknown.status).toBe(502);
  } finally {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const [code] = (await exited) as [number | null];
    expect(code).toBe(0);
  }
});
