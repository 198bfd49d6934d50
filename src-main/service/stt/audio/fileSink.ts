// Files being written by a download or a decoder whose source failed. Destroying a file stream
// while one of its writes is still in flight makes Node report ERR_STREAM_DESTROYED later, as an
// 'error' event; with no listener that is an uncaught exception, and the whole server goes down
// because one upstream broke off a download at the wrong moment. Both ways of giving a file up
// listen for that error: it is a detail of a failure the caller is already reporting.
import { once } from 'node:events';
import type { WriteStream } from 'node:fs';

const ignore = () => undefined;

async function stopWriting(out: WriteStream, stop: () => void): Promise<void> {
  out.on('error', ignore);
  if (out.closed) return;
  const closed = once(out, 'close').catch(ignore);
  stop();
  await closed;
}

/** Stops writing `out` and throws away what is buffered: the file is about to be deleted anyway. */
export const abandonFile = (out: WriteStream): Promise<void> => stopWriting(out, () => out.destroy());

/** Stops writing `out` once what arrived so far is on disk (a download that resumes from it). */
export const keepWhatArrived = (out: WriteStream): Promise<void> => stopWriting(out, () => out.end());
