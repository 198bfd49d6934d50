// With the upstream unreachable (TRANSCRIPT_DESK_UPSTREAM at a closed port) every caption platform
// answers a prompt, free 502: a connection failure does not walk YouTube's whole client chain.
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SyncPlatformToken } from '#shared/platforms';
import { createKey, startServer, type CreatedKey, type ServerProcess } from '../helpers/cli';
import { tempHome } from '../helpers/home';
import { call, post } from '../helpers/http';

let home: ReturnType<typeof tempHome>;
let server: ServerProcess;
let key: CreatedKey;

/** A port that nothing listens on: bound, noted, released. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  home = tempHome();
  key = await createKey(home.dir, { credits: 10 });
  server = await startServer(home.dir, { TRANSCRIPT_DESK_UPSTREAM: `http://127.0.0.1:${await closedPort()}` });
});

afterAll(async () => {
  await server.stop();
  home.remove();
});

it.each([
  ['longform', 'https://www.youtube.com/watch?v=GJLlxj_dtq8', 'www.youtube.com'],
  ['shortform', 'https://www.tiktok.com/@traveltok/video/7350000000000000001', 'www.tiktok.com'],
  ['social', 'https://www.facebook.com/watch/?v=1000000000000001', 'www.facebook.com'],
  ['professional', 'https://www.linkedin.com/posts/jane-doe_hiring-founders-activity-7200000000000000001-AbCd', 'www.linkedin.com'],
  ['openvideo', 'https://rumble.com/vok0001-city-council-bridge-vote.html', 'rumble.com'],
  // Hang guard: a refused connection is answered in milliseconds; 15 s is under the upstream
  // client's 20 s deadline, so an answer that waited for the deadline instead fails here.
] as [SyncPlatformToken, string, string][])('%s answers 502 from the refusal, not a deadline, free', { timeout: 15_000 }, async (platform, url, host) => {
  const reply = await post(server.url, `/api/${platform}/transcript`, key.key, { url });
  expect(reply.status).toBe(502);
  expect(reply.body).toEqual({ error: 'Upstream error', message: expect.stringContaining(`${host} refused the connection`) as unknown });
  expect((await call(server.url, 'GET', '/api/balance', { key: key.key })).body.credits).toBe(10);
});
