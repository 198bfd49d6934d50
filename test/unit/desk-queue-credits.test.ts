// The queue when the owner account runs out of credits: it pauses instead of failing the rest,
// the refused item is queued again uncharged, and after the owner adds credits Resume runs the rest.
import { describe, expect, it, vi } from 'vitest';
import type { QueueItem } from '#shared/contract/queue';
import { fixtureDeskPerTest } from '../helpers/offlineDesk';
import { sqliteLedgerOf } from '#service/open';

const { desk, fixture } = fixtureDeskPerTest();

/** A hang guard: these few items settle in well under a second here, longer when the machine is busy. */
const GUARD = { timeout: 20_000 };
const yt = (id: string) => `https://www.youtube.com/watch?v=${id}`;
const balance = () => sqliteLedgerOf(desk().opened).credits.balance(desk().opened.owner.accountId);
/** Leaves the owner account with `n` credits, the way `credits set` books it. */
const setBalance = (n: number) => sqliteLedgerOf(desk().opened).credits.charge(desk().opened.owner.accountId, balance() - n, `test-set-${n}`, 'test');
const statuses = async () => (await desk().call('queue.list', {})).items.map((i: QueueItem) => i.status);
const count = (list: string[], status: string) => list.filter((s) => s === status).length;

describe('out of credits', () => {
  it('pauses at zero: nothing fails for credits, the refused item is queued again, Resume after adding credits runs the rest', async () => {
    setBalance(3);
    await desk().call('queue.enqueue', { entries: [1, 2, 3, 4, 5, 6, 7].map((n) => ({ url: yt(`okCREDIT00${n}`) })) });
    await desk().call('queue.run', {});
    await vi.waitFor(async () => {
      const { state, items } = await desk().call('queue.list', {});
      expect(state).toMatchObject({ phase: 'paused', pausedFor: 'no-credits', active: 0 });
      expect(items.filter((i) => i.status === 'running')).toEqual([]);
    }, GUARD);
    const paused = await statuses();
    expect(count(paused, 'done')).toBe(3);
    expect(count(paused, 'queued')).toBe(4);
    expect(count(paused, 'failed')).toBe(0);
    expect(balance()).toBe(0);
    // The header learns the balance is 0 from the runner (no extra request).
    await vi.waitFor(() => expect(desk().eventsOf('balance').at(-1)?.credits).toBe(0), GUARD);

    expect(await desk().call('credits.add', { credits: 10 })).toEqual({ credits: 10, plan: 'pro' });
    await vi.waitFor(() => expect(desk().eventsOf('balance').at(-1)?.credits).toBe(10), GUARD);
    expect((await desk().call('queue.resume', {})).pausedFor).toBeNull();
    // Items refused at the charge after their fetch were cached then: they come back free.
    await vi.waitFor(async () => expect((await statuses()).every((s) => s === 'done' || s === 'cached')).toBe(true), GUARD);
    const { items } = await desk().call('queue.list', {});
    expect(items.reduce((sum, i) => sum + i.credits, 0)).toBe(3 + (10 - balance()));
  });

  it('a balance known to be 0 sends nothing: Run pauses at once with the reason', async () => {
    setBalance(0);
    await desk().call('queue.enqueue', { entries: [{ url: yt('okCREDITZE1') }] });
    const mark = fixture().requests.length;
    const state = await desk().call('queue.run', {});
    expect(state).toMatchObject({ phase: 'paused', pausedFor: 'no-credits' });
    expect(await statuses()).toEqual(['queued']);
    expect(fixture().requests.length).toBe(mark);
  });

  it('a pause the user asked for says so, not credits', async () => {
    await desk().call('queue.enqueue', { entries: [{ url: yt('okCREDITUS1') }] });
    await desk().call('queue.run', {});
    expect(await desk().call('queue.pause', {})).toMatchObject({ phase: 'paused', pausedFor: 'user' });
  });

  it('refuses a top-up that is not a positive whole number', async () => {
    for (const credits of [0, -5, 1.5, 10_000_001]) {
      const result = await desk().raw('credits.add', { credits });
      expect(result.ok, String(credits)).toBe(false);
    }
    expect(balance()).toBe(1000);
  });
});
