// Export: names from titles, never clobbering, skipped items with the reason, folder or one zip.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync, strFromU8 } from 'fflate';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { baseName, claimName } from '#shared/format/fileNames';
import { openTestDesk, type TestDesk } from '../helpers/desk';
import { tempHome } from '../helpers/home';
import { RUMBLE_IDS, rumblePageUrl } from '../upstream/hosts/rumble';
import { TIKTOK_IDS, TIKTOK_USER } from '../upstream/hosts/tiktok';
import { YOUTUBE_IDS } from '../upstream/hosts/youtube';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';
import { sqliteLedgerOf } from '#service/open';

describe('file names', () => {
  it('come from the title in any script, else the id; reserved Windows names are avoided', () => {
    expect(baseName('Surface Go Review - It’s Awesome', 'x')).toBe('Surface-Go-Review-It-s-Awesome');
    expect(baseName('Ça va? Привет / 你好!', 'x')).toBe('Ça-va-Привет-你好');
    expect(baseName('   ', 'GJLlxj_dtq8')).toBe('GJLlxj_dtq8');
    expect(baseName(null, 'https://example.com/a?b')).toBe('https-example-com-a-b');
    expect(baseName('CON', 'x')).toBe('CON-transcript');
    expect(baseName('a'.repeat(200), 'x')).toHaveLength(80);
  });

  it('claim -2, -3 … and treat names that differ only in case as the same file', () => {
    const taken = new Set<string>();
    expect([claimName(taken, 'Talk', 'srt'), claimName(taken, 'talk', 'srt'), claimName(taken, 'TALK', 'srt'), claimName(taken, 'Talk', 'vtt')]).toEqual(['Talk.srt', 'talk-2.srt', 'TALK-3.srt', 'Talk.vtt']);
  });
});

