// A desk for one command's session (ask, summarize): the same desk the app and `serve --ui` run,
// on the data home's ledger, without their background work (follows, local media jobs, rows
// another process is running: DeskOptions.backgroundWork), since the app may be running beside it.
import { createDesk, type Desk } from '../desk/index';
import { resolveHome } from '#service/home';
import { open } from './common';
import { defaultExportFolder } from './serve';

export async function withSessionDesk<T>(fn: (desk: Desk) => Promise<T>): Promise<T> {
  const opened = await open();
  const desk = createDesk(opened, { home: resolveHome(), defaultExportFolder: defaultExportFolder(), backgroundWork: false });
  try {
    return await fn(desk);
  } finally {
    // A podcast episode this command was waiting on is parked, not lost: the next start of the app
    // or `serve` resumes it from its finished chunks.
    const parked = opened.podcast.close();
    await desk.close();
    await parked;
    await opened.close();
  }
}

/**
 * A desk answer's value, or an Error with its message (the desk's sentences are written for
 * people): thrown, so the session desk closes before cli.ts prints it and exits 1.
 */
export async function valueOf<T>(result: Promise<{ ok: true; value: T } | { ok: false; error: { message: string } }>): Promise<T> {
  const settled = await result;
  if (!settled.ok) throw new Error(settled.error.message);
  return settled.value;
}
