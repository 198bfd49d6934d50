// Queue rows as the desk keeps them, read through its typed `call` (the MCP process has no queue of
// its own: what an agent fetches shows in the desktop app's queue too, with what it cost).
import { setTimeout as sleep } from 'node:timers/promises';
import { FINISHED_STATUSES, type QueueItem } from '#shared/contract/queue';
import type { Desk } from '../desk/index';
import { deskValue } from './answers';

export type DeskCall = Desk['call'];

/** How often a waiting tool reads the queue again: quick enough that a cache hit answers at once. */
const POLL_MS = 200;

/** The rows of `ids` that still exist, in the order asked. */
export async function rowsById(call: DeskCall, ids: readonly string[]): Promise<Map<string, QueueItem>> {
  const { items } = await deskValue(call('queue.list', {}));
  const wanted = new Set(ids);
  return new Map(items.filter((item) => wanted.has(item.id)).map((item) => [item.id, item]));
}

/**
 * Waits until the row has finished (done, cached, empty, failed, invalid) or was removed, at most
 * `waitMs`: MCP clients give up on a request after about a minute (the SDK's default), so a slow
 * item answers "still running" and the agent polls job_status instead. `signal` is the request's:
 * a client that cancels stops the wait (not the fetch, which the queue finishes and bills once).
 */
export async function waitForRow(call: DeskCall, id: string, waitMs: number, signal?: AbortSignal, onPoll?: (row: QueueItem) => void | Promise<void>): Promise<QueueItem | undefined> {
  const until = Date.now() + waitMs;
  for (;;) {
    const row = (await rowsById(call, [id])).get(id);
    if (row !== undefined) await onPoll?.(row);
    if (row === undefined || FINISHED_STATUSES.has(row.status) || Date.now() >= until || signal?.aborted === true) return row;
    await sleep(POLL_MS);
  }
}

/** A failed or refused row's reason in the service's own words: `404 No transcript available: …`. */
export function rowProblem(row: QueueItem): string {
  const what = [row.httpStatus === null ? null : String(row.httpStatus), row.error].filter((part) => part !== null).join(' ');
  const why = row.message === null || row.message === row.error ? '' : `: ${row.message}`;
  return `${what === '' ? 'failed' : what}${why}`;
}
