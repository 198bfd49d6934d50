// Issue 18 items 1 and 7 (first half), through the desk's operations against the fixture upstream:
// the viewer and the library say where each transcript came from, the library filters by it, the
// JSON export carries it, and the viewer's "another track" fetches YouTube's machine translation
// into a language as its own cache entry, charged as a fetch (free once cached, free when refused).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { TranscriptRef } from '#shared/contract/transcript';
import { openTestDesk, type TestDesk } from '../helpers/desk';
import { tempHome } from '../helpers/home';
import { TIKTOK_IDS, TIKTOK_USER } from '../upstream/hosts/tiktok';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';

const MANUAL = 'https://www.youtube.com/watch?v=F1xioXWb8CY';
const NINE_TRACKS = 'https://www.youtube.com/watch?v=GJLlxj_dtq8';
const TIKTOK = `https://www.tiktok.com/@${TIKTOK_USER}/video/${TIKTOK_IDS.withCaptions}`;

let fixture: FixtureUpstream;
let home: ReturnType<typeof tempHome>;
let t: TestDesk;

beforeAll(async () => {
  fixture = await startFixtureUpstream();
  home = tempHome();
  t = await openTestDesk(home.dir, fixture.url);
  await t.call('queue.enqueue', { entries: [{ url: MANUAL }, { url: NINE_TRACKS }, { url: TIKTOK }] });
  await t.call('queue.run', {});
  await vi.waitFor(async () => expect((await t.call('queue.list', {})).items.map((i) => i.status)).toEqual(['done', 'done', 'done']), { timeout: 20_000 });
});
afterAll(async () => {
  await t.close();
  home.remove();
  await fixture.close();
});

const refOf = async (url: string): Promise<TranscriptRef> => {
  const ref = (await t.call('queue.list', {})).items.find((i) => i.url === url)?.transcript;
  if (ref == null) throw new Error(`no transcript for ${url}`);
  return ref;
};

it('shows each transcript with its provenance in the viewer and the library, and filters the library by kind', async () => {
  expect((await t.call('transcript.get', { ref: await refOf(MANUAL) })).provenance).toEqual({ kind: 'creator-captions', language: 'en' });
  expect((await t.call('transcript.get', { ref: await refOf(TIKTOK) })).provenance).toEqual({ kind: 'auto-captions', language: 'eng-US' });
  const listed = await t.call('library.search', {});
  expect(listed.entries.map((e) => e.provenance?.kind).sort()).toEqual(['auto-captions', 'creator-captions', 'creator-captions']);
  const automatic = await t.call('library.search', { provenance: 'auto-captions' });
  expect(automatic.entries.map((e) => e.sourceUrl)).toEqual([TIKTOK]);
  expect((await t.call('library.search', { provenance: 'speech-to-text' })).total).toBe(0);
});

it("switches a YouTube video to YouTube's machine translation: its own entry, one credit, free once cached, and a language YouTube lacks is refused free", async () => {
  const before = (await t.call('balance.get', {})).credits;
  const original = await refOf(NINE_TRACKS);
  const switched = await t.call('transcript.switchTrack', { ref: original, lang: 'fr' });
  expect(switched.charged).toBe(1);
  expect(switched.credits).toBe(before - 1);
  expect(switched.transcript).toMatchObject({ provenance: { kind: 'machine-translated', language: 'fr', from: 'en' }, language: 'French (auto-translated from English)', itemId: 'GJLlxj_dtq8' });
  expect(switched.transcript.ref).not.toEqual(original);
  expect(fixture.requests.some((r) => r.url.includes('/api/timedtext') && r.url.includes('tlang=fr'))).toBe(true);
  // The original stays what it was.
  expect((await t.call('transcript.get', { ref: original })).provenance).toEqual({ kind: 'creator-captions', language: 'en' });

  const again = await t.call('transcript.switchTrack', { ref: original, lang: 'fr' });
  expect(again).toMatchObject({ charged: 0, credits: before - 1 });
  expect((await t.call('library.search', { provenance: 'machine-translated' })).entries.map((e) => e.ref)).toEqual([switched.transcript.ref]);

  expect(await t.raw('transcript.switchTrack', { ref: original, lang: 'xx' })).toMatchObject({ ok: false, error: { code: 'refused' } });
  expect((await t.call('balance.get', {})).credits).toBe(before - 1);
  expect(await t.raw('transcript.switchTrack', { ref: await refOf(TIKTOK), lang: 'fr' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
});

it('writes the provenance into the JSON export', async () => {
  const ref = await refOf(TIKTOK);
  const written = await t.call('export.run', { scope: { kind: 'transcripts', refs: [ref] }, format: 'json', folder: t.exportDir });
  const file = written.files[0];
  if (file === undefined) throw new Error('nothing exported');
  const json = JSON.parse(await readFile(join(written.folder, file), 'utf8')) as { provenance: unknown };
  expect(json.provenance).toEqual({ kind: 'auto-captions', language: 'eng-US' });
});
