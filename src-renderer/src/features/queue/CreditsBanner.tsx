// Out of credits: the runner paused the queue instead of failing the rest (nothing was charged for
// the rows still queued). The banner says so, adds credits in place, and resumes.
import { num, plural } from '../../lib/format';
import { queueActions } from '../../lib/queueActions';
import { useApp } from '../../stores/app';
import { useQueue } from '../../stores/queue';
import { AddCredits } from './AddCredits';

export function CreditsBanner() {
  const state = useQueue((s) => s.state);
  const queued = useQueue((s) => {
    let n = 0;
    for (const item of s.items.values()) if (item.status === 'queued') n++;
    return n;
  });
  const balance = useApp((s) => s.balance);
  if (state.phase !== 'paused' || state.pausedFor !== 'no-credits') return null;
  const credits = balance?.credits ?? 0;
  return (
    <div className="credits-banner" role="alert" data-testid="credits-banner">
      <p>
        {/* A podcast episode reserves at least 10 credits: a balance of 5 cannot start one. */}
        <strong>{credits > 0 ? 'The queue is paused: the owner account does not have enough credits for the next item.' : 'The queue is paused: the owner account is out of credits.'}</strong> {plural(queued, 'row')} still queued; {queued === 1 ? 'it was not charged and has not failed' : 'none of them was charged or failed'}. Add credits, then
        Resume to run the rest.
      </p>
      <div className="credits-banner-actions">
        <AddCredits />
        <button type="button" className="button primary" onClick={() => void queueActions.runOrResume()} disabled={credits <= 0} title={credits <= 0 ? 'Add credits first' : undefined}>
          ▶ Resume
        </button>
        <span className="credits-left" data-testid="banner-balance">
          {num(credits)} credits left
        </span>
      </div>
    </div>
  );
}
