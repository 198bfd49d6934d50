// The places of synchronous speech-to-text (stt/admission.ts): how many run, how many wait, in
// which order they run, what a refusal says, and that a caller who gives up frees its place.
import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { SETTING_SCHEMAS } from '#shared/settings';
import { defaultAdmissionLimits, SttAdmission, type AdmissionPlace } from '#service/stt/admission';
import { isSttError } from '#service/stt/errors';

const never = new AbortController().signal;

function admitted(admission: SttAdmission): AdmissionPlace {
  const result = admission.admit();
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  return result.place;
}

/** Whether the place's whenRunning has settled, after pending callbacks ran. */
async function runs(place: AdmissionPlace, signal = never): Promise<boolean> {
  let started = false;
  place.whenRunning(signal).then(
    () => (started = true),
    () => undefined,
  );
  await new Promise((resolve) => setImmediate(resolve));
  return started;
}

describe('SttAdmission', () => {
  it('runs `running` at once, lets `waiting` wait, refuses the next with the counts and a Retry-After', async () => {
    const admission = new SttAdmission({ running: 2, waiting: 1 });
    const [a, b, c] = [admitted(admission), admitted(admission), admitted(admission)];
    expect([await runs(a), await runs(b), await runs(c)]).toEqual([true, true, false]);
    expect(admission.admit()).toEqual({ ok: false, running: 2, waiting: 1, retryAfterSeconds: 10 });
  });

  it('waiting places run in arrival order, one per place given up', async () => {
    const admission = new SttAdmission({ running: 1, waiting: 3 });
    const first = admitted(admission);
    const waiting = [admitted(admission), admitted(admission), admitted(admission)];
    const order: number[] = [];
    waiting.forEach((place, i) => void place.whenRunning(never).then(() => order.push(i)));
    first.leave();
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([0]);
    waiting[0]?.leave();
    waiting[0]?.leave(); // twice: still only one place freed
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual([0, 1]);
    // 1 runs, 2 waits: two of the three waiting spots are free again, no more.
    expect([admission.admit().ok, admission.admit().ok, admission.admit().ok]).toEqual([true, true, false]);
  });

  it('none waiting: refused whenever every place runs; a place given up is free again', () => {
    const admission = new SttAdmission({ running: 1, waiting: 0 });
    const place = admitted(admission);
    expect(admission.admit().ok).toBe(false);
    place.leave();
    expect(admission.admit().ok).toBe(true);
  });

  it('a caller who hangs up while waiting frees the spot, never runs, and hears "cancelled"', async () => {
    const admission = new SttAdmission({ running: 1, waiting: 1 });
    const running = admitted(admission);
    const waiting = admitted(admission);
    const hangUp = new AbortController();
    const outcome = waiting.whenRunning(hangUp.signal).then(
      () => 'ran',
      (error: unknown) => (isSttError(error) ? error.code : String(error)),
    );
    expect(admission.admit().ok).toBe(false);
    hangUp.abort();
    expect(await outcome).toBe('cancelled');
    const next = admitted(admission);
    running.leave();
    expect(await runs(next)).toBe(true);
  });

  it('Retry-After follows how long transcriptions take', () => {
    let now = 0;
    const admission = new SttAdmission({ running: 1, waiting: 0 }, () => now);
    for (let i = 0; i < 12; i++) {
      const place = admitted(admission);
      now += 40_000;
      place.leave();
    }
    admitted(admission);
    const refusal = admission.admit();
    expect(refusal.ok).toBe(false);
    // Close to the 40 s the runs took, not the 10 s first guess.
    expect(!refusal.ok && refusal.retryAfterSeconds).toBeGreaterThanOrEqual(35);
    expect(!refusal.ok && refusal.retryAfterSeconds).toBeLessThanOrEqual(40);
  });

  it('refuses limits that would admit nothing or make no sense', () => {
    expect(() => new SttAdmission({ running: 0, waiting: 4 })).toThrow(RangeError);
    expect(() => new SttAdmission({ running: 1.5, waiting: 0 })).toThrow(RangeError);
    expect(() => new SttAdmission({ running: 1, waiting: -1 })).toThrow(RangeError);
  });

  it('by default: one per core but one, and room for the desk queue at its largest concurrency', () => {
    const limits = defaultAdmissionLimits();
    expect(limits.running).toBe(Math.max(1, availableParallelism() - 1));
    const deskMax = Array.from({ length: 64 }, (_, i) => i + 1).filter((n) => SETTING_SCHEMAS['desk.queue.concurrency'].safeParse(n).success).at(-1);
    expect(deskMax).toBeDefined();
    expect(limits.running + limits.waiting).toBeGreaterThanOrEqual(deskMax ?? Infinity);
  });
});
