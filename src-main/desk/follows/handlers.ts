// The follows operations of the desk's handler table (contract/sources.ts), on the desk's engine.
import type { HandlerGroup } from '../handlers';
import type { FollowEngine } from './engine';

export const followHandlers = (follows: FollowEngine): HandlerGroup<'follows'> => ({
  'follows.list': async () => ({ follows: await follows.list() }),
  'follows.add': async (input) => ({ follow: await follows.add(input) }),
  'follows.update': async ({ id, ...change }) => ({ follow: await follows.update(id, change) }),
  'follows.remove': async (input) => ({ removed: await follows.remove(input.id) }),
  'follows.pause': async (input) => ({ follow: await follows.pause(input.id) }),
  'follows.resume': async (input) => ({ follow: await follows.resume(input.id) }),
  'follows.check': async (input) => ({ follow: await follows.checkNow(input.id) }),
  'follows.seen': async (input) => {
    await follows.seen(input.ids);
    return {};
  },
});
