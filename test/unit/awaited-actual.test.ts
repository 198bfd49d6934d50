// test/helpers/awaitedActual.ts: an assertion on an un-awaited Promise fails; awaited ones and
// .resolves/.rejects work as before.
import { describe, expect, it } from 'vitest';

const balance = () => Promise.resolve(5);

describe('assertions on promises', () => {
  it('refuses a matcher given a Promise, with or without .not', () => {
    expect(() => expect(balance()).toBe(5)).toThrow(/was given a Promise: await the value/);
    expect(() => expect(balance()).not.toBe(0)).toThrow(/was given a Promise/);
    expect(() => expect(balance()).toBeTruthy()).toThrow(/was given a Promise/);
  });

  it('lets awaited values, .resolves, .rejects and instance checks through', async () => {
    expect(await balance()).toBe(5);
    await expect(balance()).resolves.toBe(5);
    await expect(Promise.reject(new Error('no'))).rejects.toThrow('no');
    expect(balance()).toBeInstanceOf(Promise);
  });
});
