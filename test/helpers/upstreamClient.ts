// Upstream clients against real loopback servers, for the client's own tests: each test's servers
// and clients are closed after it (`afterEach(closeUpstreams)`).
import { UpstreamClient } from '#service/upstream/client';
import type { UpstreamError } from '#service/upstream/errors';
import { listen, type Loopback } from './loopback';

const servers: Loopback[] = [];
const clients: UpstreamClient[] = [];

export async function closeUpstreams(): Promise<void> {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
}

export const trackClient = (client: UpstreamClient) => void clients.push(client);
export const trackServer = (server: Loopback) => void servers.push(server);

/** A loopback server running `handler`, and a client that routes every upstream URL to it. */
export async function upstream(handler: Parameters<typeof listen>[0]): Promise<{ server: Loopback; client: UpstreamClient }> {
  const server = await listen(handler);
  trackServer(server);
  const client = new UpstreamClient({ override: new URL(server.url) });
  trackClient(client);
  return { server, client };
}

/** The error a request failed with; fails the test if it did not fail. */
export const failureOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as UpstreamError;
  }
  throw new Error('expected the request to fail');
};
