// Quitting the desktop app while its REST API (Settings → REST API) has clients: the embedded
// server stops the way `serve` does (serve-stop.test.ts): a request in flight is answered with
// `Connection: close`, a client that never sends a request does not hold the quit, the port is
// released, and the ledger is left checkpointed even while another process has it open.
import { statSync } from 'node:fs';
import type { Socket } from 'node:net';
import Database from 'better-sqlite3';
import { afterAll, expect, it, vi } from 'vitest';
import { desktopPerFile, invokeDesk } from '../../helpers/desktopApp';
import { freePort } from '../../helpers/loopback';
import { rawConnection, requestHead, responses } from '../../helpers/rawHttp';
import { ledgerFile } from '#service/home';

vi.mock('electron', () => import('../../helpers/electronMock'));

const app = desktopPerFile();
const sockets = new Set<Socket>();
// Registered after the app's: vitest runs after-hooks last-first, so these close before it stops.
afterAll(() => {
  for (const socket of sockets) socket.destroy();
});

const invoke = (operation: string, payload: unknown = {}) => invokeDesk<{ restApi?: { url: string | null } }>(operation, payload);

it('quitting answers the REST request in flight, closes idle connections at once, releases the port and checkpoints the ledger', { timeout: 30_000 }, async () => {
  const port = await freePort();
  const updated = await invoke('settings.update', { changes: { 'desk.api.enabled': true, 'desk.api.port': port } });
  const url = updated.value?.restApi?.url;
  expect(url).toBe(`http://127.0.0.1:${port}`);
  const origin = url as string;
  const keys = (await invoke('keys.create', { label: 'script', plan: 'free', credits: 5 })) as unknown as { ok: boolean; value: { key: string } };
  expect(keys.ok).toBe(true);

  const silent = await rawConnection(origin, sockets);
  const inFlight = await rawConnection(origin, sockets);
  // Malformed on purpose: answered 400 (free) by the service once the body is complete.
  const body = JSON.stringify({ url: 'not a link' });
  inFlight.socket.write(requestHead(origin, 'POST', '/api/youtube/transcript', { authorization: `Bearer ${keys.value.key}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }) + body.slice(0, 4));
  await new Promise((r) => setTimeout(r, 300));
  // Another process reads the ledger meanwhile (a CLI command, a backup).
  const reader = new Database(ledgerFile(app().home.dir), { readonly: true });
  try {
    expect(reader.prepare('SELECT count(*) AS n FROM api_keys').get()).toEqual({ n: 2 });
    expect(statSync(`${ledgerFile(app().home.dir)}-wal`).size).toBeGreaterThan(0);

    const quit = app().desktop.shutdown();
    await silent.closed;
    expect(silent.received()).toBe('');
    inFlight.socket.write(body.slice(4));
    const [answer] = await responses(inFlight, 1);
    expect(answer?.status).toBe(400);
    expect(answer?.headers.connection).toBe('close');
    await quit;
    await expect(fetch(`${origin}/api/balance`)).rejects.toThrow();
    expect(statSync(`${ledgerFile(app().home.dir)}-wal`).size).toBe(0);
  } finally {
    reader.close();
  }
});
