// The renderer's stores load a snapshot while events keep arriving on another connection
// (src-renderer/src/lib/loadWithReplay.ts): a change that arrives during the load must end up on
// top of the snapshot, not under it, also when the load fails or two loads overlap.
import { describe, expect, it } from 'vitest';
import { replayHolding } from '../../src-renderer/src/lib/loadWithReplay';

/** A store of one row's version, fed by a snapshot and by events, the way the queue store is. */
function store() {
  const holding = replayHolding<number>();
  let version = 0;
  const applied: number[] = [];
  const event = (v: number) => {
    if (holding.hold(v)) return;
    version = v;
    applied.push(v);
  };
  const load = (snapshot: Promise<number>) =>
    holding.loadWithReplay(
      async () => {
        version = await snapshot;
      },
      event,
    );
  return { event, load, version: () => version, applied };
}

const later = <T>() => {
  let settle!: { resolve: (v: T) => void; reject: (e: Error) => void };
  const promise = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
};

describe('load with replay', () => {
  it('an event that overtook the snapshot is applied after it, so the newer version wins', async () => {
    const s = store();
    const snapshot = later<number>();
    const loading = s.load(snapshot.promise);
    s.event(2);
    expect(s.version()).toBe(0);
    snapshot.resolve(1);
    await loading;
    expect(s.version()).toBe(2);
    expect(s.applied).toEqual([2]);
  });

  it('without a load in flight events apply at once', () => {
    const s = store();
    s.event(5);
    expect(s.version()).toBe(5);
  });

  it('a failed load still replays what it held, and the failure reaches the caller', async () => {
    const s = store();
    const snapshot = later<number>();
    const loading = s.load(snapshot.promise);
    s.event(3);
    snapshot.reject(new Error('server gone'));
    await expect(loading).rejects.toThrow('server gone');
    expect(s.version()).toBe(3);
  });

  it('two overlapping loads each end with the events of their time on top', async () => {
    const s = store();
    const first = later<number>();
    const second = later<number>();
    const one = s.load(first.promise);
    s.event(2);
    const two = s.load(second.promise);
    s.event(3);
    first.resolve(1);
    await one;
    // The second load is still in flight: the first one's replay is held for it.
    second.resolve(1);
    await two;
    expect(s.version()).toBe(3);
  });
});
