// The fixture upstream: one loopback HTTP server that stands in for every internet platform the
// fetchers talk to. The upstream client sends `https://HOST/PATH?Q` to `<this server>/HOST/PATH?Q`
// (TRANSCRIPT_DESK_UPSTREAM); the first path segment picks the host module, the item id in the
// request picks the scenario (see README.md).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SPLIT_PAUSE_MS, type Answer, type FixtureRequest } from './answers';
import { hostModuleFor } from './hosts/index';
import { defaultMediaDir } from './media';

export interface LoggedRequest {
  method: string;
  /** The logical URL: `https://<host><path>?<query>`. */
  url: string;
  /** The request body as it arrived ('' for a GET); set once the whole body has been read. */
  body?: string;
}

export interface FixtureUpstream {
  url: string;
  /** Every request answered so far, oldest first. */
  requests: LoggedRequest[];
  close(): Promise<void>;
}

export interface FixtureOptions {
  port?: number;
  host?: string;
  /** Where generated media (media.ts) is kept; tests pass the run's speech cache. */
  mediaDir?: string;
  /**
   * Waits this long before answering, like a round trip to a real site does. 0 (the default) for
   * tests; the sync-overhead bench also measures with a realistic value, for both sides alike.
   */
  latencyMs?: number;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function deliver(res: ServerResponse, answer: Answer, head: boolean): void {
  const body = typeof answer.body === 'string' ? Buffer.from(answer.body) : (answer.body ?? Buffer.alloc(0));
  const headers = { ...answer.headers };
  const delivery = answer.delivery ?? 'normal';
  if (delivery !== 'slow') headers['content-length'] = String(body.length);
  res.writeHead(answer.status, headers);
  if (head) return void res.end();
  if (delivery === 'normal') return void res.end(body);
  if (delivery === 'split') {
    const at = answer.splitAt ?? 0;
    res.write(body.subarray(0, at));
    const rest = setTimeout(() => res.end(body.subarray(at)), SPLIT_PAUSE_MS);
    res.on('close', () => clearTimeout(rest));
    return;
  }
  if (delivery === 'truncated') {
    res.write(body.subarray(0, Math.floor(body.length / 2)));
    // Give the half a moment to leave, then cut the connection as a failing upstream does.
    setTimeout(() => res.socket?.destroy(), 20);
    return;
  }
  let sent = 0;
  const drip = setInterval(() => {
    if (res.destroyed || sent >= body.length) return void clearInterval(drip);
    res.write(body.subarray(sent, sent + 1));
    sent++;
  }, 200);
  res.on('close', () => clearInterval(drip));
}

export async function startFixtureUpstream(options: FixtureOptions = {}): Promise<FixtureUpstream> {
  const requests: LoggedRequest[] = [];
  const counts = new Map<string, number>();
  const mediaDir = options.mediaDir ?? defaultMediaDir();

  const server = createServer((req, res) => {
    void (async () => {
      const raw = new URL(req.url ?? '/', 'http://fixture');
      const [, host = '', ...rest] = raw.pathname.split('/');
      const logical = new URL(`https://${host}/${rest.join('/')}${raw.search}`);
      const logged: LoggedRequest = { method: req.method ?? 'GET', url: logical.href };
      requests.push(logged);
      const module = hostModuleFor(host);
      const body = await readBody(req);
      logged.body = body;
      const request: FixtureRequest = {
        method: req.method ?? 'GET',
        url: logical,
        host,
        headers: req.headers,
        body,
        mediaDir,
        count: (key) => {
          const n = (counts.get(key) ?? 0) + 1;
          counts.set(key, n);
          return n;
        },
      };
      let answer: Answer;
      try {
        answer = module === undefined ? { status: 502, body: `fixture upstream: no host module for "${host}"` } : await module.handle(request);
      } catch (error) {
        answer = { status: 500, headers: { 'content-type': 'text/plain' }, body: `fixture upstream bug: ${error instanceof Error ? error.stack : String(error)}` };
      }
      if ((options.latencyMs ?? 0) > 0) await new Promise((resolve) => setTimeout(resolve, options.latencyMs));
      deliver(res, answer, req.method === 'HEAD');
    })();
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shownHost}:${address.port}`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
