// The port's other groups (cache, library, queue, speech-to-text tasks, upkeep, podcast work),
// written once against the port like invariants.ts: both stores run this same file, so the
// PostgreSQL store answers as the SQLite one does. Each block opens a fresh store of its own.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaJob } from '#shared/contract/media';
import type { FollowItem, FollowRecord } from '#service/store/follows';
import { newMediaJob } from '#shared/media/job';
import type { QueueItem } from '#shared/contract/queue';
import { StoreTransactionMisuseError } from '#service/store/misuse';
import { HIT_END, HIT_START, type LibraryFilter, type Store, type StoreTx } from '#service/store/port';
import type { OpenedStore } from './invariants';

export function describeStoreGroups(name: string, open: () => Promise<OpenedStore>): void {
  describe(`store groups: ${name}: the transcript cache and transactions`, () => {
    let opened: OpenedStore;
    let store: Store;
    beforeAll(async () => {
      opened = await open();
      store = opened.store;
    });
    afterAll(() => opened.close());
    const entry = (key: string, text = 'hello world', segments: { text: string; startMs: number; endMs: number }[] | null = null) => ({
      platform: 'longform' as const,
      canonicalKey: key,
      sourceUrl: `https://www.youtube.com/watch?v=${key}`,
      title: `title ${key}`,
      body: { videoId: key, transcript: text },
      text,
      segments,
    });

    it('gives back what was put, byte for byte, through a short link too; keep and stats count it', async () => {
      const segments = [
        { text: 'first line', startMs: 0, endMs: 1200 },
        { text: 'second line', startMs: 1300, endMs: 2500 },
      ];
      const stored = entry('roundtrip01', 'first line\nsecond line', segments);
      await store.cache.put(stored, 'short01');
      const hit = await store.cache.get('longform', 'short01');
      expect(hit).toMatchObject({ canonicalKey: 'roundtrip01', text: stored.text, segments, body: stored.body, title: 'title roundtrip01' });
      const before = await store.cache.stats();
      await store.cache.keep('longform', 'short01');
      expect((await store.cache.stats()).kept).toBe(before.kept + 1);
      // A refetch replaces the item and keeps it kept.
      await store.cache.put({ ...stored, title: 'new title' });
      expect((await store.cache.get('longform', 'roundtrip01'))?.title).toBe('new title');
      expect(await store.cache.stats()).toMatchObject({ transcripts: before.transcripts, kept: before.kept + 1 });
    });

    it('evicts least recently used transcripts past the cache.maxBytes setting, never kept ones nor the one just stored', async () => {
      const other = await open();
      const small = other.store;
      try {
        // Text zstd cannot shrink, so six of them pass the smallest limit the setting takes (1 MB).
        const noise = () => randomBytes(300_000).toString('base64');
        for (let i = 0; i < 6; i++) await small.cache.put(entry(`evict0${i}`, noise()));
        await small.cache.keep('longform', 'evict00');
        const { bytes } = await small.cache.stats();
        await small.settings.set('cache.maxBytes', JSON.stringify(Math.floor(bytes / 2)));
        expect(await small.cache.limit()).toEqual({ bytes: Math.floor(bytes / 2), overridden: false });
        await small.cache.put(entry('evict06', noise()));
        expect(await small.cache.get('longform', 'evict00')).toBeDefined();
        expect(await small.cache.get('longform', 'evict06')).toBeDefined();
        expect(await small.cache.get('longform', 'evict01')).toBeUndefined();
        expect((await small.cache.stats()).bytes).toBeLessThanOrEqual(Math.floor(bytes / 2));
        await small.cache.overrideLimit(null);
        expect(await small.cache.limit()).toEqual({ bytes: null, overridden: true });
        expect(await small.cache.prune(Date.now() + 1)).toBeGreaterThan(0);
        expect((await small.cache.stats()).transcripts).toBe(1);
      } finally {
        await other.close();
      }
    });

    it('refuses a direct store call from inside its own transaction, and a tx used after its transaction ended', async () => {
      let kept: StoreTx | undefined;
      await expect(
        store.transaction(async (tx) => {
          kept = tx;
          await store.settings.get('anything');
        }),
      ).rejects.toBeInstanceOf(StoreTransactionMisuseError);
      await expect(kept?.settings.get('anything')).rejects.toThrow('This transaction has ended');
    });

    it('keeps a transaction usable after a refused charge inside it: what came before still commits', async () => {
      const { id } = await store.accounts.create('credits', 'refused inside');
      await store.transaction(async (tx) => {
        await tx.settings.set('refused.inside', '1');
        expect(await tx.credits.charge(id, 5, 'too-much')).toMatchObject({ ok: false, reason: 'insufficient' });
      });
      expect(await store.settings.get('refused.inside')).toBe('1');
    });

    it("keeps a speech-to-text task's finished chunks until it is begun afresh or forgotten", async () => {
      await store.sttTasks.begin('clip:1', 'engine-a', '{"chunks":3}');
      await store.sttTasks.saveChunk('clip:1', 1, [{ text: 'second', startMs: 20_000, endMs: 21_000 }]);
      await store.sttTasks.saveChunk('clip:1', 0, [{ text: 'first', startMs: 0, endMs: 900 }]);
      await store.sttTasks.saveChunk('clip:1', 0, [{ text: 'first again', startMs: 0, endMs: 950 }]);
      const task = await store.sttTasks.get('clip:1');
      expect(task).toMatchObject({ fingerprint: 'engine-a', plan: '{"chunks":3}' });
      expect([...(task?.chunks.entries() ?? [])]).toEqual([
        [0, [{ text: 'first again', startMs: 0, endMs: 950 }]],
        [1, [{ text: 'second', startMs: 20_000, endMs: 21_000 }]],
      ]);
      await store.sttTasks.begin('clip:1', 'engine-b', '{"chunks":2}');
      expect((await store.sttTasks.get('clip:1'))?.chunks.size).toBe(0);
      await store.sttTasks.forget('clip:1');
      expect(await store.sttTasks.get('clip:1')).toBeUndefined();
    });

    it('reports the database size and every table\'s rows, and vacuums', async () => {
      await store.accounts.create('free', 'counted');
      expect((await store.maintenance.sizes()).fileBytes).toBeGreaterThan(0);
      const counts = await store.maintenance.rowCounts();
      expect(counts.accounts).toBeGreaterThan(0);
      expect(counts.transcripts).toBeGreaterThan(0);
      await store.maintenance.vacuum();
      expect(await store.maintenance.checkpoint()).toBe(true);
    });
  });

  describe(`store groups: ${name}: the library`, () => {
    let library: OpenedStore;
    let store: Store;
    const all = { match: null, platform: null, from: null, to: null, limit: 20, offset: 0 };
    beforeAll(async () => {
      library = await open();
      store = library.store;
      const put = (platform: 'longform' | 'shortform', key: string, title: string, text: string) =>
        store.cache.put({ platform, canonicalKey: key, sourceUrl: `https://example.com/${key}`, title, body: { key }, text, segments: null });
      await put('longform', 'lib01', 'Cooking with Rosemary', 'Today we roast potatoes with rosemary and garlic until golden.');
      await put('longform', 'lib02', 'A talk on databases', 'PostgreSQL keeps the ledger; the café downstairs keeps the coffee.');
      await put('shortform', 'lib03', 'Garden notes', 'Rosemary grows well in a dry garden, next to the thyme.');
    });
    afterAll(() => library.close());
    const search = (match: string | null, extra: Partial<LibraryFilter> = {}) => store.library.search({ ...all, ...extra, match });

    it('lists every cached transcript, newest first, with the start of its text', async () => {
      const { total, rows } = await search(null);
      expect(total).toBe(3);
      expect(rows.map((r) => r.refKey)).toEqual(['lib03', 'lib02', 'lib01']);
      expect(rows[2]).toMatchObject({ kind: 'transcript', platform: 'longform', title: 'Cooking with Rosemary', hasTiming: false, snippet: 'Today we roast potatoes with rosemary and garlic until golden.' });
      expect(await store.library.get(rows[0]?.id ?? -1)).toMatchObject({ refKey: 'lib03', snippet: '' });
    });

    it('finds words, a prefix being typed, a phrase and accented words; the title ranks first; hits are marked', async () => {
      const rosemary = await search('"rosemary"');
      expect(rosemary.total).toBe(2);
      expect(rosemary.rows[0]?.refKey).toBe('lib01');
      expect(rosemary.rows[0]?.snippet).toContain(`${HIT_START}rosemary${HIT_END}`);
      expect((await search('"rose"*')).total).toBe(2);
      expect((await search('"rose"')).total).toBe(0);
      expect((await search('"dry garden"')).rows.map((r) => r.refKey)).toEqual(['lib03']);
      expect((await search('"garden dry"')).total).toBe(0);
      expect((await search('"cafe"')).rows.map((r) => r.refKey)).toEqual(['lib02']);
      expect((await search('"rosemary" "garlic"')).rows.map((r) => r.refKey)).toEqual(['lib01']);
      // "Any of these words" (ask the library's question search): OR between quoted words, best first.
      expect((await search('"garlic" OR "thyme" OR "nowhere"')).rows.map((r) => r.refKey).sort()).toEqual(['lib01', 'lib03']);
      expect((await search('"rosemary" OR "garlic"')).rows[0]?.refKey).toBe('lib01');
      expect((await search('"nowhere" OR "nothing"')).total).toBe(0);
      expect((await search('"rosemary"', { platform: 'shortform' })).rows.map((r) => r.refKey)).toEqual(['lib03']);
      expect(await search('"\'; DROP TABLE transcripts; --"')).toMatchObject({ total: 0 });
    });

    it('deletes a transcript from the library and the shared cache together; an evicted one leaves the library too', async () => {
      const [entry] = (await search('"potatoes"')).rows;
      expect(await store.library.delete([entry?.id ?? -1, 999_999])).toBe(1);
      expect(await store.cache.get('longform', 'lib01')).toBeUndefined();
      expect((await search('"potatoes"')).total).toBe(0);
      expect(await store.cache.prune(Date.now() + 1)).toBe(2);
      expect(await search(null)).toEqual({ total: 0, rows: [] });
    });
  });

  describe(`store groups: ${name}: provenance beside the transcript`, () => {
    let db: OpenedStore;
    let store: Store;
    const all = { match: null, platform: null, from: null, to: null, limit: 20, offset: 0 };
    const creator = { kind: 'creator-captions' as const, language: 'en' };
    const auto = { kind: 'auto-captions' as const, language: 'en' };
    const translated = { kind: 'machine-translated' as const, language: 'fr', from: 'en' };
    beforeAll(async () => {
      db = await open();
      store = db.store;
    });
    afterAll(() => db.close());
    const put = (key: string, provenance: Parameters<Store['cache']['put']>[0]['provenance'], text = 'A talk about bread and butter.') =>
      store.cache.put({ platform: 'longform', canonicalKey: key, sourceUrl: `https://www.youtube.com/watch?v=${key}`, title: key, body: { videoId: key }, text, segments: null, ...(provenance === undefined ? {} : { provenance }) });

    it('keeps it through a put and a hit (short link too), replaces it on a refetch, and has none for a put without one', async () => {
      await store.cache.put({ platform: 'longform', canonicalKey: 'prov01', sourceUrl: 'https://youtu.be/prov01', title: 't', body: { videoId: 'prov01' }, text: 'x', segments: null, provenance: translated }, 'provShort');
      expect((await store.cache.get('longform', 'provShort'))?.provenance).toEqual(translated);
      await put('prov01', auto);
      expect((await store.cache.get('longform', 'prov01'))?.provenance).toEqual(auto);
      await put('prov02', undefined);
      expect((await store.cache.get('longform', 'prov02'))?.provenance).toBeNull();
      // The spec's body is the body: provenance never leaks into it.
      expect((await store.cache.get('longform', 'prov01'))?.body).toEqual({ videoId: 'prov01' });
    });

    it('lists each entry with its provenance and filters the library by kind, with and without a search', async () => {
      await put('provA', creator, 'Creator words about sourdough.');
      await put('provB', auto, 'Automatic words about sourdough.');
      await put('provC', translated, 'Translated words about baguettes.');
      await put('provD', null, 'Old words about sourdough.');
      const listed = await store.library.search({ ...all, limit: 50 });
      expect(listed.rows.find((r) => r.refKey === 'provC')?.provenance).toEqual(translated);
      expect(listed.rows.find((r) => r.refKey === 'provD')?.provenance).toBeNull();
      const keys = async (filter: Partial<LibraryFilter>) => (await store.library.search({ ...all, ...filter })).rows.map((r) => r.refKey).sort();
      expect(await keys({ provenance: 'creator-captions' })).toEqual(['provA']);
      expect(await keys({ provenance: 'machine-translated' })).toEqual(['provC']);
      expect(await keys({ provenance: 'auto-captions' })).toEqual(['prov01', 'provB']);
      expect(await keys({ provenance: 'unknown' })).toEqual(['prov02', 'provD']);
      expect(await keys({ provenance: 'unknown', match: '"sourdough"' })).toEqual(['provD']);
      expect(await keys({ provenance: 'auto-captions', match: '"sourdough"' })).toEqual(['provB']);
      expect((await store.library.search({ ...all, provenance: 'speech-to-text' })).total).toBe(0);
    });
  });

  describe(`store groups: ${name}: the desk's queue`, () => {
    let db: OpenedStore;
    let store: Store;
    beforeAll(async () => {
      db = await open();
      store = db.store;
    });
    afterAll(() => db.close());
    const link = (id: string, key: string | null, url = `https://www.youtube.com/watch?v=${key ?? id}`) => ({
      id,
      url,
      platform: key === null ? null : ('longform' as const),
      itemId: key,
      canonicalKey: key,
      status: key === null ? ('invalid' as const) : ('queued' as const),
      error: key === null ? 'not a link' : null,
      message: null,
    });

    it('adds in order, folds an item already queued, gives a taken id a fresh one, and runs items through their states', async () => {
      const first = await store.queue.add([link('q1', 'k1'), link('q2', 'k2'), link('q3', null, 'nonsense')]);
      expect(first.folded).toBe(0);
      expect(first.items.map((i) => [i.id, i.position, i.status])).toEqual([['q1', 1, 'queued'], ['q2', 2, 'queued'], ['q3', 3, 'invalid']]);
      const again = await store.queue.add([link('q4', 'k1'), link('q5', null, 'nonsense'), link('q1', 'k9')]);
      expect(again.folded).toBe(2);
      expect(again.items.find((i) => i.canonicalKey === 'k1')?.count).toBe(2);
      const fresh = again.items.find((i) => i.canonicalKey === 'k9');
      expect(fresh?.id).not.toBe('q1');
      expect(fresh?.position).toBe(4);
      expect((await store.queue.nextQueued(2)).map((i) => i.id)).toEqual(['q1', 'q2']);

      await store.queue.update('q1', { status: 'running' });
      expect(await store.queue.requeueRunning()).toBe(1);
      await store.queue.update('q2', { status: 'failed', error: 'upstream', httpStatus: 502, message: 'try later' });
      expect(await store.queue.idsWithStatus(['failed'])).toEqual(['q2']);
      expect(await store.queue.retry()).toEqual(['q2']);
      expect(await store.queue.get('q2')).toMatchObject({ status: 'queued', error: null, httpStatus: null });
      await store.queue.update('q2', { status: 'submitted', jobId: 'job_1' });
      expect((await store.queue.byJob('job_1')).map((i) => i.id)).toEqual(['q2']);
      expect(await store.queue.update('gone', { status: 'done' })).toBeUndefined();
    });

    it('keeps in the cache a transcript the queue delivered, through a short link too', async () => {
      await store.cache.put({ platform: 'longform', canonicalKey: 'qkeep1', sourceUrl: 'https://www.youtube.com/watch?v=qkeep1', title: 't', body: {}, text: 'x', segments: null }, 'qshort1');
      const kept = (await store.cache.stats()).kept;
      await store.queue.add([link('qk', 'qshort1')]);
      await store.queue.update('qk', { status: 'done', transcript: { kind: 'transcript', key: 'qshort1' }, credits: 1, title: 't' });
      expect((await store.cache.stats()).kept).toBe(kept + 1);
      expect((await store.queue.get('qk'))?.transcript).toEqual({ kind: 'transcript', platform: 'longform', key: 'qshort1' });
    });

    it('removes items and puts them back as they were; a place taken meanwhile goes to the end', async () => {
      const before = await store.queue.list();
      const removed = before.filter((i) => i.id === 'q1' || i.id === 'q3');
      expect(await store.queue.remove(['q1', 'q3', 'nope'])).toEqual(['q1', 'q3']);
      expect(await store.queue.restore(removed)).toEqual(['q1', 'q3']);
      expect((await store.queue.list()).map((i) => [i.id, i.position])).toEqual(before.map((i) => [i.id, i.position]));
      expect(await store.queue.restore(removed)).toEqual([]);
      // The last item removed, a new link takes its place, the undo puts it after the newcomer.
      const last = before.at(-1) as QueueItem;
      await store.queue.remove([last.id]);
      const { items: [newcomer] } = await store.queue.add([link('q7', 'k7')]);
      expect(newcomer?.position).toBe(last.position);
      expect(await store.queue.restore([last])).toEqual([last.id]);
      expect((await store.queue.get(last.id))?.position).toBe(last.position + 1);
    });
  });

  describe(`store groups: ${name}: podcast jobs, their credits and the library`, () => {
    let db: OpenedStore;
    // Two names for one store: the PostgreSQL file races two nodes on this (store-postgres.test.ts).
    let nodes: [Store, Store];
    beforeAll(async () => {
      db = await open();
      nodes = [db.store, db.store];
    });
    afterAll(() => db.close());
    const facts = (key: string) => ({
      key,
      episodeUrl: `https://podcasts.apple.com/episode/${key}`,
      title: `Episode ${key}`,
      showTitle: 'The Show',
      artworkUrl: 'https://example.com/art.jpg',
      durationSeconds: 600.4,
      audioUrl: `https://example.com/${key}.mp3`,
      transcriptUrl: null,
      transcriptType: null,
    });
    const finished = { transcript: 'Welcome to the show about sourdough bread.', segments: [{ text: 'Welcome to the show about sourdough bread.', startMs: 0, endMs: 3000 }], source: 'ai' as const, provenance: { kind: 'speech-to-text' as const, engine: 'whisper', model: 'ggml-base.en', version: null, language: 'en', task: 'transcribe' as const }, durationSeconds: 610, chunksTotal: 2, chunksReused: 0, price: 7 };

    it('starts an episode once when submits race; finish settles the payer at the price; the library then finds it', async () => {
      const [a, b] = nodes;
      const payers = await Promise.all([a.accounts.create('credits', 'p1'), b.accounts.create('credits', 'p2')]);
      for (const p of payers) await a.credits.grant(p.id, 20);
      const starts = await Promise.all(payers.flatMap((p, i) => [a, b].map((node) => node.podcastWork.start(p.id, facts('ep1'), 10 + i))));
      const winners = starts.filter((s) => s.ok);
      expect(winners).toHaveLength(1);
      expect(starts.filter((s) => !s.ok && s.reason === 'exists')).toHaveLength(3);
      const winner = winners[0] as { ok: true; jobId: string };
      const payer = (await a.podcastJobs.get(winner.jobId, payers[0].id)) === undefined ? payers[1] : payers[0];
      const other = payer === payers[0] ? payers[1] : payers[0];
      expect(await a.credits.balance(payer.id)).toBeLessThan(20);
      expect(await b.podcastJobs.get(winner.jobId, other.id)).toBeUndefined();
      const joined = await b.podcastWork.addFreeJob(other.id, 'ep1', 'processing');

      expect(await a.podcastWork.claim('ep1', 111, null)).toBe(true);
      expect(await b.podcastWork.claim('ep1', 222, null)).toBe(false);
      expect(await b.podcastWork.claim('ep1', 222, 111)).toBe(true);
      await b.podcastWork.setProgress('ep1', 1, 2);
      expect((await a.podcastJobs.get(joined, other.id))?.episode).toMatchObject({ chunksDone: 1, chunksTotal: 2, durationSeconds: 600, ahead: 0 });
      expect(await a.podcastWork.liveJobs('ep1')).toBe(2);

      const settled = await b.podcastWork.finish('ep1', finished);
      expect(settled).toEqual([{ accountId: payer.id, jobId: winner.jobId, charged: 7 }]);
      expect(await a.credits.balance(payer.id)).toBe(13);
      expect(await a.credits.sumOfEntries(payer.id)).toBe(13);
      expect((await a.podcastJobs.listForAccount(other.id))[0]).toMatchObject({ jobId: joined, status: 'done', reserved: 0 });
      expect((await a.podcastJobs.episode('ep1'))?.segments).toEqual(finished.segments);
      expect((await a.podcastJobs.episode('ep1'))?.provenance).toEqual(finished.provenance);
      expect(await a.podcastWork.start(payer.id, facts('ep1'), 10)).toEqual({ ok: false, reason: 'exists', status: 'done' });

      const found = await a.library.search({ match: '"sourdough"', platform: null, from: null, to: null, limit: 10, offset: 0 });
      expect(found.rows).toHaveLength(1);
      expect(found.rows[0]).toMatchObject({ kind: 'episode', platform: 'podcast', refKey: 'ep1', title: 'Episode ep1', subtitle: 'The Show', hasTiming: true, provenance: finished.provenance });
      const bySpeech = await a.library.search({ match: null, platform: null, provenance: 'speech-to-text', from: null, to: null, limit: 10, offset: 0 });
      expect(bySpeech.rows.map((r) => r.refKey)).toEqual(['ep1']);
      expect((await a.library.search({ match: '"sourdough"', platform: null, provenance: 'publisher', from: null, to: null, limit: 10, offset: 0 })).total).toBe(0);
      expect(await a.library.delete([found.rows[0]?.id ?? -1])).toBe(1);
      expect((await a.library.search({ match: '"sourdough"', platform: null, from: null, to: null, limit: 10, offset: 0 })).total).toBe(0);
      // Hidden from the library, the job still answers with its transcript.
      expect((await a.podcastJobs.get(winner.jobId, payer.id))?.episode.transcript).toBe(finished.transcript);
    });

    it('a failed episode refunds every payer; a cancel refunds one and abandons the episode when nobody waits', async () => {
      const [a, b] = nodes;
      const { id } = await a.accounts.create('credits', 'fails');
      await a.credits.grant(id, 30);
      const first = await a.podcastWork.start(id, facts('ep2'), 12);
      expect(first.ok).toBe(true);
      expect(await b.podcastWork.processing()).toContainEqual({ key: 'ep2', runnerPid: null });
      await b.podcastWork.fail('ep2', 'the enclosure is gone');
      expect(await a.credits.balance(id)).toBe(30);
      const again = await b.podcastWork.start(id, facts('ep2'), 12);
      expect(again.ok).toBe(true);
      expect(await a.credits.balance(id)).toBe(18);
      const cancelled = await a.podcastWork.cancel(id, (again as { jobId: string }).jobId);
      expect(cancelled).toEqual({ cancelled: true, abandonedEpisode: 'ep2' });
      expect(await b.credits.balance(id)).toBe(30);
      expect(await b.credits.sumOfEntries(id)).toBe(30);
      expect(await a.podcastWork.cancel(id, (again as { jobId: string }).jobId)).toEqual({ cancelled: false, abandonedEpisode: null });
      expect(await a.podcastWork.start(id, facts('ep3'), 31)).toEqual({ ok: false, reason: 'insufficient', balance: 30 });
      expect(await a.podcastWork.episode('ep3')).toBeUndefined();
    });

    it('an episode ends once: a second finish settles nothing, a fail after done (a late, dead-lettered copy) changes nothing', async () => {
      const [a, b] = nodes;
      const { id } = await a.accounts.create('credits', 'ends once');
      await a.credits.grant(id, 40);
      const started = await a.podcastWork.start(id, facts('ep4'), 20);
      expect(started.ok).toBe(true);
      const result = { transcript: 'once', segments: [], source: 'ai' as const, provenance: { kind: 'speech-to-text' as const, engine: 'whisper', model: 'ggml-base.en', version: null, language: 'en', task: 'transcribe' as const }, durationSeconds: 300, chunksTotal: 2, chunksReused: 0, price: 5 };
      expect(await a.podcastWork.finish('ep4', result)).toEqual([{ accountId: id, jobId: (started as { jobId: string }).jobId, charged: 5 }]);
      expect(await b.podcastWork.finish('ep4', { ...result, price: 9 })).toEqual([]);
      await b.podcastWork.fail('ep4', 'too late');
      expect(await a.credits.balance(id)).toBe(35);
      expect(await a.credits.sumOfEntries(id)).toBe(35);
      expect((await b.podcastJobs.get((started as { jobId: string }).jobId, id))?.status).toBe('done');
      expect(await b.podcastJobs.episode('ep4')).toMatchObject({ status: 'done', transcript: 'once' });
      // Still done, so the next submit gets it free instead of paying for it again.
      expect(await a.podcastWork.start(id, facts('ep4'), 20)).toEqual({ ok: false, reason: 'exists', status: 'done' });
    });
  });

  describe(`store groups: ${name}: local media jobs`, () => {
    let db: OpenedStore;
    let store: Store;
    beforeAll(async () => {
      db = await open();
      store = db.store;
    });
    afterAll(() => db.close());
    const job = (id: string, createdAt: number): MediaJob => newMediaJob({ id, name: `${id}.wav`, path: `/recordings/${id}.wav`, uploaded: false, title: id, sizeBytes: 1000, durationSeconds: 45, video: false, engine: null, sendsTo: null, createdAt });

    it('keeps jobs in the order they came, merges changes, and a restart queues running ones again, marked', async () => {
      await store.mediaJobs.add(job('m2', 2000));
      await store.mediaJobs.add(job('m1', 1000));
      await store.mediaJobs.add(job('m3', 3000));
      expect((await store.mediaJobs.list()).map((j) => j.id)).toEqual(['m1', 'm2', 'm3']);

      const running = await store.mediaJobs.update('m1', { status: 'running', stage: 'transcribing', progress: { chunksDone: 2, chunksTotal: 5 }, runningSince: 5000, runMs: 1200 });
      expect(running).toMatchObject({ id: 'm1', name: 'm1.wav', status: 'running', progress: { chunksDone: 2, chunksTotal: 5 }, runMs: 1200 });
      expect(await store.mediaJobs.get('m1')).toEqual(running);
      expect(await store.mediaJobs.update('gone', { status: 'done' })).toBeUndefined();

      const requeued = await store.mediaJobs.requeueRunning();
      expect(requeued).toEqual([{ ...running, status: 'queued', stage: null, interrupted: true, runningSince: null }]);
      expect(await store.mediaJobs.get('m1')).toEqual(requeued[0]);
      expect(await store.mediaJobs.requeueRunning()).toEqual([]);

      expect(await store.mediaJobs.remove('m2')).toBe(true);
      expect(await store.mediaJobs.remove('m2')).toBe(false);
      expect((await store.mediaJobs.list()).map((j) => j.id)).toEqual(['m1', 'm3']);
    });
  });
  describe(`store groups: ${name}: follows and the items they met`, () => {
    let db: OpenedStore;
    let store: Store;
    beforeAll(async () => {
      db = await open();
      store = db.store;
    });
    afterAll(() => db.close());
    const follow = (id: string, key: string, createdAt: number): FollowRecord => ({
      id,
      source: { kind: 'podcast-feed', url: `https://feeds.example/${key}.xml`, key, title: `Show ${key}`, tab: null },
      intervalMinutes: 60,
      since: null,
      backfill: 0,
      window: null,
      monthlyBudget: 20,
      paused: false,
      status: 'ok',
      message: null,
      createdAt,
      lastCheckAt: null,
      lastCheck: null,
      nextCheckAt: createdAt + 3_600_000,
      spentThisMonth: 0,
      budgetMonth: '2026-11',
      unseen: 0,
      strikes: 0,
    });
    const item = (followId: string, guid: string, state: FollowItem['state'] = 'seen'): FollowItem => ({
      followId,
      key: `podcast:${guid}`,
      url: `https://feeds.example/show.xml#guid=${guid}`,
      platform: 'podcast',
      itemId: guid,
      title: `Episode ${guid}`,
      publishedAt: 1000,
      durationSeconds: 1800,
      state,
      queueItemId: null,
      estimate: 10,
      credits: null,
      queuedAt: null,
      firstSeenAt: 2000,
      message: null,
    });

    it('keeps one follow per source, merges changes, and its items go with it', async () => {
      await store.follows.add(follow('f2', 'show-b', 2000));
      await store.follows.add(follow('f1', 'show-a', 1000));
      // A second follow of the same source is refused by the store itself, whatever the desk checked.
      await expect(store.follows.add(follow('f3', 'show-a', 3000))).rejects.toThrow();
      expect((await store.follows.list()).map((f) => f.id)).toEqual(['f1', 'f2']);
      expect((await store.follows.bySourceKey('show-b'))?.id).toBe('f2');
      expect(await store.follows.bySourceKey('show-c')).toBeUndefined();

      const changed = await store.follows.update('f1', { status: 'backing-off', message: 'feeds.example answered 429', strikes: 2, unseen: 3 });
      expect(changed).toMatchObject({ id: 'f1', status: 'backing-off', strikes: 2, unseen: 3, monthlyBudget: 20, source: { key: 'show-a' } });
      expect(await store.follows.get('f1')).toEqual(changed);
      expect(await store.follows.update('gone', { paused: true })).toBeUndefined();

      await store.follows.addItems([item('f1', 'g3'), item('f1', 'g1'), item('f2', 'g1')]);
      // Met again: left as it was (its state is the follow's memory, not the source's).
      await store.follows.addItems([{ ...item('f1', 'g1'), title: 'renamed', state: 'queued' }, item('f1', 'g2')]);
      expect((await store.follows.items('f1')).map((i) => [i.itemId, i.state, i.title])).toEqual([
        ['g3', 'seen', 'Episode g3'],
        ['g1', 'seen', 'Episode g1'],
        ['g2', 'seen', 'Episode g2'],
      ]);
      expect(await store.follows.itemCounts()).toEqual(new Map([['f1', 3], ['f2', 1]]));

      const queued = await store.follows.updateItem('f1', 'podcast:g2', { state: 'queued', queueItemId: 'q-1', queuedAt: 5000 });
      expect(queued).toMatchObject({ state: 'queued', queueItemId: 'q-1', queuedAt: 5000, title: 'Episode g2' });
      expect(await store.follows.byQueueItem('q-1')).toEqual([queued]);
      expect(await store.follows.byQueueItem('q-2')).toEqual([]);
      expect(await store.follows.updateItem('f1', 'podcast:nope', { state: 'done' })).toBeUndefined();

      expect(await store.follows.remove('f1')).toBe(true);
      expect(await store.follows.remove('f1')).toBe(false);
      expect(await store.follows.items('f1')).toEqual([]);
      expect(await store.follows.byQueueItem('q-1')).toEqual([]);
      expect((await store.follows.list()).map((f) => f.id)).toEqual(['f2']);
      // The source can be followed again once its follow is gone.
      await store.follows.add(follow('f4', 'show-a', 4000));
      expect((await store.follows.bySourceKey('show-a'))?.id).toBe('f4');
    });
  });
}