describe('export', () => {
  let fixture: FixtureUpstream;
  let home: ReturnType<typeof tempHome>;
  let t: TestDesk;
  const tiktok = `https://www.tiktok.com/@${TIKTOK_USER}/video/${TIKTOK_IDS.withCaptions}`;
  const tiktokEmpty = `https://www.tiktok.com/@${TIKTOK_USER}/video/${TIKTOK_IDS.videoNoCaptions}`;

  beforeAll(async () => {
    fixture = await startFixtureUpstream();
  });
  afterAll(() => fixture.close());
  beforeEach(async () => {
    home = tempHome();
    t = await openTestDesk(home.dir, fixture.url);
    await t.call('queue.enqueue', { entries: [{ url: `https://youtu.be/${YOUTUBE_IDS.withCaptions}` }, { url: tiktok }, { url: rumblePageUrl(RUMBLE_IDS.withCaptions) }, { url: 'https://www.youtube.com/watch?v=deletedVid0' }, { url: tiktokEmpty }, { url: 'not a link' }] });
    await t.call('queue.run', {});
    // A hang guard: six items against the loopback fixture settle in well under a second here.
    await vi.waitFor(async () => expect((await t.call('queue.list', {})).items.filter((i) => i.status === 'queued' || i.status === 'running')).toEqual([]), { timeout: 20_000 });
  });
  afterEach(async () => {
    await t.close();
    home.remove();
  });

  it('writes one SRT per timed transcript into the folder and says which were skipped and why', async () => {
    const result = await t.call('export.run', { scope: { kind: 'queue' }, format: 'srt', maxLineLength: 30 });
    expect(result.folder).toBe(t.exportDir);
    expect(result.files).toEqual(['Surface-Go-Review-It-s-Awesome.srt', 'Three-things-nobody-tells-you-about-Lisbon-travel-lisbon.srt', 'City-council-bridge-vote-live-coverage.srt']);
    expect(result.skipped).toEqual([
      { name: 'https://www.youtube.com/watch?v=deletedVid0', reason: 'failed: No transcript available for this video (YouTube says the video is unavailable ("This video is unavailable"))' },
      { name: expect.any(String) as string, reason: expect.stringMatching(/^SRT needs timed segments, and this transcript has none/) as string },
    ]);
    const srt = readFileSync(join(t.exportDir, 'Surface-Go-Review-It-s-Awesome.srt'), 'utf8');
    expect(srt).toMatch(/^1\n00:00:00,000 --> 00:00:02,500\nHey guys, so this is the\nSurface Go\.\n/);

    // The same again replaces the files of the same names (README "Export"): no -2 copies pile up.
    writeFileSync(join(t.exportDir, 'Surface-Go-Review-It-s-Awesome.srt'), 'stale');
    const again = await t.call('export.run', { scope: { kind: 'queue' }, format: 'srt', maxLineLength: 30 });
    expect(again.files).toEqual(result.files);
    expect(again.replaced).toBe(3);
    expect(readFileSync(join(t.exportDir, 'Surface-Go-Review-It-s-Awesome.srt'), 'utf8')).toBe(srt);
    expect(readdirSync(t.exportDir).sort()).toEqual([...result.files].sort());
  });

  it('exports a selection as TXT (no timing needed), and library entries and transcripts by reference', async () => {
    const { items } = await t.call('queue.list', {});
    const tiktokItem = items.find((i) => i.url === tiktok);
    const out = join(home.dir, 'picked');
    const result = await t.call('export.run', { scope: { kind: 'items', ids: [tiktokItem?.id ?? ''] }, format: 'txt', folder: out });
    expect(result).toMatchObject({ files: ['Three-things-nobody-tells-you-about-Lisbon-travel-lisbon.txt'], skipped: [] });
    expect(readFileSync(join(out, result.files[0] ?? ''), 'utf8')).toContain('First: the hills are real.');

    const { entries } = await t.call('library.search', { query: 'bridge' });
    const fromLibrary = await t.call('export.run', { scope: { kind: 'library', ids: entries.map((e) => e.id) }, format: 'json', folder: out });
    expect(fromLibrary.files).toEqual(['City-council-bridge-vote-live-coverage.json']);
    const byRef = await t.call('export.run', { scope: { kind: 'transcripts', refs: [entries[0]?.ref ?? { kind: 'episode', key: 'x' }] }, format: 'vtt', folder: out });
    expect(readFileSync(join(out, byRef.files[0] ?? ''), 'utf8')).toMatch(/^WEBVTT/);
  });

  it('keeps what the queue fetched and what is exported (never evicted), and the settings view counts them', async () => {
    const kept = () => Object.fromEntries((sqliteLedgerOf(t.opened).db.prepare('SELECT canonical_key, kept FROM transcripts').all() as { canonical_key: string; kept: number }[]).map((r) => [r.canonical_key, r.kept]));
    // Fetched by the REST API only (a script on this machine): cached, not kept.
    const { service, owner } = t.opened;
    const rest = await service.handle(`Bearer ${owner.key}`, '127.0.0.1', (caller) => service.transcript(caller, 'longform', JSON.stringify({ url: 'https://www.youtube.com/watch?v=okRestOnly1' })));
    expect(rest.status).toBe(200);
    expect(kept()).toEqual({ [YOUTUBE_IDS.withCaptions]: 1, [TIKTOK_IDS.withCaptions]: 1, [TIKTOK_IDS.videoNoCaptions]: 1, [RUMBLE_IDS.withCaptions]: 1, okRestOnly1: 0 });
    expect((await t.call('settings.get', {})).cache).toMatchObject({ transcripts: 5, kept: 4, limit: 1_000_000_000, limitOverridden: false });

    await t.call('export.run', { scope: { kind: 'transcripts', refs: [{ kind: 'transcript', platform: 'longform', key: 'okRestOnly1' }] }, format: 'txt', folder: join(home.dir, 'picked') });
    expect(kept().okRestOnly1).toBe(1);
    const { cache } = await t.call('settings.get', {});
    expect(cache).toMatchObject({ transcripts: 5, kept: 5 });
    expect(cache.bytes).toBeGreaterThan(0);
  });

  it('writes one zip whose files are the folder export, and refuses a relative folder', async () => {
    const zipped = await t.call('export.run', { scope: { kind: 'queue' }, format: 'vtt', target: 'zip' });
    expect(zipped.zipFile).toMatch(/transcripts-vtt-\d{4}-\d{2}-\d{2}-\d{4}\.zip$/);
    expect(readdirSync(t.exportDir).filter((f) => f.endsWith('.part'))).toEqual([]);
    const files = unzipSync(readFileSync(zipped.zipFile ?? ''));
    expect(Object.keys(files)).toEqual(['Surface-Go-Review-It-s-Awesome.vtt', 'Three-things-nobody-tells-you-about-Lisbon-travel-lisbon.vtt', 'City-council-bridge-vote-live-coverage.vtt']);
    const plain = await t.call('export.run', { scope: { kind: 'queue' }, format: 'vtt', folder: join(home.dir, 'plain') });
    for (const name of plain.files) expect(strFromU8(files[name] ?? new Uint8Array())).toBe(readFileSync(join(home.dir, 'plain', name), 'utf8'));
    expect(await t.raw('export.run', { scope: { kind: 'queue' }, format: 'txt', folder: 'relative/dir' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
  describe('folders', () => {
    const run = (folder: string) => t.raw('export.run', { scope: { kind: 'queue' }, format: 'txt', folder });
    const refused = (message: RegExp) => ({ ok: false, error: { code: 'invalid_input', message: expect.stringMatching(message) as string } });

    it('refuses folders inside /sys and /dev, creating nothing there', async () => {
      // A unique name: as root, the old code created it (and wrote into /dev); removed either way.
      const inDev = `/dev/td-export-test-${randomBytes(6).toString('hex')}`;
      try {
        expect(await run('/sys/x')).toEqual(refused(/\/sys\/x is inside \/sys, a system folder/));
        expect(await run(inDev)).toEqual(refused(/is inside \/dev, a system folder/));
        expect(existsSync(inDev)).toBe(false);
      } finally {
        rmSync(inDev, { recursive: true, force: true });
      }
    });

    it('refuses relative paths and paths through an existing file, and leaves the file alone', async () => {
      expect(await run('relative/dir')).toEqual(refused(/must be a full path/));
      expect(await run('./x')).toEqual(refused(/must be a full path/));
      const file = join(home.dir, 'notes.txt');
      writeFileSync(file, 'mine');
      expect(await run(join(file, 'out'))).toEqual(refused(/notes\.txt is a file, not a folder/));
      expect(await run(file)).toEqual(refused(/notes\.txt is a file, not a folder/));
      expect(readFileSync(file, 'utf8')).toBe('mine');
    });

    it('creates at most 8 new folders in one export', async () => {
      const tooDeep = join(home.dir, 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i');
      expect(await run(tooDeep)).toEqual(refused(/would need 9 new folders; at most 8 are created/));
      expect(existsSync(join(home.dir, 'a'))).toBe(false);
    });

    it('refuses /proc (also as the saved folder) and broken links at once, and keeps answering', async () => {
      expect(await run('/proc/self/x')).toEqual(refused(/is inside \/proc, a system folder/));
      expect(await run('/sys')).toEqual(refused(/is inside \/sys, a system folder/));
      symlinkSync(join(home.dir, 'nowhere'), join(home.dir, 'gone'));
      expect(await run(join(home.dir, 'gone', 'out'))).toEqual(refused(/gone is a link to something that does not exist/));
      expect(existsSync(join(home.dir, 'nowhere'))).toBe(false);
      // A folder saved by an older build, which did not check it: refused when used.
      sqliteLedgerOf(t.opened).settings.set('desk.export.folder', JSON.stringify('/proc/self/x'));
      expect(await t.raw('export.run', { scope: { kind: 'queue' }, format: 'txt' })).toEqual(refused(/is inside \/proc, a system folder/));
      expect(await t.raw('queue.list', {})).toMatchObject({ ok: true });
    });

    it('creates a new folder three levels deep and writes the transcripts into it', async () => {
      const nested = join(home.dir, 'new', 'nested', 'folder');
      const result = await t.call('export.run', { scope: { kind: 'queue' }, format: 'txt', folder: nested });
      expect(result.folder).toBe(nested);
      expect(result.files).toContain('Surface-Go-Review-It-s-Awesome.txt');
      expect(readdirSync(nested).sort()).toEqual([...result.files].sort());
      expect(readFileSync(join(nested, 'Surface-Go-Review-It-s-Awesome.txt'), 'utf8')).toContain('Surface Go');
    });
  });
});
