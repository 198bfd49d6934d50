// POST /app/export/download on a real server: the same checks as the desk's RPC (session, Origin),
// a summary header, and nothing to download (204) when the queue has nothing exportable.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HTTP_SESSION_HEADER } from '#shared/contract/desk';
import { EXPORT_SUMMARY_HEADER, HTTP_EXPORT_DOWNLOAD_PATH } from '#shared/contract/exports';
import { startDeskServer, type DeskServer } from '../helpers/deskServer';
import { tempHome } from '../helpers/home';

let home: ReturnType<typeof tempHome>;
let server: DeskServer;
let token: string;

beforeAll(async () => {
  home = tempHome();
  server = await startDeskServer(home.dir);
  token = await server.signedIn();
});
afterAll(async () => {
  await server.close();
  home.remove();
});

const download = (headers: Record<string, string>, body = JSON.stringify({ scope: { kind: 'queue' }, format: 'srt', target: 'zip' })) =>
  fetch(`${server.origin}${HTTP_EXPORT_DOWNLOAD_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

it('refuses a caller without a session, or from another page', async () => {
  const signedOut = await download({ origin: server.origin });
  expect(signedOut.status).toBe(401);
  const foreign = await download({ origin: 'http://evil.example', [HTTP_SESSION_HEADER]: token });
  expect(foreign.status).toBe(403);
});

it('answers 204 with the summary when nothing is exportable, and writes nothing', async () => {
  const answer = await download({ origin: server.origin, [HTTP_SESSION_HEADER]: token });
  expect(answer.status).toBe(204);
  expect(JSON.parse(decodeURIComponent(answer.headers.get(EXPORT_SUMMARY_HEADER) ?? ''))).toEqual({ files: [], skipped: [], folded: 0, fileName: null });
  expect(existsSync(join(home.dir, 'out'))).toBe(false);
});

it('refuses a malformed request with the desk error, as JSON', async () => {
  const answer = await download({ origin: server.origin, [HTTP_SESSION_HEADER]: token }, JSON.stringify({ scope: { kind: 'queue' }, format: 'docx' }));
  expect(answer.status).toBe(200);
  expect(answer.headers.get(EXPORT_SUMMARY_HEADER)).toBeNull();
  expect(await answer.json()).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
});

it('takes TXT options in the request, and refuses ones it does not know', async () => {
  const headers = { origin: server.origin, [HTTP_SESSION_HEADER]: token };
  const txt = (options: unknown) => download(headers, JSON.stringify({ scope: { kind: 'queue' }, format: 'txt', txt: options }));
  expect((await txt({ paragraphs: true, timestamps: 'every', everySeconds: 30, speakers: false })).status).toBe(204);
  for (const wrong of [{ timestamps: 'hourly' }, { everySeconds: 1 }, { paragraphs: 'yes' }, { columns: 2 }]) {
    expect(await (await txt(wrong)).json()).toMatchObject({ ok: false, error: { code: 'invalid_input', message: expect.stringContaining('txt') as unknown } });
  }
});
