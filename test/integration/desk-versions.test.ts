// Editing with versions through the desk's operations, on a real data home against the fixture
// upstream: edits make versions, exports use the chosen one, and the shared cache (what the REST
// API serves to every caller) answers exactly what it answered before any edit.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApiServer, type RunningServer } from '../../src-main/http/server';
import { post } from '../helpers/http';
import { openTestDesk, type TestDesk } from '../helpers/desk';
import { tempHome } from '../helpers/home';
import { YOUTUBE_IDS } from '../upstream/hosts/youtube';
import { startFixtureUpstream, type FixtureUpstream } from '../upstream/server';

describe('editing with versions', () => {
  let fixture: FixtureUpstream;
  let home: ReturnType<typeof tempHome>;
  let t: TestDesk;
  let api: RunningServer;
  const url = `https://www.youtube.com/watch?v=${YOUTUBE_IDS.withCaptions}`;
  const ref = { kind: 'transcript' as const, platform: 'longform' as const, key: YOUTUBE_IDS.withCaptions };
  const rest = () => post(api.url, '/api/youtube/transcript', t.opened.owner.key, { url });

  beforeAll(async () => {
    fixture = await startFixtureUpstream();
    home = tempHome();
    t = await openTestDesk(home.dir, fixture.url);
    api = await startApiServer(t.opened.service, '127.0.0.1', 0);
    await t.call('queue.enqueue', { entries: [{ url }] });
    await t.call('queue.run', {});
    await vi.waitFor(async () => expect((await t.call('queue.list', {})).items.map((i) => i.status)).toEqual(['done']), { timeout: 20_000 });
  });
  afterAll(async () => {
    await api.close();
    await t.close();
    home.remove();
    await fixture.close();
  });

  it('fixes a line, merges and splits: each a new version made from the one before, the latest chosen for export, and the export shows it', async () => {
    const before = await rest();
    expect(before.status).toBe(200);
    const original = await t.call('versions.get', { ref, id: null });
    expect(original.name).toBe('Original');
    const first = original.segments?.[0];
    if (first === undefined) throw new Error('the fixture video has timed captions');

    const fixed = await t.call('versions.edit', { ref, from: null, edit: { kind: 'segmentText', index: 0, text: 'A line the person corrected' } });
    expect(fixed.version).toMatchObject({ number: 1, name: 'v1 · Fixed line 1', provenance: { kind: 'edited', from: 'Original' }, parent: null });
    const merged = await t.call('versions.edit', { ref, from: fixed.version.id, edit: { kind: 'merge', index: 1 } });
    expect(merged.version).toMatchObject({ number: 2, provenance: { kind: 'edited', from: 'v1 · Fixed line 1' }, parent: fixed.version.id });
    const content = await t.call('versions.get', { ref, id: merged.version.id });
    expect(content.segments?.[0]?.text).toBe('A line the person corrected');
    expect(content.segments).toHaveLength((original.segments?.length ?? 0) - 1);

    const listed = await t.call('versions.list', { ref });
    expect(listed.versions.map((v) => v.name)).toEqual(['v1 · Fixed line 1', 'v2 · Merged lines 2–3']);
    expect(listed.exportVersion).toBe(merged.version.id);

    const exported = await t.call('export.run', { scope: { kind: 'transcripts', refs: [ref] }, format: 'txt', folder: join(home.dir, 'out-edited') });
    const text = readFileSync(join(exported.folder, exported.files[0] ?? ''), 'utf8');
    expect(text).toContain('A line the person corrected');
    expect(text).not.toContain(first.text);

    // The shared cache is untouched: the REST API answers the same bytes as before the edits.
    const after = await rest();
    expect(after.status).toBe(200);
    expect(after.text).toBe(before.text);
  });

  it('exports the original again once the person chooses it, and deleting the chosen version chooses its parent', async () => {
    const { versions } = await t.call('versions.list', { ref });
    const [v1, v2] = versions;
    if (v1 === undefined || v2 === undefined) throw new Error('the first test made two versions');
    await t.call('versions.choose', { ref, id: null });
    const original = await t.call('versions.get', { ref, id: null });
    const exported = await t.call('export.run', { scope: { kind: 'transcripts', refs: [ref] }, format: 'txt', folder: join(home.dir, 'out-original') });
    const text = readFileSync(join(exported.folder, exported.files[0] ?? ''), 'utf8');
    expect(text).toContain(original.segments?.[0]?.text);
    expect(text).not.toContain('A line the person corrected');

    await t.call('versions.choose', { ref, id: v2.id });
    const after = await t.call('versions.delete', { ref, id: v2.id });
    expect(after.versions.map((v) => v.id)).toEqual([v1.id]);
    expect(after.exportVersion).toBe(v1.id);
  });

  it('refuses what cannot be done in words a person reads', async () => {
    const answer = await t.raw('versions.edit', { ref, from: null, edit: { kind: 'text', text: 'whole text' } });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input', message: expect.stringContaining('line by line') as string } });
    const gone = await t.raw('versions.get', { ref, id: 'no-such-version' });
    expect(gone).toMatchObject({ ok: false, error: { code: 'not_found' } });
    // A YouTube item's media link is not kept: transcribing it again is refused with the reason, nothing run.
    const again = await t.raw('versions.retranscribe', { ref, engine: 'pocketsphinx' });
    expect(again).toMatchObject({ ok: false, error: { code: 'unavailable', message: expect.stringContaining('podcast episodes and local files') as string } });
  });
});

describe('deleting an edited transcript from the library', () => {
  it('deletes its versions too: fetched again, it starts from its original with no versions', async () => {
    const fixture = await startFixtureUpstream();
    const home = tempHome();
    const t = await openTestDesk(home.dir, fixture.url);
    try {
      const url = `https://www.youtube.com/watch?v=${YOUTUBE_IDS.withCaptions}`;
      const ref = { kind: 'transcript' as const, platform: 'longform' as const, key: YOUTUBE_IDS.withCaptions };
      const run = async () => {
        await t.call('queue.enqueue', { entries: [{ url }] });
        await t.call('queue.run', {});
        await vi.waitFor(async () => expect((await t.call('queue.list', {})).items.every((i) => i.status === 'done' || i.status === 'cached')).toBe(true), { timeout: 20_000 });
      };
      await run();
      await t.call('versions.edit', { ref, from: null, edit: { kind: 'segmentText', index: 0, text: 'An edit that goes with its transcript' } });
      const { entries } = await t.call('library.search', { query: '', limit: 10, offset: 0 });
      expect(await t.call('library.delete', { ids: entries.map((e) => e.id) })).toEqual({ deleted: 1 });
      await t.call('queue.clear', { which: 'all' });
      await run();
      expect(await t.call('versions.list', { ref })).toEqual({ versions: [], exportVersion: null });
    } finally {
      await t.close();
      home.remove();
      await fixture.close();
    }
  });
});
