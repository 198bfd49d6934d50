// The versions group (service/store/versions.ts), written once against the port: the SQLite and the
// PostgreSQL store run this same file (test/unit/store-versions.test.ts).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewTranscriptVersion, Store } from '#service/store/port';
import type { OpenedStore } from './invariants';

export function describeVersionStore(name: string, open: () => Promise<OpenedStore>): void {
  describe(`store groups: ${name}: transcript versions`, () => {
    let opened: OpenedStore;
    let store: Store;
    beforeAll(async () => {
      opened = await open();
      store = opened.store;
    });
    afterAll(() => opened.close());
    const version = (refKey: string, label: string, parent: string | null = null): NewTranscriptVersion => ({
      id: randomUUID(),
      refKey,
      createdAt: 1_700_000_000_000,
      label,
      provenance: { kind: 'edited', from: 'Original' },
      parent,
      text: `${label} text`,
      segments: [{ text: `${label} text`, startMs: 0, endMs: 1500, speaker: 'Ann' }],
    });

    it('numbers each transcript’s versions from 1 and gives back what was stored, segments and provenance included', async () => {
      const a1 = await store.versions.add(version('transcript:longform:vA', 'Edit 1'));
      const b1 = await store.versions.add(version('episode:vB', 'Edit 1'));
      const a2 = await store.versions.add({ ...version('transcript:longform:vA', 'Edit 2', a1.id), provenance: { kind: 'speech-to-text', engine: 'pocketsphinx', model: null, version: null, language: 'en', task: 'transcribe' } });
      expect([a1.number, a2.number, b1.number]).toEqual([1, 2, 1]);
      expect(await store.versions.get(a2.id)).toEqual(a2);
      expect((await store.versions.list('transcript:longform:vA')).map((v) => v.label)).toEqual(['Edit 1', 'Edit 2']);
      expect(await store.versions.list('transcript:longform:nothing')).toEqual([]);
      expect(await store.versions.get('no-such-id')).toBeUndefined();
    });

    it('keeps one export choice per transcript, refuses a version of another transcript, and null chooses the original', async () => {
      const ref = 'transcript:longform:vChoice';
      expect(await store.versions.chosen(ref)).toBeNull();
      const v1 = await store.versions.add(version(ref, 'Edit 1'));
      const other = await store.versions.add(version('transcript:longform:vElse', 'Edit 1'));
      expect(await store.versions.choose(ref, v1.id)).toBe(true);
      expect(await store.versions.chosen(ref)).toBe(v1.id);
      expect(await store.versions.choose(ref, other.id)).toBe(false);
      expect(await store.versions.chosen(ref)).toBe(v1.id);
      expect(await store.versions.choose(ref, null)).toBe(true);
      expect(await store.versions.chosen(ref)).toBeNull();
    });

    it('moves the choice to the parent when the chosen version is deleted, and to the original when the parent is gone too', async () => {
      const ref = 'episode:vRemove';
      const v1 = await store.versions.add(version(ref, 'Edit 1'));
      const v2 = await store.versions.add(version(ref, 'Edit 2', v1.id));
      const v3 = await store.versions.add(version(ref, 'Edit 3', v1.id));
      await store.versions.choose(ref, v2.id);
      expect(await store.versions.remove(v2.id)).toBe(true);
      expect(await store.versions.chosen(ref)).toBe(v1.id);
      await store.versions.choose(ref, v3.id);
      expect(await store.versions.remove(v1.id)).toBe(true);
      // The chosen one stays chosen when another goes.
      expect(await store.versions.chosen(ref)).toBe(v3.id);
      expect(await store.versions.remove(v3.id)).toBe(true);
      expect(await store.versions.chosen(ref)).toBeNull();
      expect(await store.versions.remove(v3.id)).toBe(false);
      expect(await store.versions.list(ref)).toEqual([]);
      // Numbers go on from the highest remaining: none remain, so 1 again.
      expect((await store.versions.add(version(ref, 'Edit 4'))).number).toBe(1);
    });

    it('deletes every version of one transcript and its choice, and no other transcript’s', async () => {
      const ref = 'transcript:longform:vAll';
      const v1 = await store.versions.add(version(ref, 'Edit 1'));
      await store.versions.add(version(ref, 'Edit 2', v1.id));
      await store.versions.choose(ref, v1.id);
      const other = await store.versions.add(version('transcript:longform:vKept', 'Edit 1'));
      expect(await store.versions.removeAll(ref)).toBe(2);
      expect(await store.versions.list(ref)).toEqual([]);
      expect(await store.versions.chosen(ref)).toBeNull();
      expect(await store.versions.get(other.id)).toEqual(other);
      expect(await store.versions.removeAll(ref)).toBe(0);
    });

    it('gives ten versions added at once ten different numbers', async () => {
      const ref = 'transcript:tiktok:vRace';
      const added = await Promise.all(Array.from({ length: 10 }, (_, i) => store.versions.add(version(ref, `Edit ${i}`))));
      expect(added.map((v) => v.number).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    });

    it('adds a version inside a store transaction, and rolls it back with the transaction', async () => {
      const ref = 'transcript:longform:vTx';
      await expect(
        store.transaction(async (tx) => {
          await tx.versions.add(version(ref, 'Edit 1'));
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(await store.versions.list(ref)).toEqual([]);
    });
  });
}
