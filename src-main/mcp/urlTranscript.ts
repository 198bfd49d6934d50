// A URL's transcript through the desk's queue, as a client of the desk sees it: the MCP tool
// get_transcript (which may wait under a minute) and the CLI's summarize (which waits to the end,
// showing progress) both name an item by its link and need the transcript's ref.
import { FINISHED_STATUSES, type QueueItem } from '#shared/contract/queue';
import type { DeskResult } from '#shared/contract/result';
import type { TranscriptRef } from '#shared/contract/transcript';
import { parseAny } from '#shared/url/parse';
import { deskValue, ToolRefusal } from './answers';
import { rowProblem, waitForRow, type DeskCall } from './queueRows';
import { pausedNote, startQueue } from './queueTools';
import type { Fetched } from './transcriptAnswer';

export interface UrlWait {
  /** How long to wait for the row to finish; past it the answer is the pending row. */
  waitMs: number;
  signal?: AbortSignal;
  /** Each read of the waited row (progress for a terminal). */
  onPoll?: (row: QueueItem) => void | Promise<void>;
  /** Why a URL that names no single item is refused, in the caller's words (a tool to use, a command to run). */
  itemUrlProblem: (url: string) => string | undefined;
}

/**
 * The ref of a URL's transcript. One the library already has (the same cache key the queue would
 * hit) is read at once, free, without a queue row; anything else is queued, run and waited for.
 */
export async function transcriptOfUrl(call: DeskCall, url: string, options: UrlWait): Promise<{ ref: TranscriptRef; fetched: Fetched } | { pending: QueueItem; why: string | null }> {
  const parsed = parseAny(url);
  if (!parsed.ok) throw new ToolRefusal(options.itemUrlProblem(url) ?? `${parsed.error}: ${parsed.reason}`);
  if (parsed.platform !== 'podcast') {
    const ref: TranscriptRef = { kind: 'transcript', platform: parsed.platform, key: parsed.canonicalKey };
    if ((await call('transcript.get', { ref })).ok) return { ref, fetched: { queueRowId: null, status: 'in-library', credits: 0 } };
  }
  const row = await deskValue(queueFresh(call, url));
  const paused = pausedNote(await startQueue(call));
  if (paused !== null) return { pending: row, why: paused };
  const finished = await waitForRow(call, row.id, options.waitMs, options.signal, options.onPoll);
  if (finished === undefined) throw new ToolRefusal(`The queue row for ${url} was removed before it finished`);
  if (finished.status === 'failed' || finished.status === 'invalid') throw new ToolRefusal(`${url}: ${rowProblem(finished)}`);
  if (finished.transcript === null) return { pending: finished, why: null };
  return { ref: finished.transcript, fetched: { queueRowId: finished.id, status: finished.status, credits: finished.credits } };
}

/**
 * A queue row that will run now. The queue folds a URL into the row it already has; when that row
 * has finished (an old failure, or a transcript since deleted from the library), its outcome says
 * nothing about now, so the row is replaced by a new one, as "Retry" would.
 */
async function queueFresh(call: DeskCall, url: string): Promise<DeskResult<QueueItem>> {
  const enqueued = await call('queue.enqueue', { entries: [{ url }] });
  if (!enqueued.ok) return enqueued;
  const row = enqueued.value.items[0];
  if (row === undefined) return { ok: false, error: { code: 'internal', message: `The queue took no row for ${url}` } };
  if (!FINISHED_STATUSES.has(row.status)) return { ok: true, value: row };
  await deskValue(call('queue.remove', { ids: [row.id] }));
  const again = await deskValue(call('queue.enqueue', { entries: [{ url }] }));
  const fresh = again.items[0];
  return fresh === undefined ? { ok: false, error: { code: 'internal', message: `The queue took no row for ${url}` } } : { ok: true, value: fresh };
}
