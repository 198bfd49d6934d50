// The HTTP server's drain in one process (http/drain.ts, http/connections.ts), on the server that
// carries the REST API and the desk's routes (serve --ui): the desk's event stream, idle and
// incomplete connections end at once, so a stop never waits on a client that has nothing to be
// answered. The drain is given a deadline far beyond this test's own guard: a drain that waited
// on any of them would make the test time out instead of passing.
import type { Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { HTTP_SESSION_HEADER } from '#shared/contract/desk';
import { startDeskServer, type DeskServer } from '../helpers/deskServer';
import { tempHome } from '../helpers/home';
import { rawConnection, requestHead, responses } from '../helpers/rawHttp';

const NEVER_MS = 10 * 60_000;
const sockets = new Set<Socket>();
const timers = new Set<NodeJS.Timeout>();
let home: ReturnType<typeof tempHome> | undefined;
let desk: DeskServer | undefined;

afterEach(async () => {
  for (const timer of timers) clearInterval(timer);
  for (const socket of sockets) socket.destroy();
  timers.clear();
  sockets.clear();
  await desk?.close();
  home?.remove();
});

it('ends event streams and closes idle, silent, half-sent and trickling connections at once; answers the request in flight', { timeout: 30_000 }, async () => {
  home = tempHome();
  desk = await startDeskServer(home.dir);
  const { origin } = desk;
  const token = await desk.signedIn();
  const stream = await fetch(`${origin}/app/events`, { headers: { [HTTP_SESSION_HEADER]: token } });
  expect(stream.status).toBe(200);
  const reader = (stream.body as ReadableStream<Uint8Array>).getReader();
  expect(new TextDecoder().decode((await reader.read()).value)).toContain('retry:');

  const idle = await rawConnection(origin, sockets);
  idle.socket.write(requestHead(origin, 'GET', '/api/balance', { authorization: `Bearer ${desk.opened.owner.key}` }));
  expect((await responses(idle, 1))[0]?.status).toBe(200);
  const silent = await rawConnection(origin, sockets);
  const half = await rawConnection(origin, sockets);
  half.socket.write('GET /api/balance HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthoriz');
  const trickle = await rawConnection(origin, sockets);
  const head = requestHead(origin, 'GET', '/api/balance', {});
  let sent = 0;
  timers.add(setInterval(() => trickle.socket.write(head.slice(sent, ++sent)), 100));
  // In flight: headers complete, the body still on its way.
  const inFlight = await rawConnection(origin, sockets);
  const body = JSON.stringify({ entries: [{ url: 'https://www.tiktok.com/@a/video/7350000000000000098' }] });
  inFlight.socket.write(requestHead(origin, 'POST', '/app/rpc/queue.enqueue', { origin, [HTTP_SESSION_HEADER]: token, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }) + body.slice(0, 5));
  await new Promise((r) => setTimeout(r, 300));

  const drained = desk.server.drain(NEVER_MS);
  // The event stream ends cleanly (the page reconnects to the next server), it is not cut.
  let chunk = await reader.read();
  while (!chunk.done) chunk = await reader.read();
  await Promise.all([idle.closed, silent.closed, half.closed, trickle.closed]);
  expect([silent.received(), half.received(), trickle.received()]).toEqual(['', '', '']);

  inFlight.socket.write(body.slice(5));
  const [answer] = await responses(inFlight, 1);
  expect(answer?.status).toBe(200);
  expect(answer?.headers.connection).toBe('close');
  expect(JSON.parse(answer?.body ?? '{}')).toMatchObject({ ok: true });
  await inFlight.closed;
  expect(await drained).toEqual({ cutOff: 0 });
  // No longer listening.
  await expect(fetch(`${origin}/api/balance`)).rejects.toThrow();
});
