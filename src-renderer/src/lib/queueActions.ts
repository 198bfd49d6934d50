// The queue's actions, as the toolbar, the rows, the credits banner and the keyboard shortcuts all
// run them (here in lib so that the shortcuts need nothing from features/). Bulk actions are made
// safe: every removal says what it removed and offers Undo (the rows come back as they were),
// "Clear done" removes successes only, and "Retry failed" says how many failures it left alone
// because retrying cannot change them (src-shared/queue/permanence.ts).
import type { QueueItem } from '#shared/contract/queue';
import { deskErrorOf } from '#shared/contract/result';
import { PERMANENT_REASON_TEXT, type PermanentReason } from '#shared/queue/permanence';
import { useApp } from '../stores/app';
import { useQueue } from '../stores/queue';
import { desk } from './desk';
import { num, plural } from './format';

const notify = (kind: 'info' | 'error', text: string, action?: { label: string; run: () => void }) => useApp.getState().notify(kind, text, action);
const act = (promise: Promise<unknown>) => promise.catch((error: unknown) => notify('error', deskErrorOf(error).message));

function restore(items: QueueItem[]): void {
  void act(
    desk()
      .invoke('queue.restore', { items })
      .then(({ restored }) => {
        const missing = items.length - restored;
        notify('info', `Restored ${plural(restored, 'row')}${missing > 0 ? `; ${num(missing)} were added again meanwhile` : ''}`);
      }),
  );
}

/** "Removed 3 rows", with Undo. */
function removedNotice(what: string, items: readonly QueueItem[] | undefined, removed: number): void {
  if (removed === 0) return notify('info', `Nothing to ${what}`);
  const verb = what === 'clear' ? 'Cleared' : 'Removed';
  const rows = items ?? [];
  notify('info', `${verb} ${plural(removed, what === 'clear' ? 'done row' : 'row')}`, rows.length === 0 ? undefined : { label: 'Undo', run: () => restore([...rows]) });
}

export function removeRows(ids: readonly string[]): Promise<unknown> {
  return act(
    desk()
      .invoke('queue.remove', { ids: [...ids] })
      .then(({ removed, items }) => removedNotice('remove', items, removed)),
  );
}

/** Removes done, cached and no-speech rows; failed and invalid rows stay (they still need attention). */
export function clearDone(): Promise<unknown> {
  return act(
    desk()
      .invoke('queue.clear', { which: 'succeeded' })
      .then(({ removed, items }) => removedNotice('clear', items, removed)),
  );
}

export function skippedText(skipped: readonly { reason: PermanentReason; count: number }[]): string {
  const total = skipped.reduce((sum, s) => sum + s.count, 0);
  if (total === 0) return '';
  return `skipped ${num(total)} that retrying cannot change (${skipped.map((s) => `${num(s.count)} ${PERMANENT_REASON_TEXT[s.reason]}`).join(', ')})`;
}

export function retryFailed(): Promise<unknown> {
  return act(
    desk()
      .invoke('queue.retry', {})
      .then(({ retried, skipped }) => {
        const skip = skippedText(skipped ?? []);
        const head = retried === 0 ? 'Nothing retried' : `Retrying ${plural(retried, 'failed row')}`;
        notify('info', `${head}${skip === '' ? '' : `; ${skip}`}${retried > 0 ? pausedHint() : ''}`);
      }),
  );
}

/** One row's Retry always retries it (the user chose it), and says when the queue will not run it yet. */
export function retryRow(id: string): Promise<unknown> {
  return act(
    desk()
      .invoke('queue.retry', { ids: [id] })
      .then(({ retried }) => {
        const hint = pausedHint();
        if (retried > 0 && hint !== '') notify('info', `Queued again${hint}`);
      }),
  );
}

/** "; the queue is paused: press Resume to run it", or nothing while it runs. */
function pausedHint(): string {
  const { phase, pausedFor } = useQueue.getState().state;
  if (phase === 'paused') return pausedFor === 'no-credits' ? '; the queue is paused (out of credits): add credits, then Resume' : '; the queue is paused: press Resume to run it';
  if (phase === 'idle') return '; press Run to run it';
  return '';
}

/** Run control and the toolbar's bulk actions; every one has a shortcut (lib/shortcuts.ts). */
export const queueActions = {
  runOrResume: () => act(desk().invoke(useQueue.getState().state.phase === 'paused' ? 'queue.resume' : 'queue.run', {}).then((state) => useQueue.getState().setState(state))),
  pause: () => act(desk().invoke('queue.pause', {}).then((state) => useQueue.getState().setState(state))),
  retryFailed: retryFailed,
  removeSelected: () => {
    const ids = [...useQueue.getState().selected];
    if (ids.length > 0) void removeRows(ids);
  },
  clearDone: clearDone,
};
