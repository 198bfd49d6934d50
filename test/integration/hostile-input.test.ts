// Whatever a client sends, the API answers JSON with a status from the spec and charges nothing:
// on the plain server (serve) and on the server that also carries the desk's routes (serve --ui).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_TOKENS } from '#shared/platforms';
import { startApiServer } from '../../src-main/http/server';
import { ledgerFile } from '#service/home';
import { Ledger } from '#service/ledger/index';
import { TranscriptService } from '#service/service';
import { startDeskServer } from '../helpers/deskServer';
import { tempHome } from '../helpers/home';
import { SqliteStore } from '#service/ledger/sqliteStore';

const MODES: { name: string; start(service: TranscriptService, home: string): Promise<{ url: string; close(): Promise<void> }> }[] = [
  { name: 'serve', start: (service) => startApiServer(service, '127.0.0.1', 0) },
  {
    name: 'serve --ui',
    async start(service, home) {
      // The desk runs on a data home of its own; the REST API answers from the ledger under test.
      const desk = await startDeskServer(home, { service });
      return { url: desk.origin, close: () => desk.close() };
    },
  },
];

describe.each(MODES)('$name', (mode) => {
  let home: ReturnType<typeof tempHome>;
  let deskHome: ReturnType<typeof tempHome>;
  let ledger: Ledger;
  let server: { url: string; close(): Promise<void> };
  let key: string;
  let accountId: number;

  beforeAll(async () => {
    home = tempHome();
    deskHome = tempHome();
    ledger = Ledger.open(ledgerFile(home.dir));
    server = await mode.start(new TranscriptService({ store: new SqliteStore(ledger) }), deskHome.dir);
    const account = ledger.accounts.create('pro');
    accountId = account.id;
    ledger.credits.grant(account.id, 100);
    key = ledger.keys.create(account.id).key;
  });
  afterAll(async () => {
    await server.close();
    ledger.close();
    home.remove();
    deskHome.remove();
  });

  const SPEC_STATUSES = new Set([400, 401, 402, 403, 404, 413, 422, 429, 502]);

  async function send(path: string, body: string | undefined, headers: Record<string, string>): Promise<{ status: number; json: unknown }> {
    const response = await fetch(`${server.url}${path}`, { method: 'POST', headers, body });
    const text = await response.text();
    return { status: response.status, json: JSON.parse(text) as unknown };
  }

  describe('hostile input', () => {
    it('random bodies, content types and paths never produce a 500, a non-JSON answer or a charge', async () => {
      // Keep the rate limit out of the way: this test is about bodies, not volume.
      const bodies = fc.oneof(
        fc.string(),
        fc.json(),
        fc.jsonValue().map((v) => JSON.stringify({ url: v })),
        fc.webUrl().map((u) => JSON.stringify({ url: u })),
        fc.constantFrom('{"url": "https://youtu.be/dQw4w9WgXcQ"', '\u0000\u0001', '[[[[[[[[[[', 'null', '{"__proto__": {"url": "x"}}', `{"url": "${'a'.repeat(5000)}"}`),
      );
      const paths = fc.constantFrom(...PLATFORM_TOKENS.map((p) => `/api/${p}/transcript`), '/api/../balance', '/api/%00/transcript', '/api/longform/transcript?url=x');
      const types = fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json; charset=latin1');
      await fc.assert(
        fc.asyncProperty(bodies, paths, types, async (body, path, type) => {
          const reply = await send(path, body, { authorization: `Bearer ${key}`, 'content-type': type });
          expect(SPEC_STATUSES.has(reply.status), `${reply.status} for ${path} ${body.slice(0, 80)}`).toBe(true);
          expect(typeof (reply.json as { error?: unknown }).error).toBe('string');
        }),
        { numRuns: 110 },
      );
      expect(ledger.credits.balance(accountId)).toBe(100);
    });

    it('a deeply nested body is a 400, not a crash', async () => {
      const fresh = ledger.keys.create(accountId).key;
      const reply = await send('/api/longform/transcript', `{"url": ${'['.repeat(20_000)}${']'.repeat(20_000)}}`, { authorization: `Bearer ${fresh}`, 'content-type': 'application/json' });
      expect(reply.status).toBe(400);
    });

    it('absurd Authorization headers are 401s', async () => {
      for (const authorization of ['Bearer sk_live_' + 'x'.repeat(8000), 'Bearer sk_live_\u00ff\u00fe', 'Bearer sk_live_ ', 'Bearer  sk_live_abc']) {
        const reply = await send('/api/longform/transcript', '{}', { authorization, 'content-type': 'application/json' });
        expect(reply.status).toBe(401);
      }
    });
  });
});
