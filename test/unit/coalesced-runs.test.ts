// The queue's passes and the job watcher's polls (src-main/desk/coalescedRuns.ts): never two at
// once, requests made during a run cost one more run between them, and an error ends one run only.
import { describe, expect, it } from 'vitest';
import { CoalescedRuns } from '../../src-main/desk/coalescedRuns';

describe('coalesced runs', () => {
  it('runs one at a time; three requests during a run make one more run, after which all three resolve', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    let release!: () => void;
    const task = async () => {
      running++;
      most = Math.max(most, running);
      runs++;
      if (runs === 1) await new Promise<void>((resolve) => (release = resolve));
      running--;
    };
    const serial = new CoalescedRuns(task, () => undefined);
    const first = serial.request();
    await Promise.resolve();
    await Promise.resolve();
    const later = [serial.request(), serial.request(), serial.request()];
    release();
    await Promise.all([first, ...later]);
    expect(runs).toBe(2);
    expect(most).toBe(1);
  });

  it('reports a failing run and goes on with the next one', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const serial = new CoalescedRuns(() => (++calls === 1 ? Promise.reject(new Error('store gone')) : Promise.resolve()), (e) => errors.push(e));
    await serial.request();
    await serial.request();
    expect(calls).toBe(2);
    expect(errors).toEqual([new Error('store gone')]);
  });
});
