// HTTP/1.1 by hand over one TCP connection, for what a client library would hide: a request sent
// in pieces (headers now, the body later, or never), pipelined requests, a connection that sends
// nothing, and exactly which answers arrived before the server closed it.
import { connect, type Socket } from 'node:net';

export interface RawConnection {
  socket: Socket;
  /** Everything the server sent so far (latin1, so byte counts match). */
  received(): string;
  /** Resolves when the connection is closed, by either side. */
  closed: Promise<void>;
  isClosed(): boolean;
}

/** Opens a raw connection; `track` (a test's set) lets an afterEach destroy whatever is left. */
export async function rawConnection(origin: string, track?: Set<Socket>): Promise<RawConnection> {
  const { hostname, port } = new URL(origin);
  const socket = connect(Number(port), hostname);
  track?.add(socket);
  let text = '';
  let isClosed = false;
  socket.on('data', (d: Buffer) => (text += d.toString('latin1')));
  socket.on('error', () => undefined); // a reset by the server shows as `closed`
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      isClosed = true;
      resolve();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return { socket, received: () => text, closed, isClosed: () => isClosed };
}

export function requestHead(origin: string, method: string, path: string, headers: Record<string, string | number>): string {
  const lines = [`${method} ${path} HTTP/1.1`, `Host: ${new URL(origin).host}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  return `${lines.join('\r\n')}\r\n\r\n`;
}

/** Resolves with the first status line the server sends. */
export async function statusLine(connection: Pick<RawConnection, 'socket' | 'received'>): Promise<string> {
  while (!connection.received().includes('\r\n')) await new Promise((r) => connection.socket.once('data', r));
  return connection.received().split('\r\n')[0] ?? '';
}

export interface RawResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

/** The complete answers in `text`, in order (bodies by Content-Length, as this server sends them). */
export function parseResponses(text: string): RawResponse[] {
  const responses: RawResponse[] = [];
  let rest = text;
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) return responses;
    const [statusText = '', ...lines] = rest.slice(0, end).split('\r\n');
    const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).trim().toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
    const length = Number(headers['content-length'] ?? 0);
    const bodyStart = end + 4;
    if (Buffer.byteLength(rest.slice(bodyStart), 'latin1') < length) return responses;
    responses.push({ status: Number(statusText.split(' ')[1]), headers, body: Buffer.from(rest.slice(bodyStart, bodyStart + length), 'latin1').toString('utf8') });
    rest = rest.slice(bodyStart + length);
  }
}

/** Resolves once `count` complete answers have arrived, or the connection closed first. */
export async function responses(connection: RawConnection, count: number): Promise<RawResponse[]> {
  while (parseResponses(connection.received()).length < count && !connection.isClosed()) {
    await Promise.race([new Promise((r) => connection.socket.once('data', r)), connection.closed]);
  }
  return parseResponses(connection.received());
}
