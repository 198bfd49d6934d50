// Bulk actions that must be safe: "Clear done" removes successes only, every removal can be undone
// (the rows come back as they were), and "Retry failed" leaves alone what retrying cannot change.
import { describe, expect, it, vi } from 'vitest';
import type { QueueItem } from '#shared/contract/queue';
import { permanentFailure } from '#shared/queue/permanence';
import { fixtureDeskPerTest } from '../helpers/offlineDesk';
import { YOUTUBE_IDS } from '../upstream/hosts/youtube';

const { desk } = fixtureDeskPerTest();

const yt = (id: string) => `https://www.youtube.com/watch?v=${id}`;
const items = async () => (await desk().call('queue.list', {})).items;
const settled = () => vi.waitFor(async () => expect((await items()).filter((i) => i.status === 'queued' || i.status === 'running')).toEqual([]), { timeout: 20_000 });
const summary = (list: QueueItem[]) => list.map((i) => `${i.status} ${i.url}`);

/** One done, one failed for good (404), one failed for now (a bot check, 502), one invalid. */
async function mixedBatch(): Promise<void> {
  await desk().call('queue.enqueue', { entries: [yt(YOUTUBE_IDS.withCaptions), yt(YOUTUBE_IDS.unavailable), yt(YOUTUBE_IDS.botCheck), 'https://example.com/x'].map((url) => ({ url })) });
  await desk().call('queue.run', {});
  await settled();
}

describe('clear done and undo', () => {
  it('clears only the successes; restoring brings them back exactly as they were', async () => {
    await mixedBatch();
    const before = await items();
    const cleared = await desk().call('queue.clear', { which: 'succeeded' });
    expect(cleared.removed).toBe(1);
    expect(summary(await items())).toEqual([`failed ${yt(YOUTUBE_IDS.unavailable)}`, `failed ${yt(YOUTUBE_IDS.botCheck)}`, 'invalid https://example.com/x']);

    expect(await desk().call('queue.restore', { items: cleared.items ?? [] })).toEqual({ restored: 1 });
    const after = await items();
    expect(after.map(({ updatedAt: _u, ...rest }) => rest)).toEqual(before.map(({ updatedAt: _u, ...rest }) => rest));
    // The restored row opens its transcript as before.
    const done = after.find((i) => i.status === 'done');
    expect((await desk().call('transcript.get', { ref: done?.transcript ?? { kind: 'episode', key: 'none' } })).title).toBe('Surface Go Review - It’s Awesome');
  });

  it('a row removed while it ran comes back queued; a row added again meanwhile is not doubled', async () => {
    await desk().call('queue.enqueue', { entries: [{ url: yt('okUNDO00001') }] });
    const [row] = await items();
    if (row === undefined) throw new Error('no row');
    const removed = await desk().call('queue.remove', { ids: [row.id] });
    expect(removed.items).toEqual([row]);
    expect(await desk().call('queue.restore', { items: [{ ...row, status: 'running' }] })).toEqual({ restored: 1 });
    expect((await items()).map((i) => i.status)).toEqual(['queued']);
    expect(await desk().call('queue.restore', { items: [row] })).toEqual({ restored: 0 });
  });

  it('a restored row whose place a newer row took goes to the end instead of being lost', async () => {
    await desk().call('queue.enqueue', { entries: [{ url: yt('okUNDO00002') }] });
    const removed = await desk().call('queue.remove', { ids: (await items()).map((i) => i.id) });
    await desk().call('queue.enqueue', { entries: [{ url: yt('okUNDO00003') }] });
    expect(await desk().call('queue.restore', { items: removed.items ?? [] })).toEqual({ restored: 1 });
    expect((await items()).map((i) => i.url)).toEqual([yt('okUNDO00003'), yt('okUNDO00002')]);
  });
});

describe('retry failed', () => {
  it('retries what may change and counts what it skipped, by reason', async () => {
    await mixedBatch();
    expect(await desk().call('queue.retry', {})).toEqual({ retried: 1, skipped: [{ reason: 'no-transcript', count: 1 }] });
    expect(summary(await items())).toEqual([`done ${yt(YOUTUBE_IDS.withCaptions)}`, `failed ${yt(YOUTUBE_IDS.unavailable)}`, `queued ${yt(YOUTUBE_IDS.botCheck)}`, 'invalid https://example.com/x']);
  });

  it('knows the permanent failures the service answers', () => {
    const failed = (httpStatus: number, error: string, message: string | null = null) => ({ status: 'failed' as const, httpStatus, error, message });
    expect(permanentFailure(failed(422, 'Video too long', 'This X video is 300 s long; at most 120 s can be transcribed (retrying will not change that)'))).toBe('too-long');
    expect(permanentFailure(failed(404, 'No transcript available for this video', 'This YouTube video is private'))).toBe('no-transcript');
    expect(permanentFailure(failed(200, 'Transcription failed', 'Cancelled (10 credits refunded)'))).toBe('cancelled');
    expect(permanentFailure(failed(400, 'Invalid URL', 'Not a link to a supported platform'))).toBe('invalid');
    for (const [status, error] of [
      [502, 'Upstream error'],
      [403, 'no_credits'],
      [402, 'upgrade_required'],
      [503, 'Speech-to-text busy'],
      [500, 'Internal error'],
    ] as const) {
      expect(permanentFailure(failed(status, error)), error).toBeNull();
    }
    expect(permanentFailure(failed(200, 'Transcription failed', 'The feed answered HTTP 404 (10 credits refunded)'))).toBeNull();
  });
});
