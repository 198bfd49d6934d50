// Every connection of the HTTP server, with the requests it has received and not yet finished
// answering. Node knows which connections are idle, but counts a silent connect, half-sent headers
// and trickling headers as active, so its own close waits on them (F1: not within 100 s in 4 of 4
// cases). Knowing what each connection owes lets the drain close what owes nothing at once, keep
// what owes answers, and mark the last answer `Connection: close`. The same count gives the cap a
// clear refusal instead of Node's silent drop.
//
// It also keeps each request's time limit for receiving its body (ServerLimits.requestTimeoutMs).
// Node's own requestTimeout counts the whole request from its first byte, with no exception: a
// media upload of a gigabyte over a slow link would be cut while its bytes still arrive. Here a
// body must arrive within the limit of its headers, except one a route has allowed to take longer
// (allowLongBody): that one only has to keep coming, some bytes in every period of the limit.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** How long a refused connection may linger for its client to read the refusal and hang up. */
const REFUSAL_LINGER_MS = 2000;

/** The refusal past the cap: sent before any request is read (none is), then the connection ends. */
export function capRefusal(maxConnections: number): string {
  const body = JSON.stringify({ error: 'Server busy', code: 'too_many_connections', message: `This server has ${maxConnections} connections open, as many as it takes. Nothing was read or charged; retry in a moment` });
  const head = ['HTTP/1.1 503 Service Unavailable', 'Content-Type: application/json; charset=utf-8', `Content-Length: ${Buffer.byteLength(body)}`, 'Retry-After: 1', 'Connection: close'];
  return `${head.join('\r\n')}\r\n\r\n${body}`;
}

/** Requests whose body may take longer than the request timeout as long as it keeps coming. */
const longBodies = new WeakSet<IncomingMessage>();

/**
 * Lets this request's body take as long as it needs, provided bytes keep arriving: the request is
 * cut only after a whole request timeout without any. For a route that streams a large body to
 * disk (the browser build's media upload), called once the request is authorized.
 */
export function allowLongBody(request: IncomingMessage): void {
  longBodies.add(request);
}

export class Connections {
  /** Open connections, each with its unfinished answers in the order their requests came. */
  private readonly open = new Map<Socket, ServerResponse[]>();
  private draining = false;

  constructor(
    private readonly server: Server,
    private readonly maxConnections: number,
    /** How long a request's body may take after its headers (0: no limit); see allowLongBody. */
    private readonly requestTimeoutMs = 0,
  ) {
    // First, before the HTTP server's own listener: a refused connection gets no parser's answer.
    server.prependListener('connection', (socket: Socket) => this.accept(socket));
  }

  get size(): number {
    return this.open.size;
  }

  /**
   * Called for each request before the app sees it; false for a request on a refused connection
   * (its 503 is already on the way: the request is neither read nor answered).
   */
  admit(request: IncomingMessage, response: ServerResponse): boolean {
    const socket = request.socket;
    const owed = this.open.get(socket);
    if (owed === undefined) return false;
    owed.push(response);
    if (this.draining) this.markLast(owed);
    if (this.requestTimeoutMs > 0) this.limitBodyTime(request);
    response.once('close', () => {
      const at = owed.indexOf(response);
      if (at >= 0) owed.splice(at, 1);
      // Its last answer had gone out before the drain began, so it did not say close: end it now.
      if (this.draining && owed.length === 0) socket.destroySoon();
    });
    return true;
  }

  /**
   * From now on: connections that owe nothing (idle, silent, half-sent or trickling headers) are
   * closed at once, new ones are not accepted, and each connection's last answer says
   * `Connection: close`, so that no client sends another request that would go unanswered.
   */
  drain(): void {
    this.draining = true;
    for (const [socket, owed] of this.open) {
      if (owed.length === 0) socket.destroy();
      else this.markLast(owed);
    }
  }

  /** Closes every connection, answered or not (the drain's deadline); returns how many owed answers. */
  destroyAll(): number {
    let unanswered = 0;
    for (const [socket, owed] of this.open) {
      unanswered += owed.length;
      socket.destroy();
    }
    return unanswered;
  }

  /**
   * Cuts a request whose body has not fully arrived within the request timeout, or, for a long
   * body, that received nothing for a whole timeout. Progress is read from the socket's byte count,
   * so the request stream itself is left alone (a 'data' listener would start it flowing).
   */
  private limitBodyTime(request: IncomingMessage): void {
    const socket = request.socket;
    let bytesSeen = socket.bytesRead;
    const check = () => {
      // `complete`: the parser has the whole message (a GET's at once), whether or not anyone read it.
      if (request.complete || socket.destroyed) return;
      if (longBodies.has(request) && socket.bytesRead > bytesSeen) {
        bytesSeen = socket.bytesRead;
        timer = setTimeout(check, this.requestTimeoutMs).unref();
        return;
      }
      this.timedOut(socket);
    };
    let timer = setTimeout(check, this.requestTimeoutMs).unref();
    request.once('close', () => clearTimeout(timer));
  }

  /** What Node does when its own request timeout passes: the server's clientError handler answers 408 and closes. */
  private timedOut(socket: Socket): void {
    const error = Object.assign(new Error('Request timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' });
    if (this.server.emit('clientError', error, socket)) return;
    if (socket.writable) socket.write('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
    socket.destroy();
  }

  private accept(socket: Socket): void {
    if (this.draining) {
      socket.destroy();
      return;
    }
    if (this.open.size >= this.maxConnections) {
      this.refuse(socket);
      return;
    }
    this.open.set(socket, []);
    socket.once('close', () => this.open.delete(socket));
  }

  private refuse(socket: Socket): void {
    socket.on('error', () => undefined);
    // end(), not destroy(): a close with the client's request unread would reset the connection
    // and could discard the refusal before the client reads it.
    socket.end(capRefusal(this.maxConnections));
    setTimeout(() => socket.destroy(), REFUSAL_LINGER_MS).unref();
  }

  /**
   * Only the last answer says close: one pipelined behind it would be lost on a closed connection.
   * An earlier one loses the mark, whoever set it (Fastify marks every request routed while closing).
   */
  private markLast(owed: readonly ServerResponse[]): void {
    for (const [i, response] of owed.entries()) {
      if (response.headersSent) continue;
      if (i === owed.length - 1) response.setHeader('connection', 'close');
      else response.removeHeader('connection');
    }
  }
}
