// POST /app/export/download on a real server: the same checks as the desk's RPC (session, Origin),
// a summary header, and nothing to download (204) when the queue has nothing exportable.
import { existsSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HTTP_SESSION_HEADER } from '#shared/contract/desk';
import { EXPORT_SUMMARY_HEADER, HTTP_EXPORT_DOWNLOAD_PATH } from '#shared/contract/exports';
import { strFromU8, unzipSync } from 'fflate';
import { keepLocalTranscript, localFileIdentity } from '#service/localTranscripts';
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
  const answer = await download({ origin: server.origin, [HTTP_SESSION_HEADER]: token }, JSON.stringify({ scope: { kind: 'queue' }, format: 'pdf' }));
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

it('downloads one transcript as Markdown or DOCX, the file itself, named by the pattern', async () => {
  const file = join(home.dir, 'council.mp3');
  writeFileSync(file, 'not really audio');
  const segments = [
    { text: 'The bridge vote is on.', startMs: 0, endMs: 2000, speaker: 'Chair' },
    { text: 'Aye.', startMs: 65_000, endMs: 66_000, speaker: 'Member' },
  ];
  const key = await keepLocalTranscript(server.opened.store, { identity: await localFileIdentity(file), title: 'Council: bridge vote', video: false, text: 'The bridge vote is on.\nAye.', segments, durationSeconds: 70, engine: 'whisper', model: 'base.en' }, Date.UTC(2026, 10, 27));
  // {date} and the front matter's date are when the transcript entered the cache (UTC), which is today.
  const stored = await server.opened.store.cache.get('local', key);
  const day = new Date(stored?.createdAt ?? Number.NaN).toISOString().slice(0, 10);
  const scope = { kind: 'transcripts', refs: [{ kind: 'transcript', platform: 'local', key }] };

  const md = await download({ origin: server.origin, [HTTP_SESSION_HEADER]: token }, JSON.stringify({ scope, format: 'md', target: 'folder', namePattern: '{date} {title}' }));
  expect(md.status).toBe(200);
  expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
  expect(md.headers.get('content-disposition')).toContain(`filename="${day}-Council-bridge-vote.md"`);
  // A local file has no time link: its timestamps are plain text; the duration is the file's.
  expect(await md.text()).toBe(
    `---\ntitle: "Council: bridge vote"\nurl: "${pathToFileURL(realpathSync(file)).href}"\nplatform: "Local file"\ndate: "${day}"\nduration: "1:10"\nprovenance: "Speech-to-text: whisper base.en"\n---\n\n# Council: bridge vote\n\n### Chair\n\n0:00 The bridge vote is on.\n\n### Member\n\n1:05 Aye.\n`,
  );

  const docx = await download({ origin: server.origin, [HTTP_SESSION_HEADER]: token }, JSON.stringify({ scope, format: 'docx', target: 'folder' }));
  expect(docx.status).toBe(200);
  expect(docx.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  expect(docx.headers.get('content-disposition')).toContain('filename="Council-bridge-vote.docx"');
  const xml = strFromU8(unzipSync(new Uint8Array(await docx.arrayBuffer()))['word/document.xml'] ?? new Uint8Array());
  const runs = [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]);
  expect(runs).toEqual(['Council: bridge vote', 'Platform: ', 'Local file', 'Date: ', day, 'Duration: ', '1:10', 'Provenance: ', 'Speech-to-text: whisper base.en', 'Link: ', pathToFileURL(realpathSync(file)).href, 'Chair', '0:00', ' ', 'The bridge vote is on.', 'Member', '1:05', ' ', 'Aye.']);
});
