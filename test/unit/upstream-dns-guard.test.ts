// The address guard where it matters: at connect time, on the DNS answer the socket really uses.
// A fake resolver plays DNS (this machine has none); the servers are real loopback sockets.
// Redirect hops use the same guarded connect; their literal checks are in upstream-client.test.ts.
import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { UpstreamClient } from '#service/upstream/client';
import type { UpstreamError } from '#service/upstream/errors';
import { assertResolvesPublic, guardedLookup, type Resolver } from '#service/upstream/guardedLookup';
import { undiciTransport } from '#service/upstream/transport';
import { NOT_PUBLIC_V4, NOT_PUBLIC_V6, PUBLIC_V4, PUBLIC_V6 } from '../helpers/addressTable';
import { listen, type Loopback } from '../helpers/loopback';

let server: Loopback | undefined;
let hits = 0;
const clients: UpstreamClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await server?.close();
});

function clientWithDns(answers: (hostname: string, call: number) => LookupAddress[]): UpstreamClient {
  let calls = 0;
  const resolve: Resolver = (hostname, _options, callback) => callback(null, answers(hostname, calls++));
  const client = new UpstreamClient({ transport: undiciTransport({ resolve, connectTimeoutMs: 300 }), perHostConcurrency: 1 });
  clients.push(client);
  return client;
}

async function start(): Promise<void> {
  hits = 0;
  server = await listen((_req, res) => {
    hits++;
    res.end('secret');
  });
}

const answer = (address: string): LookupAddress => ({ address, family: isIP(address) === 6 ? 6 : 4 });
const port = () => server?.port ?? 0;

const fail = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => e as UpstreamError);

describe('DNS-level address guard', () => {
  it('refuses a public-looking name that resolves to loopback, before any byte reaches it', async () => {
    await start();
    const client = clientWithDns(() => [{ address: '127.0.0.1', family: 4 }]);
    const error = await fail(client.request({ url: `http://feeds.innocent.example:${port()}/feed.xml` }));
    expect(error?.failure).toBe('blocked_address');
    expect(error?.message).toMatch(/127\.0\.0\.1/);
    expect(hits).toBe(0);
  });

  it('refuses IPv4-mapped IPv6 answers', async () => {
    await start();
    const client = clientWithDns(() => [{ address: '::ffff:127.0.0.1', family: 6 }]);
    expect((await fail(client.request({ url: `http://mapped.example:${port()}/` })))?.failure).toBe('blocked_address');
    expect(hits).toBe(0);
  });

  it('refuses when any answer of several is private', async () => {
    await start();
    const client = clientWithDns(() => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ]);
    expect((await fail(client.request({ url: `http://mixed.example:${port()}/` })))?.failure).toBe('blocked_address');
  });

  it('checks every connection on its own answer, so a name that rebinds to loopback never gets through', async () => {
    await start();
    // First answer public (an unreachable test address), every later one loopback: a design that checked
    // once and connected later would be fooled on the retry.
    const client = clientWithDns((_host, call) => (call === 0 ? [{ address: '203.0.114.1', family: 4 }] : [{ address: '127.0.0.1', family: 4 }]));
    const error = await fail(client.request({ url: `http://rebind.example:${port()}/`, timeoutMs: 5000 }));
    expect(['blocked_address', 'timeout', 'network']).toContain(error?.failure);
    expect(hits).toBe(0);
  });

  // F6: every non-public address, as the DNS answer of an innocent-looking name. The request must
  // fail as a blocked address and the server behind the loopback port must never see it (the
  // resolver's answer is what the socket would use, and IPv4-compatible forms like ::7f00:1 reach
  // 127.0.0.1 on hosts that still route them).
  it.each([...NOT_PUBLIC_V4, ...NOT_PUBLIC_V6])('refuses a name that resolves to %s (%s)', async (address) => {
    await start();
    const client = clientWithDns(() => [answer(address)]);
    const error = await fail(client.request({ url: `http://cdn.innocent.example:${port()}/`, retry: false }));
    expect(error?.failure).toBe('blocked_address');
    expect(error?.message).toContain(address);
    expect(hits).toBe(0);
  });

  it.each([...NOT_PUBLIC_V4, ...NOT_PUBLIC_V6])('refuses %s before handing a name to a proxy (%s)', async (address) => {
    const resolve: Resolver = (_hostname, _options, callback) => callback(null, [answer(address)]);
    await expect(assertResolvesPublic('cdn.innocent.example', resolve)).rejects.toThrow(/not a public address/);
  });

  it.each([...PUBLIC_V4, ...PUBLIC_V6])('connects to a name that resolves to %s', async (address) => {
    const resolve: Resolver = (_hostname, _options, callback) => callback(null, [answer(address)]);
    const chosen = await new Promise<string>((done, failed) =>
      guardedLookup(resolve)('cdn.public.example', { family: 0 }, (error, resolved) => (error ? failed(error) : done(resolved as string))),
    );
    expect(chosen).toBe(address);
    await expect(assertResolvesPublic('cdn.public.example', resolve)).resolves.toBeUndefined();
  });
});
