// Notes-ready exports through the desk (issue 18 item 6): Markdown, DOCX and word-timed VTT written
// into the export folder, named by a pattern, a folder per source; the settings give the defaults.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { openTestDesk, type TestDesk } from '../helpers/desk';
import { tempHome } from '../helpers/home';
import { RUMBLE_IDS, rumblePageUrl } from '../upstream/hosts/rumble';
import { YOUTUBE_IDS } from '../upstream/hosts/youtube';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';

let fixture: FixtureUpstream;
let home: ReturnType<typeof tempHome>;
let t: TestDesk;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  fixture = await startFixtureUpstream();
});
afterAll(() => fixture.close());
beforeEach(async () => {
  home = tempHome();
  t = await openTestDesk(home.dir, fixture.url);
  // A YouTube video whose only track is json3 automatic captions (words timed), and a Rumble video.
  await t.call('queue.enqueue', { entries: [{ url: `https://www.youtube.com/watch?v=${YOUTUBE_IDS.json3PastAnHour}` }, { url: rumblePageUrl(RUMBLE_IDS.withCaptions) }] });
  await t.call('queue.run', {});
  await vi.waitFor(async () => expect((await t.call('queue.list', {})).items.map((i) => i.status)).toEqual(['done', 'done']), { timeout: 20_000 });
});
afterEach(async () => {
  await t.close();
  home.remove();
});

it('writes Markdown named by the pattern into a folder per source, each timestamp a link to its second', async () => {
  const result = await t.call('export.run', { scope: { kind: 'queue' }, format: 'md', namePattern: '{date} {platform} {id}', folderPerSource: true });
  expect(result.files).toEqual([`YouTube/${today}-YouTube-${YOUTUBE_IDS.json3PastAnHour}.md`, `Rumble/${today}-Rumble-${RUMBLE_IDS.withCaptions}.md`]);
  expect(readdirSync(t.exportDir).sort()).toEqual(['Rumble', 'YouTube']);
  const youtube = readFileSync(join(t.exportDir, result.files[0] ?? ''), 'utf8');
  expect(youtube).toMatch(/^---\ntitle: ".+"\nurl: "https:\/\/www\.youtube\.com\/watch\?v=longJson300"\nplatform: "YouTube"\n/);
  expect(youtube).toContain(`[1:02:05](https://www.youtube.com/watch?v=${YOUTUBE_IDS.json3PastAnHour}&t=3725s) an hour later\n`);
  const rumble = readFileSync(join(t.exportDir, result.files[1] ?? ''), 'utf8');
  expect(rumble).toMatch(/\n\[0:00\]\(https:\/\/rumble\.com\/v[0-9a-z]+-[^)]*\.html\?start=0\) /);
});

it('writes DOCX files whose document holds the title and the words, and word-timed VTT only for the transcript with word timing', async () => {
  const docx = await t.call('export.run', { scope: { kind: 'queue' }, format: 'docx' });
  expect(docx.files).toHaveLength(2);
  const xml = strFromU8(unzipSync(readFileSync(join(t.exportDir, docx.files[0] ?? '')))['word/document.xml'] ?? new Uint8Array());
  expect(xml).toContain('<w:pStyle w:val="Title"/>');
  expect(xml).toContain('an hour later');

  // In a zip, grouped by source: the same bytes under a folder per platform.
  const zipped = await t.call('export.run', { scope: { kind: 'queue' }, format: 'docx', target: 'zip', folderPerSource: true });
  const entries = unzipSync(readFileSync(zipped.zipFile ?? ''));
  expect(Object.keys(entries)).toEqual(docx.files.map((f, i) => `${i === 0 ? 'YouTube' : 'Rumble'}/${f}`));
  expect(strFromU8(unzipSync(entries[Object.keys(entries)[1] ?? ''] ?? new Uint8Array())['word/document.xml'] ?? new Uint8Array())).toContain('City council bridge vote');

  const vtt = await t.call('export.run', { scope: { kind: 'queue' }, format: 'vtt-words' });
  expect(vtt.files).toEqual([expect.stringMatching(/\.words\.vtt$/) as string]);
  expect(vtt.skipped).toEqual([{ name: expect.any(String) as string, reason: expect.stringContaining('needs word timing') as string }]);
  expect(readFileSync(join(t.exportDir, vtt.files[0] ?? ''), 'utf8')).toContain('<c>hey</c> <00:00:00.320><c>guys</c>');
});

it('takes the name pattern and folder per source from the settings when the request names none, and refuses an unknown token', async () => {
  await t.call('settings.update', { changes: { 'desk.export.namePattern': '{platform} {title}', 'desk.export.folderPerSource': true } });
  const result = await t.call('export.run', { scope: { kind: 'queue' }, format: 'txt' });
  expect(result.files.map((f) => f.split('/')[0])).toEqual(['YouTube', 'Rumble']);
  expect(result.files[1]).toMatch(/^Rumble\/Rumble-City-council/);
  expect(await t.raw('export.run', { scope: { kind: 'queue' }, format: 'txt', namePattern: '{titel}' })).toMatchObject({ ok: false, error: { code: 'invalid_input', message: expect.stringContaining('unknown token {titel}') as string } });
});
