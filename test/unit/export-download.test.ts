// Issue 13 item 8: one transcript reached through two links is exported once, and the browser
// build's download (desk.download, what POST /app/export/download streams) writes nothing on disk.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
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

it('exports and downloads a TXT with the paragraphs and timestamps asked for', async () => {
  const { items } = await t.call('queue.list', {});
  const scope = { kind: 'items' as const, ids: [items[1]?.id ?? ''] };
  const expected = "[00:00] Hey guys, so this is the Surface Go. It's Microsoft's smallest & cheapest Surface. [00:05] The Type Cover is sold separately. And the price? 'Just' $399. [00:12] Let's find out if it's any good. [00:15] [Music]\n";
  const answer = await t.desk.download({ scope, format: 'txt', target: 'folder', txt: { paragraphs: true, timestamps: 'every', everySeconds: 5 } });
  if (!answer.ok) throw new Error(answer.error.message);
  expect(await text(answer.value.body as NonNullable<typeof answer.value.body>)).toBe(expected);
  const written = await t.call('export.run', { scope, format: 'txt', txt: { paragraphs: true, timestamps: 'every', everySeconds: 5 } });
  expect(readFileSync(join(written.folder, written.files[0] ?? ''), 'utf8')).toBe(expected);
  // Without options the TXT is a line per caption, as before.
  const plain = await t.desk.download({ scope, format: 'txt' });
  if (!plain.ok) throw new Error(plain.error.message);
  expect(await text(plain.value.body as NonNullable<typeof plain.value.body>)).toMatch(/^Hey guys, so this is the Surface Go\.\nIt's Microsoft's/);
  expect(await t.desk.download({ scope, format: 'txt', txt: { timestamps: 'hourly' } })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
});
