// F5: the REST API answers its errors the same way whether or not the desk's browser routes are
// on the server (serve vs serve --ui): a 413 in the README's shape, a 500 that says nothing about
// the inside and is logged with its stack for the operator (the server's log, read here from memory).
import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logSerializers } from '../../src-main/http/accessLog';
import { startApiServer } from '../../src-main/http/server';
import { openService } from '#service/open';
import { startDeskServer } from '../helpers/deskServer';
import { tempHome } from '../helpers/home';
import { sqliteLedgerOf } from '#service/open';
import { documentProblems } from '../helpers/openapiValidator';

interface Running {
  url: string;
  ownerKey: string;
  /** Makes the ledger fail under the server, as a vanished or broken database would. */
  breakLedger(): void;
  close(): Promise<void>;
}

/** The server's log lines (JSON), as `serve` would print them at level `error`. */
function memoryLog() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: 'error', serializers: logSerializers }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { logger, lines };
}

const MODES: { name: string; start(home: string, log: ReturnType<typeof memoryLog>): Promise<Running> }[] = [
  {
    name: 'serve',
    async start(home, log) {
      const opened = await openService(home, {}, {});
      const server = await startApiServer(opened.service, '127.0.0.1', 0, { logger: log.logger });
      return { url: server.url, ownerKey: opened.owner.key, breakLedger: () => sqliteLedgerOf(opened).close(), close: async () => (await server.close(), opened.close()) };
    },
  },
  {
    name: 'serve --ui',
    async start(home, log) {
      const desk = await startDeskServer(home, { logger: log.logger });
      return { url: desk.origin, ownerKey: desk.opened.owner.key, breakLedger: () => sqliteLedgerOf(desk.opened).close(), close: () => desk.close() };
    },
  },
];

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  vi.restoreAllMocks();
});

async function started(mode: (typeof MODES)[number], log = memoryLog()): Promise<Running> {
  const home = tempHome();
  const running = await mode.start(home.dir, log);
  cleanups.push(async () => {
    await running.close().catch(() => undefined); // a broken ledger may refuse a tidy close
    home.remove();
  });
  return running;
}

describe.each(MODES)('$name', (mode) => {
  it('a 3 MB body is a 413 in the README shape', async () => {
    const { url, ownerKey } = await started(mode);
    const response = await fetch(`${url}/api/youtube/transcript`, { method: 'POST', headers: { authorization: `Bearer ${ownerKey}`, 'content-type': 'application/json' }, body: JSON.stringify({ url: 'x'.repeat(3 * 1024 * 1024) }) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'Payload too large', message: 'The request body is larger than 65536 bytes' });
  });

  it('an internal error is a bare 500 to the client and a stack trace in the log', async () => {
    const log = memoryLog();
    const running = await started(mode, log);
    running.breakLedger();
    const response = await fetch(`${running.url}/api/balance`, { headers: { authorization: `Bearer ${running.ownerKey}` } });
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).toBe('{"error":"Internal error"}');
    // The answer the API document promises for a 500 (docs/openapi.json), headers included.
    expect(documentProblems({ method: 'GET', path: '/api/balance', status: 500, headers: response.headers, text })).toEqual([]);
    const errors = log.lines.filter((line) => line.level === 50);
    expect(errors).toHaveLength(1);
    expect((errors[0]?.err as { stack?: string } | undefined)?.stack).toMatch(/database connection is not open[\s\S]*\n\s+at /);
  });

  it('an unknown path is the API\'s JSON 404', async () => {
    const { url, ownerKey } = await started(mode);
    const response = await fetch(`${url}/api/nothing-here`, { headers: { authorization: `Bearer ${ownerKey}` } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Not found' });
  });
});
