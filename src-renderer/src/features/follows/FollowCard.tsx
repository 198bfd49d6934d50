// One follow: what it follows, how it stands and why, its last and next check, this month's
// spending against its budget, its settings; pause or resume, check now, edit, export, remove.
import { useState } from 'react';
import type { Follow } from '#shared/contract/sources';
import { Dialog } from '../../components/Dialog';
import { dateTime, plural } from '../../lib/format';
import { useOffline } from '../../lib/offline';
import { useFollows } from '../../stores/follows';
import { ExportDialog } from '../export/ExportDialog';
import { SOURCE_KIND_LABEL } from '../sources/sourceIntake';
import { followActions } from './followActions';
import { budgetText, intervalText, lastCheckText, nextCheckText, STATUS_LABEL, STATUS_TONE, windowText } from './followView';

/** `landed`: new transcripts since the person last looked, counted before the view cleared the badge. */
export function FollowCard({ follow, now, landed }: { follow: Follow; now: number; landed: number }) {
  const [exporting, setExporting] = useState(false);
  const [removing, setRemoving] = useState(false);
  const titleId = `follow-title-${follow.id}`;
  return (
    <article className={`follow-card follow-${STATUS_TONE[follow.status]}`} aria-labelledby={titleId} data-testid="follow-card" data-status={follow.status}>
      <header className="follow-head">
        <h3 id={titleId} className="follow-title" title={follow.source.url}>
          {follow.source.title}
        </h3>
        <span className="follow-kind">{SOURCE_KIND_LABEL[follow.source.kind]}</span>
        <span className={`follow-status tone-${STATUS_TONE[follow.status]}`} data-testid="follow-status">
          {follow.status === 'checking' && <span className="spinner" aria-hidden="true" />}
          {STATUS_LABEL[follow.status]}
        </span>
        {landed > 0 && (
          <span className="tag" data-testid="follow-landed">
            {plural(landed, 'new transcript')}
          </span>
        )}
      </header>
      {follow.message !== null && (
        <p className={`follow-message tone-${STATUS_TONE[follow.status]}`} data-testid="follow-message">
          {follow.message}
        </p>
      )}
      <dl className="follow-facts">
        <div>
          <dt>Last check</dt>
          <dd data-testid="follow-last-check" title={follow.lastCheckAt === null ? undefined : dateTime(follow.lastCheckAt)}>
            {lastCheckText(follow, now)}
          </dd>
        </div>
        <div>
          <dt>Next check</dt>
          <dd data-testid="follow-next-check" title={follow.nextCheckAt === null ? undefined : dateTime(follow.nextCheckAt)}>
            {nextCheckText(follow, now)}
          </dd>
        </div>
        <div>
          <dt>This month</dt>
          <dd data-testid="follow-budget">{budgetText(follow)}</dd>
        </div>
        <div>
          <dt>Settings</dt>
          <dd>
            Checks {intervalText(follow.intervalMinutes)}, queues {windowText(follow.window)}
            {follow.backfill > 0 && `, backfilled the newest ${follow.backfill}`}
            {follow.since !== null && `, items since ${new Date(follow.since).toLocaleDateString()}`}
          </dd>
        </div>
      </dl>
      <FollowActions follow={follow} onExport={() => setExporting(true)} onRemove={() => setRemoving(true)} />
      {exporting && <ExportDialog scope={{ kind: 'source', url: follow.source.url }} onClose={() => setExporting(false)} />}
      {removing && <RemoveFollow follow={follow} onClose={() => setRemoving(false)} />}
    </article>
  );
}

function FollowActions({ follow, onExport, onRemove }: { follow: Follow; onExport: () => void; onRemove: () => void }) {
  const offline = useOffline();
  const title = follow.source.title;
  return (
    <div className="follow-actions" role="group" aria-label={`Actions for ${title}`}>
      {follow.paused ? (
        <button type="button" className="button small" disabled={offline} onClick={() => void followActions.resume(follow.id)}>
          Resume
        </button>
      ) : (
        <button type="button" className="button small" disabled={offline} onClick={() => void followActions.pause(follow.id)}>
          Pause
        </button>
      )}
      <button type="button" className="button small" disabled={offline || follow.status === 'checking'} onClick={() => void followActions.check(follow.id)}>
        Check now
      </button>
      <button type="button" className="button small" onClick={() => useFollows.getState().openForm({ mode: 'edit', id: follow.id })}>
        Edit…
      </button>
      <button type="button" className="button small" onClick={onExport}>
        Export its transcripts…
      </button>
      <button type="button" className="button small danger" onClick={onRemove}>
        Remove…
      </button>
    </div>
  );
}

function RemoveFollow({ follow, onClose }: { follow: Follow; onClose: () => void }) {
  return (
    <Dialog title="Stop following?" onClose={onClose}>
      <p>
        “{follow.source.title}” will no longer be checked and its new items will not be queued. Its transcripts stay in the library.
      </p>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          Keep following
        </button>
        <button
          type="button"
          className="button primary"
          onClick={() => {
            onClose();
            void followActions.remove(follow);
          }}
        >
          Stop following
        </button>
      </div>
    </Dialog>
  );
}
