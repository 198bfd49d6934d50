// Run control and bulk actions of the queue, with counts; every action has a shortcut (see ShortcutsHelp).
import { useMemo } from 'react';
import { num, plural } from '../../lib/format';
import { useOffline } from '../../lib/offline';
import { queueActions } from '../../lib/queueActions';
import { useApp } from '../../stores/app';
import { countByStatus, useQueue } from '../../stores/queue';
import { RateLimitNote } from './RateLimitNote';

export function QueueToolbar({ onExport }: { onExport: () => void }) {
  const items = useQueue((s) => s.items);
  const state = useQueue((s) => s.state);
  const selected = useQueue((s) => s.selected);
  const order = useQueue((s) => s.order);
  const selectAll = useQueue((s) => s.selectAll);
  const counts = useMemo(() => countByStatus(items), [items]);
  const finished = counts.done + counts.cached + counts.empty;
  const allSelected = order.length > 0 && selected.size === order.length;
  const running = state.phase === 'running';
  // Without its server the page cannot run anything: the controls say so by being off.
  const offline = useOffline();
  // Paused for credits with none left: Resume would pause again at once; the banner says what to do.
  const outOfCredits = useApp((s) => state.pausedFor === 'no-credits' && (s.balance?.credits ?? 1) <= 0);

  return (
    <div className="toolbar" role="toolbar" aria-label="Queue actions">
      <label className="select-all">
        <input type="checkbox" checked={allSelected} onChange={(e) => selectAll(e.target.checked)} aria-label="Select all items" />
      </label>
      {running ? (
        <button type="button" className="button" onClick={() => void queueActions.pause()} disabled={offline} aria-keyshortcuts="p">
          ❚❚ Pause
        </button>
      ) : (
        <button type="button" className="button primary" onClick={() => void queueActions.runOrResume()} disabled={offline || counts.queued === 0 || outOfCredits} aria-keyshortcuts="r">
          ▶ {state.phase === 'paused' ? 'Resume' : 'Run'}
        </button>
      )}
      <button type="button" className="button" onClick={() => void queueActions.retryFailed()} disabled={offline || counts.failed === 0} aria-keyshortcuts="f">
        Retry failed{counts.failed > 0 ? ` (${num(counts.failed)})` : ''}
      </button>
      <button type="button" className="button" onClick={queueActions.removeSelected} disabled={selected.size === 0} aria-keyshortcuts="Delete">
        Remove{selected.size > 0 ? ` (${num(selected.size)})` : ''}
      </button>
      <button type="button" className="button" onClick={() => void queueActions.clearDone()} disabled={finished === 0} title="Removes done, cached and no-speech rows; failed and invalid rows stay. Undo is offered.">
        Clear done
      </button>
      <button type="button" className="button" onClick={onExport} disabled={finished === 0} aria-keyshortcuts="e">
        Export{selected.size > 0 ? ` ${num(selected.size)} selected` : ' all'}…
      </button>
      <div className="toolbar-status">
        <p className="counts" data-testid="queue-counts">
          <span>{plural(order.length, 'item')}</span>
          {counts.queued + counts.running > 0 && <span>{num(counts.queued + counts.running)} to go</span>}
          {finished > 0 && <span className="ok">{num(finished)} done</span>}
          {counts.submitted > 0 && <span>{num(counts.submitted)} transcribing</span>}
          {counts.failed > 0 && <span className="bad">{num(counts.failed)} failed</span>}
          {counts.invalid > 0 && <span className="bad">{num(counts.invalid)} invalid</span>}
        </p>
        <RateLimitNote />
      </div>
    </div>
  );
}
