// Issue 13 item 8: one transcript reached through two links is exported once, and the browser
// build's download (desk.download, what POST /app/export/download streams) writes nothing on disk.
import { existsSync } from 'node:fs';
import { buffer, text } from 'node:stream/consumers';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { openTestDesk, type TestDesk } from '../helpers/desk';
import { tempHome } from '../helpers/home';
import { TIKTOK_IDS, TIKTOK_SHORT, TIKTOK_USER } from '../upstream/hosts/tiktok';
import { YOUTUBE_IDS } from '../upstream/hosts/youtube';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';

let fixture: FixtureUpstream;
let home: ReturnType<typeof tempHome>;
let t: TestDesk;
const tiktok = `https://www.tiktok.com/@${TIKTOK_USER}/video/${TIKTOK_IDS.withCaptions}`;
const tiktokShort = `https://vm.tiktok.com/${TIKTOK_SHORT.toCaptions}/`;
const youtube = `https://youtu.be/${YOUTUBE_IDS.withCaptions}`;

beforeAll(async () => {
  fixture = await startFixtureUpstream();
});
afterAll(() => fixture.close());
beforeEach(async () => {
  home = tempHome();
  t = await openTestDesk(home.dir, fixture.url);
  await t.call('queue.enqueue', { entries: [{ url: tiktok }, { url: youtube }, { url: tiktokShort }] });
  await t.call('queue.run', {});
  // The short link is the full link's video, fetched already: `cached`. A hang guard: three items against the loopback fixture settle in well under a second.
  await vi.waitFor(async () => expect((await t.call('queue.list', {})).items.map((i) => i.status)).toEqual(['done', 'done', 'cached']), { timeout: 20_000 });
});
afterEach(async () => {
  await t.close();
  home.remove();
});

it('writes a TikTok reached by its short link and its full link once, and says it folded one', async () => {
  const result = await t.call('export.run', { scope: { kind: 'queue' }, format: 'txt' });
  expect(result.files).toEqual(['Three-things-nobody-tells-you-about-Lisbon-travel-lisbon.txt', 'Surface-Go-Review-It-s-Awesome.txt']);
  expect(result.folded).toBe(1);
});

it('downloads the batch as a zip of the same files, written nowhere on disk', async () => {
  const answer = await t.desk.download({ scope: { kind: 'queue' }, format: 'srt', target: 'folder' });
  if (!answer.ok) throw new Error(answer.error.message);
  const { summary, contentType, body } = answer.value;
  expect(summary).toMatchObject({ files: ['Three-things-nobody-tells-you-about-Lisbon-travel-lisbon.srt', 'Surface-Go-Review-It-s-Awesome.srt'], folded: 1, skipped: [] });
  expect(summary.fileName).toMatch(/^transcripts-srt-\d{4}-\d\d-\d\d-\d{4}\.zip$/);
  expect(contentType).toBe('application/zip');
  const entries = unzipSync(new Uint8Array(await buffer(body as NonNullable<typeof body>)));
  expect(Object.keys(entries)).toEqual(summary.files);
  expect(strFromU8(entries['Surface-Go-Review-It-s-Awesome.srt'] as Uint8Array)).toMatch(/^1\n00:00:00,000 --> /);
  expect(existsSync(t.exportDir)).toBe(false);
});

it('downloads one transcript as the file itself, and refuses a malformed request with a sentence', async () => {
  const { items } = await t.call('queue.list', {});
  const answer = await t.desk.download({ scope: { kind: 'items', ids: [items[1]?.id ?? ''] }, format: 'txt', target: 'folder' });
  if (!answer.ok) throw new Error(answer.error.message);
  expect(answer.value.summary.fileName).toBe('Surface-Go-Review-It-s-Awesome.txt');
  expect(answer.value.contentType).toBe('text/plain; charset=utf-8');
  expect(await text(answer.value.body as NonNullable<typeof answer.value.body>)).toContain('Surface Go');
  expect(await t.desk.download({ scope: { kind: 'queue' }, format: 'pdf' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
});
