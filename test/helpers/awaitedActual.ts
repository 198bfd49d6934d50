// Setup file (vitest.config.mts): an assertion on a Promise fails. Since the store is async, a
// forgotten `await` in `expect(store.credits.balance(id)).not.toBe(0)` would compare a Promise and
// pass whatever the balance; here it throws instead. `.resolves`/`.rejects` set the `promise` flag
// and hand the matcher the settled value, so they are unaffected; so are the two matchers that ask
// what a value is.
import { chai } from 'vitest';

const ABOUT_THE_VALUE_ITSELF = new Set(['toBeInstanceOf', 'toBeTypeOf']);
const isThenable = (value: unknown): boolean => (typeof value === 'object' || typeof value === 'function') && value !== null && typeof (value as { then?: unknown }).then === 'function';

const proto = chai.Assertion.prototype as unknown as Record<string, unknown>;
for (const name of Object.getOwnPropertyNames(proto)) {
  if (!/^to[A-Z]/.test(name) || ABOUT_THE_VALUE_ITSELF.has(name)) continue;
  const descriptor = Object.getOwnPropertyDescriptor(proto, name);
  if (descriptor === undefined || !('value' in descriptor) || typeof descriptor.value !== 'function') continue;
  chai.util.overwriteMethod(proto, name, (original: (...args: unknown[]) => unknown) =>
    function (this: object, ...args: unknown[]): unknown {
      if (chai.util.flag(this, 'promise') === undefined && isThenable(chai.util.flag(this, 'object'))) {
        throw new TypeError(`expect(…).${name}() was given a Promise: await the value (or use .resolves / .rejects)`);
      }
      return original.apply(this, args);
    },
  );
}
