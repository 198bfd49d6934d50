// A tiny HTTP proxy on loopback, as a company network has one: plain-HTTP requests in absolute form
// are forwarded, HTTPS goes through CONNECT tunnels. It records what it was asked for, and sends
// each request to where `route` says (a test's loopback server), or refuses it with a 502.
import { createServer, request, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface ProxiedRequest {
  method: string;
  /** `http://host/path` for a forwarded request, `host:port` for a CONNECT. */
  target: string;
}

export interface TestProxy {
  url: string;
  seen: ProxiedRequest[];
  close(): Promise<void>;
}

/** Where a host's traffic really goes; undefined: the proxy answers 502. */
export type ProxyRoute = (host: string, port: number) => { host: string; port: number } | undefined;

export async function startProxy(route: ProxyRoute): Promise<TestProxy> {
  const seen: ProxiedRequest[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req: IncomingMessage, res) => {
    const target = new URL(req.url ?? '/');
    seen.push({ method: req.method ?? '', target: `${target.origin}${target.pathname}` });
    const to = route(target.hostname, Number(target.port || 80));
    if (to === undefined) return void res.writeHead(502).end('no route');
    const upstream = request({ host: to.host, port: to.port, method: req.method, path: `${target.pathname}${target.search}`, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end('upstream failed'));
    req.pipe(upstream);
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    seen.push({ method: 'CONNECT', target: req.url ?? '' });
    const [host = '', port = '443'] = (req.url ?? '').split(/:(?=\d+$)/);
    const to = route(host, Number(port));
    if (to === undefined) return void client.end('HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\n\r\n');
    const upstream = connect(to.port, to.host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
