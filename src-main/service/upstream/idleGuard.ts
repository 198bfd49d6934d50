// The body timeout of transports that have none of their own (Chromium's net.request, impit):
// undici's bodyTimeout is the longest silence between two chunks, not a deadline for the whole
// body, so a long download that keeps moving is never cut.
import { Transform } from 'node:stream';

/** An error carrying one of the codes the upstream client classifies (undici's, for both stacks). */
export const timeoutError = (code: 'UND_ERR_HEADERS_TIMEOUT' | 'UND_ERR_BODY_TIMEOUT' | 'UND_ERR_CONNECT_TIMEOUT', what: string) => Object.assign(new Error(what), { code });

/**
 * A pass-through that fails with UND_ERR_BODY_TIMEOUT when no chunk arrives for `ms`.
 * `onTimeout` lets the transport stop the wire too (a destroyed guard alone would leave it open).
 */
export function idleGuard(ms: number, onTimeout?: (error: Error) => void): Transform {
  let timer: NodeJS.Timeout | undefined;
  const guard: Transform = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      arm();
      done(null, chunk);
    },
    flush(done) {
      clearTimeout(timer);
      done();
    },
    destroy(error, done) {
      clearTimeout(timer);
      done(error);
    },
  });
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const error = timeoutError('UND_ERR_BODY_TIMEOUT', `no data for ${ms} ms`);
      onTimeout?.(error);
      guard.destroy(error);
    }, ms);
    timer.unref();
  };
  arm();
  return guard;
}
